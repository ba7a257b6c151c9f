import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { Backend, Session } from "../schemas/backend.ts";
import type { User } from "../schemas/user.ts";
import { clientAddress } from "../client-address.ts";
import { NO_SESSION_EXTENSION_HEADER, SESSION_COOKIE } from "../context.ts";
import type { LoginThrottle } from "../login-throttle.ts";

export interface AuthenticateOptions {
  backend: Backend;
  /** Basic auth with a password is throttled like the session login. */
  throttle: LoginThrottle;
  /** Whether X-Forwarded-For names the client (SLUICE_TRUST_PROXY). */
  trustProxy: boolean;
}

/** Who is calling: the session (if any) and the user (null for anonymous callers). */
export interface Identity {
  session: Session | null;
  user: User | null;
}

/**
 * Resolves who is calling: the session cookie, or HTTP basic auth with `username:password`,
 * `sessionId:session` or `token:token` (an access token) (how scripts and contract tests call Graylog). Never rejects (`authorize` decides), except
 * that a throttled basic-auth password check answers 429.
 */
export function authenticate({ backend, throttle, trustProxy }: AuthenticateOptions): MiddlewareHandler {
  return async function authenticate(c, next) {
    const identity = await identify(backend, {
      sessionId: getCookie(c, SESSION_COOKIE),
      authorization: c.req.header("Authorization"),
      extend: c.req.header(NO_SESSION_EXTENSION_HEADER) !== "true",
      checkPassword: (username, password) =>
        throttle.attempt(username, clientAddress(c, trustProxy), () => backend.sessions.verifyPassword(username, password)),
    });
    c.set("backend", backend);
    c.set("session", identity.session);
    c.set("user", identity.user);
    await next();
  };
}

export async function identify(
  backend: Backend,
  { sessionId, authorization, extend, checkPassword }: {
    sessionId?: string;
    authorization?: string;
    extend: boolean;
    /** How a basic-auth password is checked (throttled by the API); without it, passwords are not accepted. */
    checkPassword?: (username: string, password: string) => Promise<boolean>;
  },
): Promise<Identity> {
  let session: Session | null = null;
  let username: string | null = null;
  if (sessionId) {
    session = await backend.sessions.get(sessionId, { extend });
    username = session?.username ?? null;
  }
  const basic = parseBasicAuth(authorization);
  if (!username && basic) {
    if (basic.password === "session") {
      session = await backend.sessions.get(basic.username, { extend });
      username = session?.username ?? null;
    } else if (basic.password === "token") {
      username = await backend.accessTokens.authenticate(basic.username);
    } else if (checkPassword && await checkPassword(basic.username, basic.password)) {
      username = basic.username;
    }
  }
  return { session, user: username ? await backend.users.get(username) : null };
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
