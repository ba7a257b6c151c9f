import type { SessionValidation } from "../../api/schemas/session.ts";
import type { User } from "../../api/schemas/user.ts";
import { apiQueryOptions } from "../api/api-query.ts";

export const sessionKeys = {
  session: ["session"] as const,
  user: (username: string) => ["users", username] as const,
};

/** GET /system/sessions: is the caller signed in, and as whom. */
export const sessionQueryOptions = () =>
  apiQueryOptions<SessionValidation>(sessionKeys.session, "/system/sessions", { public: true, staleTime: Infinity });

/** GET /users/{username}: the signed-in user with permissions and preferences. */
export const currentUserQueryOptions = (username: string) =>
  apiQueryOptions<User>(sessionKeys.user(username), `/users/${encodeURIComponent(username)}`, { staleTime: 60_000 });
