import type { Context } from "hono";
import { deleteCookie, setCookie } from "hono/cookie";
import { z } from "@hono/zod-openapi";
import { AUTHENTICATED, PUBLIC, requires } from "../access.ts";
import { isPermitted } from "../../shared/permissions.ts";
import { listedSessionId } from "../listed-session-id.ts";
import type { Session } from "../schemas/backend.ts";
import { clientAddress, overTls } from "../client-address.ts";
import { SESSION_COOKIE } from "../context.ts";
import { ApiError, forbidden } from "../errors.ts";
import type { LoginThrottle } from "../login-throttle.ts";
import { createApiRouter } from "../router.ts";
import { ApiErrorSchema } from "../schemas/errors.ts";
import { ActiveSessionListSchema, SessionCreateRequestSchema, SessionResponseSchema, SessionValidationSchema } from "../schemas/session.ts";
import { jsonBody, jsonContent, NoContent, secureRoute } from "../secure-route.ts";

const login = secureRoute(PUBLIC, {
  method: "post",
  path: "/system/sessions",
  tags: ["Sessions"],
  summary: "Sign in and open a session",
  request: { body: jsonBody(SessionCreateRequestSchema) },
  responses: {
    200: jsonContent(SessionResponseSchema, "The session; its id is also set as an HttpOnly cookie."),
    401: jsonContent(z.object({ type: z.literal("ApiError"), message: z.string() }), "Wrong username or password."),
    429: jsonContent(ApiErrorSchema, "Too many failed attempts for this username or from this address; Retry-After says when to try again."),
  },
});

const validate = secureRoute(PUBLIC, {
  method: "get",
  path: "/system/sessions",
  tags: ["Sessions"],
  summary: "Validate the current session",
  responses: { 200: jsonContent(SessionValidationSchema, "Whether the caller's session is valid.") },
});

const logout = secureRoute(AUTHENTICATED, {
  method: "delete",
  path: "/system/sessions",
  tags: ["Sessions"],
  summary: "Sign out: end the current session",
  responses: NoContent,
});

const logoutById = secureRoute(AUTHENTICATED, {
  method: "delete",
  path: "/system/sessions/{sessionId}",
  tags: ["Sessions"],
  summary: "End a session: the caller's own by its id, or any user's by its listed id (needs users:edit on its user)",
  request: { params: z.object({ sessionId: z.string().min(1).max(200) }) },
  responses: {
    ...NoContent,
    403: jsonContent(ApiErrorSchema, "Owner check: only the session's user, or who may edit that user, may end it."),
    404: jsonContent(ApiErrorSchema, "No such session."),
  },
});

const listSessions = secureRoute(requires("users:list"), {
  method: "get",
  path: "/system/sessions/active",
  tags: ["Sessions"],
  summary: "Every open session (administrators): who, from where, since when, until when",
  responses: { 200: jsonContent(ActiveSessionListSchema, "The sessions, most recently used first.") },
});

export interface SessionsApiOptions {
  /** The path the session cookie is scoped to (the application path prefix). */
  cookiePath: string;
  throttle: LoginThrottle;
  /** Whether X-Forwarded-For and X-Forwarded-Proto are believed (SLUICE_TRUST_PROXY). */
  trustProxy: boolean;
}

/** Sessions (spec 000 §7.2): login (throttled), validation, logout; administrators list and end any session. */
export function sessionsApi({ cookiePath, throttle, trustProxy }: SessionsApiOptions) {
  const setSessionCookie = (c: Context, session: Session) =>
    setCookie(c, SESSION_COOKIE, session.id, {
      httpOnly: true,
      sameSite: "Lax",
      path: cookiePath,
      secure: overTls(c, trustProxy),
      maxAge: Math.floor(session.timeoutMs / 1000),
    });
  const endSession = async (backend: import("../schemas/backend.ts").Backend, id: string | undefined) => {
    if (id) await backend.sessions.delete(id);
  };
  return createApiRouter()
    .openapi(login, async (c) => {
      const { username, password } = c.req.valid("json");
      // The session keeps the caller's address (the users list's client address), not the host the browser names.
      const address = clientAddress(c, trustProxy);
      const session = await throttle.attempt(username, address, () => c.get("backend").sessions.create(username, password, address));
      if (!session) throw new ApiError(401, "Invalid credentials: check the username and password and try again.");
      const validUntil = new Date(session.lastAccess.getTime() + session.timeoutMs);
      setSessionCookie(c, session);
      return c.json(
        { valid_until: validUntil.toISOString(), session_id: session.id, username: session.username, user_id: session.userId },
        200,
      );
    })
    .openapi(validate, async (c) => {
      let session = c.get("session");
      const user = c.get("user");
      // A user the trusted header names gets a session here, as Graylog's HTTP header authenticator opens one.
      if (user && !session && c.get("viaTrustedHeader")) {
        session = await c.get("backend").sessions.createTrusted(user.username, clientAddress(c, trustProxy));
        if (session) setSessionCookie(c, session);
      }
      return c.json({ is_valid: !!user, session_id: session?.id ?? null, username: user?.username ?? null }, 200);
    })
    .openapi(logout, async (c) => {
      await endSession(c.get("backend"), c.get("session")?.id);
      deleteCookie(c, SESSION_COOKIE, { path: cookiePath });
      return c.body(null, 204);
    })
    .openapi(logoutById, async (c) => {
      const { sessionId } = c.req.valid("param");
      const backend = c.get("backend");
      if (c.get("session")?.id === sessionId) {
        await endSession(backend, sessionId);
        deleteCookie(c, SESSION_COOKIE, { path: cookiePath });
        return c.body(null, 204);
      }
      const listed = (await backend.sessions.list()).find((session) => listedSessionId(session.id) === sessionId);
      if (!listed) throw new ApiError(404, `No session ${sessionId} exists.`);
      if (!isPermitted(c.get("user")!.permissions, `users:edit:${listed.username}`)) {
        throw forbidden(`Only ${listed.username} or who may edit that user may end this session.`);
      }
      await endSession(backend, listed.id);
      return c.body(null, 204);
    })
    .openapi(listSessions, async (c) => {
      const sessions = (await c.get("backend").sessions.list()).map(toActiveSession);
      return c.json({ sessions, total: sessions.length }, 200);
    });
}

function toActiveSession(session: Session) {
  return {
    id: listedSessionId(session.id),
    username: session.username,
    user_id: session.userId,
    client_address: session.host,
    created_at: session.createdAt.toISOString(),
    last_access: session.lastAccess.toISOString(),
    valid_until: new Date(session.lastAccess.getTime() + session.timeoutMs).toISOString(),
  };
}
