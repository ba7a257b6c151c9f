/** What the API middleware puts on Hono's context, typed by augmenting its variable map. */
import type { Backend, Session } from "./schemas/backend.ts";
import type { User } from "./schemas/user.ts";

declare module "hono" {
  interface ContextVariableMap {
    backend: Backend;
    /** The session, when the request carries a valid one (cookie or basic auth with a session id). */
    session: Session | null;
    /** The authenticated user, null for anonymous requests. */
    user: User | null;
    /** Whether the user is known only from the HTTP header authenticator's trusted header. */
    viaTrustedHeader: boolean;
  }
}

export const SESSION_COOKIE = "sluice_session";
/** Header every state-changing request must carry (CSRF protection). */
export const REQUESTED_BY_HEADER = "X-Requested-By";
/** Header polling requests send so that they do not keep an idle session alive. */
export const NO_SESSION_EXTENSION_HEADER = "X-Graylog-No-Session-Extension";
