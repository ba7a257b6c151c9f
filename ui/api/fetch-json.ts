import { FetchError } from "./fetch-error.ts";
import { apiUrl } from "./page-config.ts";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface RequestOptions {
  /** Polling calls must not keep an idle session alive. */
  noSessionExtension?: boolean;
  /** Calls allowed before login (session, ping) do not wait for it. */
  public?: boolean;
  signal?: AbortSignal;
}

/** Hooks the shell installs: who to tell about 401s and unreachable servers, and how to wait for login. */
export interface RequestHooks {
  onUnauthorized(): void;
  onServerUnreachable(details: ServerFailure): void;
  onServerReachable(): void;
  waitForLogin(): Promise<void>;
}

export interface ServerFailure {
  message: string;
  method: string;
  url: string;
  status: number | null;
  fullText: string;
}

let hooks: RequestHooks | null = null;

export function installRequestHooks(next: RequestHooks | null): void {
  hooks = next;
}

/**
 * The one request helper of the UI (spec 000 §7.1): XHR marker and JSON headers, `null` for 204 or an
 * empty body, FetchError otherwise; 401 logs out, an unreachable server shows the unavailable page.
 */
export async function fetchJson<T>(method: HttpMethod, path: string, body?: unknown, options: RequestOptions = {}): Promise<T> {
  if (!options.public && hooks) await hooks.waitForLogin();
  const url = apiUrl(path);
  const headers: Record<string, string> = { "X-Requested-By": "XMLHttpRequest", Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (options.noSessionExtension) headers["X-Graylog-No-Session-Extension"] = "true";
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal: options.signal,
    });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    const message = error instanceof Error ? error.message : String(error);
    hooks?.onServerUnreachable({ message, method, url, status: null, fullText: String(error) });
    throw new FetchError(0, "Server unreachable", { message }, method, url);
  }
  if (response.status === 502 || response.status === 503 || response.status === 504) {
    const text = await response.text();
    hooks?.onServerUnreachable({ message: response.statusText, method, url, status: response.status, fullText: text });
    throw new FetchError(response.status, response.statusText, parseBody(text), method, url);
  }
  hooks?.onServerReachable();
  const text = await response.text();
  if (!response.ok) {
    if (response.status === 401 && !options.public) hooks?.onUnauthorized();
    throw new FetchError(response.status, response.statusText, parseBody(text), method, url);
  }
  if (response.status === 204 || text.length === 0) return null as T;
  return JSON.parse(text) as T;
}

function parseBody(text: string): FetchError["body"] {
  try {
    const parsed = JSON.parse(text);
    return parsed && typeof parsed === "object" ? parsed : { message: text };
  } catch {
    return text ? { message: text } : null;
  }
}
