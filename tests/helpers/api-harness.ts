/**
 * An in-memory embedded backend plus the real API (full middleware stack), with the seeded users signed in.
 * API tests call it through `call()`, which speaks JSON and adds the CSRF header unless told not to.
 */
import { createApi } from "../../api/app.ts";
import type { SmtpSettings } from "../../mock-backend/events/notifications/smtp-mailer.ts";
import { DEFAULT_REQUEST_LIMITS, type RequestGuardOptions } from "../../api/middleware/request-guard.ts";
import type { LoginThrottleOptions } from "../../api/login-throttle.ts";
import type { Backend } from "../../api/schemas/backend.ts";
import type { SearchQueueOptions } from "../../api/search-queue.ts";
import { openEmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { serveThroughProxy } from "./proxy-upstream.ts";

export const ADMIN_PASSWORD = "correct horse battery staple";
export const READER_PASSWORD = "reader";
export const FORBIDDEN_BODY = {
  type: "ApiError",
  message: "You do not have the required permissions to view this resource.",
} as const;

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface CallOptions {
  /**
   * An object is sent as JSON; a string or bytes are sent as they are (with a JSON content type, for malformed
   * bodies).
   */
  body?: unknown;
  /** A `name=value` cookie; `null` sends none. Defaults to the admin's session cookie. */
  cookie?: string | null;
  headers?: Record<string, string>;
  /** Send the X-Requested-By header on state-changing methods (default true). */
  requestedBy?: boolean;
}

export interface ApiAnswer {
  status: number;
  headers: Headers;
  /** The parsed JSON body, the text of any other body (e.g. CSV), or null when the body is empty. */
  body: unknown;
}

export interface ApiHarnessOptions {
  /** Application path prefix the session cookie is scoped to ("" by default). */
  prefix?: string;
  /** Demo messages ingested when the backend opens (0 by default). */
  demoMessages?: number;
  /** Request body limits of the API's door (its defaults where not given). */
  limits?: Partial<RequestGuardOptions>;
  /** Wrap the real backend, e.g. to spy on a call the seed data cannot reach. */
  wrapBackend?: (backend: Backend) => Backend;
  /** Believe X-Forwarded-For and X-Forwarded-Proto (SLUICE_TRUST_PROXY). */
  trustProxy?: boolean;
  /** Sign-in throttling, e.g. without real delays. */
  loginThrottle?: Partial<LoginThrottleOptions>;
  /** The search queue's bounds, e.g. one slot and no waiting. */
  searchQueue?: Partial<SearchQueueOptions>;
  /** The SMTP server email notifications are sent to (none: the outbox only). */
  smtp?: SmtpSettings;
}

/**
 * How the harness's calls reach the API: straight into the embedded backend's API, or (tests/proxy) through a
 * Sluice in proxy mode whose upstream is that API served on loopback, so that one suite checks both.
 */
export type ApiTransport = "embedded" | "proxy";

let transport: ApiTransport = "embedded";

/** Makes every harness opened from now on reach its API the given way (tests/proxy sets "proxy"). */
export function useApiTransport(next: ApiTransport): void {
  transport = next;
}

/** The API as the calls reach it (in proxy mode: the proxy in front of it). */
export interface ApiEntrance {
  request(path: string, init?: RequestInit): Response | Promise<Response>;
}

export interface ApiHarness {
  api: ApiEntrance;
  backend: Backend;
  /** Session cookies of the seeded admin (role Admin, `*`) and reader (role Reader, read-only). */
  adminCookie: string;
  readerCookie: string;
  call(method: HttpMethod, path: string, options?: CallOptions): Promise<ApiAnswer>;
  /** Signs in and returns the `sluice_session=…` cookie; throws when the login is refused. */
  login(username: string, password: string): Promise<string>;
  close(): Promise<void>;
}

export async function openApiHarness(options: ApiHarnessOptions = {}): Promise<ApiHarness> {
  const real = await openEmbeddedBackend({
    databasePath: ":memory:",
    adminPassword: ADMIN_PASSWORD,
    demoMessages: options.demoMessages ?? 0,
    demoRate: 0,
    smtp: options.smtp,
  });
  const backend = options.wrapBackend ? options.wrapBackend(real) : real;
  const embeddedApi = createApi({
    backend,
    prefix: options.prefix ?? "",
    limits: options.limits,
    loginThrottle: options.loginThrottle,
    trustProxy: options.trustProxy,
    searchQueue: options.searchQueue,
  });
  const proxied = transport === "proxy"
    ? serveThroughProxy(embeddedApi, {
      prefix: options.prefix ?? "",
      maxBodyBytes: options.limits?.maxBodyBytes ?? DEFAULT_REQUEST_LIMITS.maxBodyBytes,
      trustProxy: options.trustProxy,
    })
    : null;
  const api: ApiEntrance = proxied?.proxy ?? embeddedApi;
  const closeAll = async () => {
    await proxied?.close();
    await real.close();
  };
  const harness: ApiHarness = {
    api,
    backend,
    adminCookie: "",
    readerCookie: "",
    async call(method, path, { body, cookie, headers = {}, requestedBy = true } = {}) {
      const sent = new Headers(headers);
      const sessionCookie = cookie === undefined ? harness.adminCookie : cookie;
      if (sessionCookie) sent.set("Cookie", sessionCookie);
      if (requestedBy && method !== "GET") sent.set("X-Requested-By", "sluice-tests");
      if (body !== undefined && !sent.has("Content-Type")) sent.set("Content-Type", "application/json");
      const response = await api.request(path, {
        method,
        headers: sent,
        body: body === undefined ? undefined : typeof body === "string" ? body : body instanceof Uint8Array ? new Blob([body as Uint8Array<ArrayBuffer>]) : JSON.stringify(body),
      });
      const text = await response.text();
      const json = /json/.test(response.headers.get("Content-Type") ?? "");
      return { status: response.status, headers: response.headers, body: text ? (json ? JSON.parse(text) : text) : null };
    },
    async login(username, password) {
      const answer = await harness.call("POST", "/system/sessions", { body: { username, password }, cookie: null });
      if (answer.status !== 200) throw new Error(`Login of ${username} failed: ${answer.status} ${JSON.stringify(answer.body)}`);
      return sessionCookieOf(answer.headers);
    },
    close: closeAll,
  };
  try {
    harness.adminCookie = await harness.login("admin", ADMIN_PASSWORD);
    harness.readerCookie = await harness.login("reader", READER_PASSWORD);
  } catch (error) {
    await closeAll();
    throw error;
  }
  return harness;
}

/** `sluice_session=<id>` from a login answer's Set-Cookie header. */
export function sessionCookieOf(headers: Headers): string {
  const setCookie = headers.get("set-cookie");
  if (!setCookie) throw new Error("The answer sets no cookie");
  return setCookie.split(";")[0];
}

/** HTTP basic auth header. */
export function basicAuth(username: string, password: string): Record<string, string> {
  return { Authorization: `Basic ${btoa(`${username}:${password}`)}` };
}

/**
 * `Deno.test` with a fresh harness that is always closed afterwards, so that no DuckDB handle outlives its
 * test. Sanitizers stay on.
 */
export function apiTest(
  name: string,
  fn: (harness: ApiHarness) => Promise<void>,
  options: ApiHarnessOptions = {},
): void {
  Deno.test(name, async () => {
    const harness = await openApiHarness(options);
    try {
      await fn(harness);
    } finally {
      await harness.close();
    }
  });
}

/**
 * One harness for a whole file (STYLE.md: share one app per file): every case runs as a step of one `Deno.test`
 * against the same API, in the order written, so a case sees what earlier ones stored. The harness is closed
 * after the last step.
 */
export function apiSuite(name: string, options: ApiHarnessOptions = {}) {
  const cases: { name: string; fn: (harness: ApiHarness) => Promise<void> }[] = [];
  Deno.test(name, async (t) => {
    const harness = await openApiHarness(options);
    try {
      for (const { name, fn } of cases) await t.step(name, () => fn(harness));
    } finally {
      await harness.close();
    }
  });
  return {
    test(name: string, fn: (harness: ApiHarness) => Promise<void>): void {
      cases.push({ name, fn });
    },
  };
}
