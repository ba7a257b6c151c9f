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
  const recent = new RecentIdentities();
  return async function authenticate(c, next) {
    const sessionId = getCookie(c, SESSION_COOKIE);
    const authorization = c.req.header("Authorization");
    const extend = c.req.header(NO_SESSION_EXTENSION_HEADER) !== "true";
    // A poll that must not extend the session and an ordinary call are remembered apart: each reaches the store once.
    const session = rememberedSessionOf(sessionId, authorization);
    const key = session !== null ? `${extend ? "extend" : "keep"} ${session}` : null;
    const identity = (key !== null ? recent.get(key) : null) ?? await recent.remember(
      key,
      () =>
        identify(backend, {
          sessionId,
          authorization,
          extend,
          checkPassword: (username, password) =>
            throttle.attempt(username, clientAddress(c, trustProxy), () =>
              backend.sessions.verifyPassword(username, password)),
        }),
    );
    const trusted = identity.user ? null : await trustedHeaderUser(backend, c.req.header.bind(c.req), peerOf(c.env), trustProxy);
    c.set("backend", backend);
    c.set("session", identity.session);
    c.set("user", identity.user ?? trusted);
    c.set("viaTrustedHeader", trusted !== null);
    try {
      await next();
    } finally {
      if (mayChangeIdentities(c.req.method, c.req.path)) recent.forgetAll();
    }
  };
}

/**
 * How long a session's identity is reused without asking the stores again: as long as the session store throttles
 * extending a session (5 s), so a session in use is still extended as often as before, give or take that throttle.
 */
const IDENTITY_REUSE_MS = 5000;

/** Sessions remembered at once (a bound on memory; beyond it, all are forgotten and asked again). */
const MAX_REMEMBERED = 1000;

/** The search job's own calls: they change no session, user, role, team or grant. */
const IDENTITY_NEUTRAL_WRITES = /\/views\/search(\/[0-9a-f]{24}\/execute|\/sync)?$/;

/** Any write may change who someone is or what they may do (log-out, roles, shares, disabling…), except the search job's. */
function mayChangeIdentities(method: string, path: string): boolean {
  return method !== "GET" && method !== "HEAD" && method !== "OPTIONS" && !IDENTITY_NEUTRAL_WRITES.test(path);
}

/**
 * The session whose identity may be remembered: the cookie's, or that of basic auth with `sessionId:session` (how
 * proxy mode and scripts carry a session: the same session, so the same identity). A password or an access token
 * is checked every time; a call carrying both a cookie and an Authorization is never remembered.
 */
function rememberedSessionOf(cookie: string | undefined, authorization: string | undefined): string | null {
  if (authorization === undefined) return cookie ?? null;
  if (cookie !== undefined) return null;
  const basic = parseBasicAuth(authorization);
  return basic?.password === "session" && basic.username ? basic.username : null;
}

/**
 * Session (cookie or `sessionId:session`) → identity for a short while: every request otherwise reads the session, the user and the user's
 * roles, teams and grants (5 statements in 3 sequential rounds; a search job makes 2–3 requests). Forgotten after
 * every write that may change identities; a lookup that overlapped such a write is not kept.
 */
class RecentIdentities {
  private readonly identities = new Map<string, { identity: Identity; until: number }>();
  private generation = 0;

  get(key: string): Identity | null {
    const entry = this.identities.get(key);
    if (!entry) return null;
    const now = Date.now();
    const session = entry.identity.session;
    if (now > entry.until || (session && session.lastAccess.getTime() + session.timeoutMs < now)) {
      this.identities.delete(key);
      return null;
    }
    return entry.identity;
  }

  /** Looks the identity up and, with a key (a session cookie's), keeps it unless a write overlapped the lookup. */
  async remember(key: string | null, lookUp: () => Promise<Identity>): Promise<Identity> {
    const generation = this.generation;
    const identity = await lookUp();
    if (key !== null && identity.user && generation === this.generation) {
      if (this.identities.size >= MAX_REMEMBERED) this.identities.clear();
      this.identities.set(key, { identity, until: Date.now() + IDENTITY_REUSE_MS });
    }
    return identity;
  }

  forgetAll(): void {
    this.generation++;
    this.identities.clear();
  }
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
