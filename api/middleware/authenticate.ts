import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { Backend } from "../schemas/backend.ts";
import { NO_SESSION_EXTENSION_HEADER, SESSION_COOKIE } from "../context.ts";

export interface AuthenticateOptions {
  backend: Backend;
}

/**
 * Resolves who is calling: the session cookie, or HTTP basic auth with either `username:password` or
 * `sessionId:session` (how scripts and contract tests call Graylog). Never rejects; `authorize` decides.
 */
export function authenticate({ backend }: AuthenticateOptions): MiddlewareHandler {
  return async function authenticate(c, next) {
    c.set("backend", backend);
    c.set("session", null);
    c.set("user", null);
    const extend = c.req.header(NO_SESSION_EXTENSION_HEADER) !== "true";
    const sessionId = getCookie(c, SESSION_COOKIE);
    let username: string | null = null;
    if (sessionId) {
      const session = await backend.sessions.get(sessionId, { extend });
      if (session) {
        c.set("session", session);
        username = session.username;
      }
    }
    const basic = parseBasicAuth(c.req.header("Authorization"));
    if (!username && basic) {
      if (basic.password === "session") {
        const session = await backend.sessions.get(basic.username, { extend });
        if (session) {
          c.set("session", session);
          username = session.username;
        }
      } else if (await backend.sessions.verifyPassword(basic.username, basic.password)) {
        username = basic.username;
      }
    }
    if (username) c.set("user", await backend.users.get(username));
    await next();
  };
}

function parseBasicAuth(header: string | undefined): { username: string; password: string } | null {
  if (!header?.startsWith("Basic ")) return null;
  let decoded: string;
  try {
    decoded = atob(header.slice(6).trim());
  } catch {
    return null;
  }
  const colon = decoded.indexOf(":");
  if (colon < 0) return null;
  return { username: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
