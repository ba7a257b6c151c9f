import { useComputedColorScheme, useMantineColorScheme } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { apiCall } from "../api/api-client.ts";
import { toastError } from "../common/toast.ts";
import { useCurrentUser } from "../session/current-user.tsx";
import { sessionKeys } from "../session/session-queries.ts";
import { THEME_MODE_KEY, THEME_MODES, type ThemeMode } from "./theme-mode.ts";

/**
 * The current theme mode and a setter: the change is stored locally and, unless the user is read-only,
 * saved to the user's preferences (spec 000 §4).
 */
export function useThemeMode() {
  const user = useCurrentUser();
  const queryClient = useQueryClient();
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme("light", { getInitialValueInEffect: true });
  const mode: ThemeMode = computed === "dark" ? "noir" : "teint";
  const save = useMutation({
    mutationFn: (preferences: typeof user.preferences) =>
      apiCall("put", "/users/{username}/preferences", { params: { path: { username: user.username } }, body: { preferences } }),
    onSuccess: (_, preferences) => queryClient.setQueryData(sessionKeys.user(user.username), { ...user, preferences }),
    onError: (error) => toastError(error, "Saving the theme preference failed"),
  });
  const changeMode = async (next: ThemeMode) => {
    setColorScheme(THEME_MODES[next].colorScheme);
    document.documentElement.setAttribute("data-theme-mode", next);
    if (!user.read_only) await save.mutateAsync({ ...user.preferences, [THEME_MODE_KEY]: next }).catch(() => {});
  };
  return { mode, changeMode, changing: save.isPending };
}
