import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "../api/api-client.ts";
import { markLoggedIn, markLoggedOut } from "./login-gate.ts";
import { sessionKeys, sessionQueryOptions } from "./session-queries.ts";

/** Log in: POST /system/sessions, then the gate renders the app. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      apiCall("post", "/system/sessions", { body: { ...credentials, host: globalThis.location?.host ?? "" } }, { public: true }),
    onSuccess: (session) => {
      queryClient.setQueryData(sessionQueryOptions().queryKey, { is_valid: true, session_id: session.session_id, username: session.username });
      markLoggedIn();
    },
  });
}

/** Log out: DELETE /system/sessions; the session is removed on success or on a 401 (spec 000 §4). */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiCall("delete", "/system/sessions");
      } catch (error) {
        if (!(error instanceof Error && "status" in error && error.status === 401)) throw error;
      }
    },
    onSuccess: () => endSession(queryClient),
  });
}

/**
 * Marks the session ended and drops every other cached query. The session query is updated, not removed:
 * the gate observes it, and `queryClient.clear()` would detach that observer (the app then stayed on screen
 * after logging out) and also wipe the mutation cache, so the caller's `onSuccess` (go to the start page) never ran.
 */
export function endSession(queryClient: ReturnType<typeof useQueryClient>): void {
  markLoggedOut();
  queryClient.setQueryData(sessionQueryOptions().queryKey, { is_valid: false, session_id: null, username: null });
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.session[0] });
}
