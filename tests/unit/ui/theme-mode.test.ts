import assert from "node:assert/strict";
import { isThemeMode, THEME_MODE_KEY, THEME_MODES, themeModeScript } from "../../../ui/theme/theme-mode.ts";

/** What the head script may find: the server's override and preference, the stored value, the system scheme. */
interface Sources {
  override?: unknown;
  preference?: unknown;
  stored?: unknown;
  systemPrefersDark: boolean;
}

/** Runs the pre-paint head script against fake browser globals and returns the attributes it sets. */
function runHeadScript(sources: Sources): Record<string, string> {
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

const modeOf = (sources: Sources) => runHeadScript(sources)["data-theme-mode"];

Deno.test("an override wins over the preference, the stored value and the system scheme", () => {
  assert.equal(modeOf({ override: "noir", preference: "teint", stored: "teint", systemPrefersDark: false }), "noir");
});

Deno.test("without an override the user preference decides", () => {
  assert.equal(modeOf({ preference: "teint", stored: "noir", systemPrefersDark: true }), "teint");
});

Deno.test("without a preference the value stored in the browser decides", () => {
  assert.equal(modeOf({ stored: "noir", systemPrefersDark: false }), "noir");
});

Deno.test("with nothing chosen the system colour scheme decides", () => {
  assert.equal(modeOf({ systemPrefersDark: true }), "noir");
  assert.equal(modeOf({ systemPrefersDark: false }), "teint");
});

Deno.test("unknown values at any level are skipped, not used", () => {
  assert.equal(modeOf({ override: "dark", preference: null, stored: "light", systemPrefersDark: true }), "noir");
  assert.equal(modeOf({ override: "", preference: 1, stored: "teint", systemPrefersDark: true }), "teint");
  assert.equal(modeOf({ stored: "bogus", systemPrefersDark: false }), "teint");
  assert.equal(isThemeMode("noir"), true);
  assert.equal(isThemeMode("Noir"), false);
});

Deno.test("the head script sets Mantine's colour scheme with the mode: teint is light and noir dark", () => {
  assert.deepEqual(runHeadScript({ stored: "noir", systemPrefersDark: false }), {
    "data-mantine-color-scheme": "dark",
    "data-theme-mode": "noir",
  });
  assert.deepEqual(runHeadScript({ systemPrefersDark: false }), {
    "data-mantine-color-scheme": "light",
    "data-theme-mode": "teint",
  });
  assert.equal(THEME_MODES.teint.colorScheme, "light");
  assert.equal(THEME_MODES.noir.colorScheme, "dark");
});
