import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { User } from "../../../api/schemas/user.ts";
import { apiCall } from "../../api/api-client.ts";
import { toastError } from "../../common/toast.ts";
import { useCurrentUser } from "../../session/current-user.tsx";
import { sessionKeys } from "../../session/session-queries.ts";
import {
  loadLocalPinned,
  pinStorageFor,
  resolvePinned,
  saveLocalPinned,
  SEARCH_SIDEBAR_PIN_PREFERENCE,
  type SidebarPinPreference,
} from "./sidebar-pin.ts";

export const SAVING_PIN_FAILED_TEXT = "Saving the sidebar preference failed";

/**
 * Whether the sidebar is pinned, and a setter for the pin toggle (spec 001 §4 'Sidebar'): saved to the user's
 * preferences, or kept in local storage for read-only users, who cannot save preferences. The change shows at
 * once; a failed save is reported and the choice still holds until the page is left.
 */
export function useSidebarPinned(key: SidebarPinPreference = SEARCH_SIDEBAR_PIN_PREFERENCE) {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const storage = pinStorageFor(user);
  // Local storage is read after mounting: the server render cannot see it, and both renders must agree.
  const [stored, setStored] = useState<boolean | null>(null);
  const [chosen, setChosen] = useState<boolean | null>(null);
  useEffect(() => {
    if (storage === "local") setStored(loadLocalPinned(globalThis.localStorage ?? null, key));
  }, [storage, key]);

  const save = useMutation({
    mutationFn: (next: boolean) => {
      // The cached user is the latest one: another preference (the theme) may have changed since this render.
      const latest = queryClient.getQueryData<User>(sessionKeys.user(user.username)) ?? user;
      const preferences = { ...latest.preferences, [key]: next };
      return apiCall("put", "/users/{username}/preferences", { params: { path: { username: user.username } }, body: { preferences } })
        .then(() => ({ latest, preferences }));
    },
    onSuccess: ({ latest, preferences }) =>
      queryClient.setQueryData<User>(sessionKeys.user(user.username), { ...latest, preferences }),
    onError: (error) => toastError(error, SAVING_PIN_FAILED_TEXT),
  });

  const pinned = chosen ?? resolvePinned(storage, { preference: user.preferences[key], stored });
  const setPinned = (next: boolean) => {
    setChosen(next);
    if (storage === "local") saveLocalPinned(globalThis.localStorage ?? null, key, next);
    else save.mutate(next);
  };
  return { pinned, setPinned };
}
