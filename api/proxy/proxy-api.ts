import { type Context, Hono } from "hono";
import { ApiError } from "../errors.ts";
import type { PeerBindings } from "../client-address.ts";
import { forwardCall, relayedAnswer } from "./forward-call.ts";
import type { GraylogUpstream } from "./graylog-upstream.ts";
import { forgetGraylogSession, graylogSessionId, keepGraylogSession, type SessionCookieOptions, upstreamAuthorization } from "./graylog-session.ts";
import { limitedBody, RequestTooLarge } from "./limited-body.ts";
import { shapeAdapterFor } from "./shape-adapters/shape-adapters.ts";
import { smallBodyOrStream } from "./small-body.ts";
import { UpstreamFailure } from "./upstream-failure.ts";

export interface ProxyApiOptions {
  upstream: GraylogUpstream;
  /** The application path prefix ("" at the root); the session cookie is scoped to it. */
  prefix: string;
  /** The largest request body forwarded (SLUICE_MAX_REQUEST_BYTES); larger ones get 413 without reaching Graylog. */
  maxBodyBytes: number;
  /** Whether X-Forwarded-For and X-Forwarded-Proto are believed (SLUICE_TRUST_PROXY). */
  trustProxy?: boolean;
}

/**
 * `/api` in proxy mode (SLUICE_GRAYLOG_URL): every call goes to Graylog 5.1's REST API as it came (method, path,
 * query, headers that matter, streamed body) and Graylog's answer comes back as it is, so any call Graylog has
 * works. The one thing the proxy adds is the session: the sign-in's session id is kept in Sluice's HttpOnly
 * cookie and sent to Graylog on each call; signing out, an invalid session or a 401 removes it.
 */
export function createProxyApi({ upstream, prefix, maxBodyBytes, trustProxy = false }: ProxyApiOptions): Hono {
  const cookie: SessionCookieOptions = { cookiePath: prefix || "/", trustProxy };
  const api = new Hono();
  type SessionCall = (c: Context, answer: Response) => Promise<Response>;
  /** The calls whose answers the session cookie follows: sign-in, validation, sign-out. */
  const SESSION_CALLS: Record<SessionCallKind, SessionCall | null> = {
    login: async (c, answer) => {
      const text = await answer.text();
      if (answer.ok) {
        const sessionId = jsonField(text, "session_id");
        if (typeof sessionId === "string" && sessionId) keepGraylogSession(c, sessionId, jsonField(text, "valid_until"), cookie);
      }
      return relayedAnswer(c, upstream, answer, mountPathOf(c), text);
    },
    validate: async (c, answer) => {
      const text = await answer.text();
      if (answer.ok && !c.req.header("Authorization")) {
        const sessionId = jsonField(text, "session_id");
        if (jsonField(text, "is_valid") !== true) {
          if (graylogSessionId(c)) forgetGraylogSession(c, cookie);
        } else if (typeof sessionId === "string" && sessionId && sessionId !== graylogSessionId(c)) {
          // Graylog opened a session for a caller it recognised otherwise (trusted header authentication).
          keepGraylogSession(c, sessionId, undefined, cookie);
        }
      }
      return relayedAnswer(c, upstream, answer, mountPathOf(c), text);
    },
    // Signing out removes the cookie on success or on a 401 (spec 000 §4); a refused call (400) changes nothing.
    logout: (c, answer) => {
      if (answer.ok || answer.status === 401) forgetGraylogSession(c, cookie);
      return Promise.resolve(relayedAnswer(c, upstream, answer, mountPathOf(c)));
    },
    other: null,
  };
  api.all("*", async (c) => {
    const raw = c.req.raw;
    const url = new URL(raw.url);
    const mountPath = mountPathOf(c);
    const path = url.pathname.slice(mountPath.length) || "/";
    const method = raw.method;
    if (url.pathname.length + url.search.length > MAX_FORWARDED_TARGET_LENGTH) {
      throw new ApiError(400, `Invalid request: its path and query are longer than the ${MAX_FORWARDED_TARGET_LENGTH} characters a call to Graylog may have.`);
    }
    const declared = Number(raw.headers.get("Content-Length") ?? "0");
    if (declared > maxBodyBytes) throw new RequestTooLarge(maxBodyBytes);
    const sent = method !== "GET" && method !== "HEAD" ? await smallBodyOrStream(raw) : null;
    const body = sent instanceof ReadableStream ? limitedBody(sent, maxBodyBytes) : null;
    let answer: Response;
    try {
      answer = await forwardCall(upstream, {
        method,
        path,
        search: url.search,
        headers: raw.headers,
        body: body?.stream ?? sent,
        authorization: upstreamAuthorization(c),
        forwardedFor: forwardedFor(c, trustProxy),
        signal: raw.signal,
        timeoutMs: calledByServerRender(c)
          ? Math.min(upstream.timeoutMs, upstream.serverRenderTimeoutMs ?? SERVER_RENDER_TIMEOUT_MS)
          : upstream.timeoutMs,
      });
    } catch (error) {
      throw body?.exceeded() ? new RequestTooLarge(maxBodyBytes) : error;
    }
    const session = SESSION_CALLS[sessionCallOf(method, path)];
    if (session) return await session(c, answer);
    // Graylog no longer knows the session: the browser's cookie goes too (spec 000 §4: a 401 logs out).
    if (answer.status === 401 && !c.req.header("Authorization") && graylogSessionId(c)) forgetGraylogSession(c, cookie);
    const adapter = shapeAdapterFor(method, path);
    if (adapter && answer.ok && isJson(answer)) {
      return relayedAnswer(c, upstream, answer, mountPath, JSON.stringify(adapter.adapt(await answer.json())));
    }
    return relayedAnswer(c, upstream, answer, mountPath, await smallBodyOrStream(answer));
  });
  api.onError((error, c) => {
    if (error instanceof UpstreamFailure) return c.json({ type: "ApiError", message: error.message }, error.status);
    if (error instanceof RequestTooLarge) return c.json({ type: "ApiError", message: error.message }, 413);
    if (error instanceof ApiError) return c.json({ type: "ApiError", message: error.message }, error.status);
    console.error(`Proxy error in ${c.req.method} ${new URL(c.req.url).pathname}`, error);
    return c.json({ type: "ApiError", message: `The call could not be forwarded to Graylog: ${error.message}` }, 502);
  });

  return api;
}

