import { resourceQueryKey, resourceQueryOptions } from "../api/resource-query.ts";

/** The keys other areas update or keep (sign-in, preferences, logout). */
export const sessionKeys = {
  session: resourceQueryKey("/system/sessions"),
  user: (username: string) => resourceQueryKey("/users/{username}", { path: { username } }),
};

/** GET /system/sessions: is the caller signed in, and as whom. */
export const sessionQueryOptions = () => resourceQueryOptions("/system/sessions", undefined, { public: true, staleTime: Infinity });

/** GET /users/{username}: the signed-in user with permissions and preferences. */
export const currentUserQueryOptions = (username: string) =>
  resourceQueryOptions("/users/{username}", { path: { username } }, { staleTime: 60_000 });
