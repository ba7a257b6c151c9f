import type { Context } from "hono";
import type { StatusCode } from "hono/utils/http-status";
import type { GraylogUpstream } from "./graylog-upstream.ts";
import { timedOut, unreachable } from "./upstream-failure.ts";

/**
 * Request headers that belong to one connection (RFC 9110 §7.6.1) or to Sluice itself: never forwarded. The
 * cookie is Sluice's (Graylog's session goes as Authorization instead); Content-Length and Accept-Encoding are
 * set by the client for the new connection.
 */
const REQUEST_HEADERS_KEPT_BACK = new Set([
  "connection", "keep-alive", "proxy-connection", "proxy-authorization", "te", "trailer", "transfer-encoding", "upgrade",
  "host", "cookie", "content-length", "accept-encoding", "authorization", "x-forwarded-for",
]);

/**
 * Answer headers that belong to the upstream connection, or that the proxy replaces: the body is decoded by the
 * client (so no Content-Encoding or Content-Length of the encoded body), Graylog's cookies are scoped to
 * Graylog (Sluice keeps the session in its own), and a Basic challenge would make browsers ask for a password.
 */
const ANSWER_HEADERS_KEPT_BACK = new Set([
  "connection", "keep-alive", "proxy-connection", "proxy-authenticate", "te", "trailer", "transfer-encoding", "upgrade",
  "content-encoding", "content-length", "set-cookie", "www-authenticate",
]);

export interface ForwardedCall {
  method: string;
  /** The path below the API root, e.g. `/system/sessions`, and the query string as the caller sent it. */
  path: string;
  search: string;
  headers: Headers;
  /** A small body read whole, or the body as it streams in. */
  body: Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null;
  /** The Authorization the call carries to Graylog (the caller's own or the session's). */
  authorization: string | undefined;
  /** The caller's address chain for X-Forwarded-For. */
  forwardedFor: string | undefined;
  /** Aborted when the caller goes away: the upstream call is abandoned too. */
  signal: AbortSignal;
  /** How long Graylog's answer may take to begin (the upstream's time-out, or less for the server render). */
  timeoutMs: number;
}

/**
 * Sends one call to Graylog: same method, path, query, headers that matter and body (streamed); resolves when
 * Graylog's answer begins, its body still streaming. A refused connection becomes a 502 failure, an answer that
 * does not begin within the time-out a 504 (the body, once begun, streams as long as it takes: exports are long).
 */
export async function forwardCall(upstream: GraylogUpstream, call: ForwardedCall): Promise<Response> {
  const headers = new Headers();
  for (const [name, value] of call.headers) if (!REQUEST_HEADERS_KEPT_BACK.has(name)) headers.set(name, value);
  if (call.authorization) headers.set("Authorization", call.authorization);
  if (call.forwardedFor) headers.set("X-Forwarded-For", call.forwardedFor);
  const controller = new AbortController();
  const abandon = () => controller.abort(call.signal.reason);
  call.signal.addEventListener("abort", abandon, { once: true });
  let slow = false;
  const timer = setTimeout(() => {
    slow = true;
    controller.abort();
  }, call.timeoutMs);
  try {
    return await fetch(`${upstream.apiUrl}${call.path}${call.search}`, {
      method: call.method,
      headers,
      body: call.body,
      redirect: "manual",
      signal: controller.signal,
      client: upstream.client,
    });
  } catch (error) {
    if (slow) throw timedOut(upstream.apiUrl, call.method, call.path, call.timeoutMs);
    if (call.signal.aborted) throw error;
    throw unreachable(upstream.apiUrl, error);
  } finally {
    clearTimeout(timer);
    call.signal.removeEventListener("abort", abandon);
  }
}

/**
 * Graylog's answer as the caller gets it: status and body (streamed, never held) unchanged, connection headers
 * and cookies left out, a Location into Graylog's API rewritten into Sluice's.
 */
export function relayedAnswer(
  c: Context,
  upstream: GraylogUpstream,
  answer: Response,
  apiMount: string,
  body: string | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array> | null = answer.body,
): Response {
  const headers: Record<string, string> = {};
  for (const [name, value] of answer.headers) if (!ANSWER_HEADERS_KEPT_BACK.has(name)) headers[name] = value;
  const location = headers.location;
  if (location?.startsWith(upstream.apiUrl)) headers.location = `${apiMount}${location.slice(upstream.apiUrl.length)}`;
  const empty = answer.status === 204 || answer.status === 304;
  // Through the context, so that the session cookie set for this answer goes with it.
  return c.newResponse(empty ? null : body, answer.status as StatusCode, headers);
}
