import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { SessionResponse, SessionValidation } from "../../api/schemas/session.ts";
import { fetchJson } from "../api/fetch-json.ts";
import { markLoggedIn, markLoggedOut } from "./login-gate.ts";
import { sessionKeys } from "./session-queries.ts";

/** Log in: POST /system/sessions, then the gate renders the app. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { username: string; password: string }) =>
      fetchJson<SessionResponse>("POST", "/system/sessions", { ...credentials, host: globalThis.location?.host ?? "" }, { public: true }),
    onSuccess: (session) => {
      queryClient.setQueryData<SessionValidation>(sessionKeys.session, { is_valid: true, session_id: session.session_id, username: session.username });
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
        await fetchJson<null>("DELETE", "/system/sessions");
      } catch (error) {
        if (!(error instanceof Error && "status" in error && error.status === 401)) throw error;
      }
    },
    onSuccess: () => endSession(queryClient),
  });
}

export function endSession(queryClient: ReturnType<typeof useQueryClient>): void {
  markLoggedOut();
  queryClient.clear();
  queryClient.setQueryData<SessionValidation>(sessionKeys.session, { is_valid: false, session_id: null, username: null });
}
