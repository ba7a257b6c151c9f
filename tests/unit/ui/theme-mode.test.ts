import assert from "node:assert/strict";
import { isThemeMode, resolveThemeMode, THEME_MODE_KEY, THEME_MODES, type ThemeModeSources, themeModeScript } from "../../../ui/theme/theme-mode.ts";

Deno.test("an override wins over the preference, the stored value and the system scheme", () => {
  assert.equal(resolveThemeMode({ override: "noir", preference: "teint", stored: "teint", systemPrefersDark: false }), "noir");
});

Deno.test("without an override the user preference decides", () => {
  assert.equal(resolveThemeMode({ preference: "teint", stored: "noir", systemPrefersDark: true }), "teint");
});

Deno.test("without a preference the value stored in the browser decides", () => {
  assert.equal(resolveThemeMode({ stored: "noir", systemPrefersDark: false }), "noir");
});

Deno.test("with nothing chosen the system colour scheme decides", () => {
  assert.equal(resolveThemeMode({ systemPrefersDark: true }), "noir");
  assert.equal(resolveThemeMode({ systemPrefersDark: false }), "teint");
});

Deno.test("unknown values at any level are skipped, not used", () => {
  assert.equal(resolveThemeMode({ override: "dark", preference: null, stored: "light", systemPrefersDark: true }), "noir");
  assert.equal(resolveThemeMode({ override: "", preference: 1, stored: "teint", systemPrefersDark: true }), "teint");
  assert.equal(isThemeMode("noir"), true);
  assert.equal(isThemeMode("Noir"), false);
});

Deno.test("teint is the light scheme and noir the dark one", () => {
  assert.equal(THEME_MODES.teint.colorScheme, "light");
  assert.equal(THEME_MODES.noir.colorScheme, "dark");
});

/** Runs the head script against fake browser globals and returns the attributes it sets. */
function runHeadScript(sources: ThemeModeSources): Record<string, string> {
  const attributes: Record<string, string> = {};
  const storage = { getItem: (key: string) => (key === THEME_MODE_KEY ? (sources.stored as string | undefined) ?? null : null) };
  const matchMedia = (query: string) => ({ matches: query === "(prefers-color-scheme: dark)" && sources.systemPrefersDark });
  const document = { documentElement: { setAttribute: (name: string, value: string) => (attributes[name] = value) } };
  const script = themeModeScript(
    isThemeMode(sources.preference) ? sources.preference : null,
    isThemeMode(sources.override) ? sources.override : null,
  );
  new Function("localStorage", "window", "matchMedia", "document", script)(storage, { matchMedia }, matchMedia, document);
  return attributes;
}

Deno.test("the pre-paint head script picks the same mode as resolveThemeMode, so a dark page never flashes light", () => {
  const cases: ThemeModeSources[] = [
    { override: "noir", preference: "teint", stored: "teint", systemPrefersDark: false },
    { preference: "teint", stored: "noir", systemPrefersDark: true },
    { stored: "noir", systemPrefersDark: false },
    { stored: "bogus", systemPrefersDark: true },
    { systemPrefersDark: false },
  ];
  for (const sources of cases) {
    const mode = resolveThemeMode(sources);
    assert.deepEqual(runHeadScript(sources), {
      "data-mantine-color-scheme": THEME_MODES[mode].colorScheme,
      "data-theme-mode": mode,
    }, JSON.stringify(sources));
  }
});
