import type { MantineColorScheme, MantineColorSchemeManager } from "@mantine/core";
import { THEME_MODE_KEY, THEME_MODES } from "./theme-mode.ts";

/**
 * Mantine's colour scheme comes from the document attribute the head script set (override → preference →
 * stored → system); changes are stored locally as teint/noir under `themeMode`.
 */
export function sluiceColorSchemeManager(): MantineColorSchemeManager {
  return {
    get: (defaultValue) => {
      if (typeof document === "undefined") return defaultValue;
      const current = document.documentElement.getAttribute("data-mantine-color-scheme");
      return current === "dark" || current === "light" ? current : defaultValue;
    },
    set: (value: MantineColorScheme) => {
      try {
        localStorage.setItem(THEME_MODE_KEY, value === "dark" ? "noir" : "teint");
      } catch {
        // Storage can be unavailable (private mode); the preference still applies for this page.
      }
    },
    subscribe: () => {},
    unsubscribe: () => {},
    clear: () => {
      try {
        localStorage.removeItem(THEME_MODE_KEY);
      } catch {
        // See above.
      }
    },
  };
}

export const colorSchemeOf = (mode: keyof typeof THEME_MODES) => THEME_MODES[mode].colorScheme;