/** The server render's wait for one answer unless the upstream says otherwise (GraylogUpstream.serverRenderTimeoutMs). */
export const SERVER_RENDER_TIMEOUT_MS = 5_000;

/**
 * The server render calls the API in process (`app.request`), without a connection; browsers and scripts
 * always come over one, which Deno.serve hands to the app as the peer's address.
 */
function calledByServerRender(c: Context): boolean {
  return (c.env as PeerBindings | undefined)?.remoteAddr === undefined;
}

/** The HTTP client refuses longer request targets (below its 64 KiB limit, the upstream's own path included). */
const MAX_FORWARDED_TARGET_LENGTH = 60_000;

type SessionCallKind = "login" | "validate" | "logout" | "other";

function sessionCallOf(method: string, path: string): SessionCallKind {
  const trimmed = path.replace(/\/+$/, "");
  if (trimmed === "/system/sessions") {
    if (method === "POST") return "login";
    if (method === "GET") return "validate";
    if (method === "DELETE") return "logout";
  }
  if (method === "DELETE" && /^\/system\/sessions\/[^/]+$/.test(trimmed)) return "logout";
  return "other";
}

/**
 * Where this API is mounted in the path the call came by: `/sluice/api` for a browser's call under a prefix,
 * `/api` for the server render's in-process call, "" when the API is served on its own.
 */
function mountPathOf(c: Context): string {
  return c.req.routePath.replace(/\/?\*$/, "");
}

function isJson(answer: Response): boolean {
  return /^application\/(?:[\w.+-]+\+)?json\b/i.test(answer.headers.get("Content-Type") ?? "");
}

function jsonField(text: string, field: string): unknown {
  try {
    const parsed = JSON.parse(text);
    return parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>)[field] : undefined;
  } catch {
    return undefined;
  }
}

/** The caller's address for Graylog's X-Forwarded-For (its `trusted_proxies` decides whether to believe it). */
function forwardedFor(c: Context, trustProxy: boolean): string | undefined {
  const peer = (c.env as PeerBindings | undefined)?.remoteAddr?.hostname;
  const earlier = trustProxy ? c.req.header("X-Forwarded-For") : undefined;
  return [earlier, peer].filter(Boolean).join(", ") || undefined;
}
