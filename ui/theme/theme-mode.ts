/** Theme modes of spec 000 §3: teint (light) and noir (dark). */
export type ThemeMode = "teint" | "noir";

export const THEME_MODES: Record<ThemeMode, { colorScheme: "light" | "dark"; label: string }> = {
  teint: { colorScheme: "light", label: "Light" },
  noir: { colorScheme: "dark", label: "Dark" },
};

/** The user preference and local storage key under which the mode is kept. */
export const THEME_MODE_KEY = "themeMode";

export function isThemeMode(value: unknown): value is ThemeMode {
  return value === "teint" || value === "noir";
}

/**
 * Spec 000 §4's resolution (an override, then the user preference, then the stored browser value, then the
 * system scheme; unknown values skipped) as a tiny inline script for the document head, run before the first
 * paint so that a dark page never flashes light. `preference` is inlined by the server.
 */
export function themeModeScript(preference: ThemeMode | null, override: ThemeMode | null): string {
  return `(function(){try{var o=${JSON.stringify(override)},p=${JSON.stringify(preference)},s=null;` +
    `try{s=localStorage.getItem(${JSON.stringify(THEME_MODE_KEY)})}catch(e){}` +
    `var ok=function(v){return v==="teint"||v==="noir"};` +
    `var m=ok(o)?o:ok(p)?p:ok(s)?s:(window.matchMedia&&matchMedia("(prefers-color-scheme: dark)").matches?"noir":"teint");` +
    `document.documentElement.setAttribute("data-mantine-color-scheme",m==="noir"?"dark":"light");` +
    `document.documentElement.setAttribute("data-theme-mode",m)}catch(e){}})();`;
}
