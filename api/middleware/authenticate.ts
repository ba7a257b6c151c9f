import type { MiddlewareHandler } from "hono";
import { getCookie } from "hono/cookie";
import type { Backend, Session } from "../schemas/backend.ts";
import type { User } from "../schemas/user.ts";
import { clientAddress, type PeerBindings } from "../client-address.ts";
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
    const trusted = identity.user ? null : await trustedHeaderUser(backend, c.req.header.bind(c.req), peerOf(c.env), trustProxy);
    c.set("backend", backend);
    c.set("session", identity.session);
    c.set("user", identity.user ?? trusted);
    c.set("viaTrustedHeader", trusted !== null);
    await next();
  };
}

/**
 * The HTTP header authenticator: with it enabled, a request without other credentials that carries the configured
 * header (e.g. Remote-User, set by a single-sign-on proxy) is that user's, if they exist and are enabled. Only a
 * trusted peer may vouch (as Graylog's trusted_proxies, by default the loopback addresses; behind a reverse proxy,
 * SLUICE_TRUST_PROXY, the proxy): anyone else's header is ignored.
 */
export async function trustedHeaderUser(
  backend: Backend,
  header: (name: string) => string | undefined,
  peer: string | null,
  trustProxy: boolean,
): Promise<User | null> {
  const config = await backend.authServices.httpHeaderAuth();
  if (!config.enabled) return null;
  const username = header(config.username_header)?.trim();
  if (!username || !(trustProxy || isLoopback(peer))) return null;
  const user = await backend.users.get(username);
  return user?.account_status === "enabled" ? user : null;
}

function peerOf(env: unknown): string | null {
  return (env as PeerBindings | undefined)?.remoteAddr?.hostname ?? null;
}

function isLoopback(address: string | null): boolean {
  if (address === null) return false;
  return address === "::1" || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(address);
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
