import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { overTls } from "../client-address.ts";
import { SESSION_COOKIE } from "../context.ts";

/** Where the browser's Graylog session lives: Sluice's own HttpOnly cookie, scoped to the application's path. */
export interface SessionCookieOptions {
  /** The path the cookie is scoped to (the application path prefix, or "/"). */
  cookiePath: string;
  /** Whether X-Forwarded-Proto is believed for the cookie's Secure flag (SLUICE_TRUST_PROXY). */
  trustProxy: boolean;
}

/** Graylog's session id the browser holds, if any. */
export function graylogSessionId(c: Context): string | undefined {
  return getCookie(c, SESSION_COOKIE) || undefined;
}

/**
 * The Authorization header a forwarded call carries: the caller's own (scripts with `user:password` or
 * `token:token`), else Graylog's session as Graylog 5.1 accepts it from any client: basic auth with the session
 * id as the user name and `session` as the password.
 */
export function upstreamAuthorization(c: Context): string | undefined {
  const own = c.req.header("Authorization");
  if (own) return own;
  const sessionId = graylogSessionId(c);
  return sessionId ? `Basic ${btoa(`${sessionId}:session`)}` : undefined;
}

/**
 * Keeps Graylog's session id in Sluice's cookie, for as long as Graylog says the session is valid at sign-in
 * (`valid_until`, its session timeout) or, without that, for the browser session. Graylog stays the judge: a
 * 401 or an invalid validation removes the cookie.
 */
export function keepGraylogSession(
  c: Context,
  sessionId: string,
  validUntil: unknown,
  { cookiePath, trustProxy }: SessionCookieOptions,
): void {
  const until = typeof validUntil === "string" ? Date.parse(validUntil) : NaN;
  const maxAge = Number.isFinite(until) && until > Date.now() ? Math.round((until - Date.now()) / 1000) : undefined;
  setCookie(c, SESSION_COOKIE, sessionId, { httpOnly: true, sameSite: "Lax", path: cookiePath, secure: overTls(c, trustProxy), maxAge });
}

export function forgetGraylogSession(c: Context, { cookiePath }: SessionCookieOptions): void {
  deleteCookie(c, SESSION_COOKIE, { path: cookiePath });
}
