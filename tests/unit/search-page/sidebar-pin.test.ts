import assert from "node:assert/strict";
import {
  clampOverlayWidth,
  DEFAULT_SIDEBAR_PINNED,
  initialSection,
  loadLocalPinned,
  NARROW_SCREEN_QUERY,
  OVERLAY_MAX_WIDTH,
  OVERLAY_MIN_WIDTH,
  PINNABLE_FROM_BREAKPOINT,
  pinStorageFor,
  readPinned,
  resolvePinned,
  saveLocalPinned,
  SEARCH_SIDEBAR_PIN_PREFERENCE,
  shownPinned,
  toggledSection,
} from "../../../ui/search/sidebar/sidebar-pin.ts";

const SECTIONS = ["description", "create", "highlighting", "fields"] as const;

/** A Storage double backed by a Map. */
function memoryStorage(initial: Record<string, string> = {}) {
  const map = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
    map,
  };
}

Deno.test("read-only users keep the pin choice in the browser, others in their preferences", () => {
  assert.equal(pinStorageFor({ read_only: true }), "local");
  assert.equal(pinStorageFor({ read_only: false }), "preferences");
});

Deno.test("a saved preference decides; 'true'/'false' strings from older servers count as booleans", () => {
  assert.equal(resolvePinned("preferences", { preference: false, stored: true }), false);
  assert.equal(resolvePinned("preferences", { preference: "false", stored: null }), false);
  assert.equal(resolvePinned("preferences", { preference: "true", stored: false }), true);
});

Deno.test("a read-only user's choice comes from local storage, never from the preferences", () => {
  assert.equal(resolvePinned("local", { preference: true, stored: false }), false);
  assert.equal(resolvePinned("local", { preference: false, stored: null }), DEFAULT_SIDEBAR_PINNED);
});

Deno.test("without a choice the sidebar is pinned; junk values are no choice", () => {
  assert.equal(DEFAULT_SIDEBAR_PINNED, true);
  assert.equal(resolvePinned("preferences", { preference: undefined, stored: null }), true);
  assert.equal(readPinned("yes"), null);
  assert.equal(readPinned(1), null);
});

Deno.test("the local choice is written and read back under the preference's name", () => {
  const storage = memoryStorage();
  assert.equal(loadLocalPinned(storage, SEARCH_SIDEBAR_PIN_PREFERENCE), null);
  saveLocalPinned(storage, SEARCH_SIDEBAR_PIN_PREFERENCE, false);
  assert.equal(storage.map.get("searchSidebarIsPinned"), "false");
  assert.equal(loadLocalPinned(storage, SEARCH_SIDEBAR_PIN_PREFERENCE), false);
});

Deno.test("unavailable storage is no choice and saving to it does not throw", () => {
  const broken = {
    getItem: (): string | null => {
      throw new Error("SecurityError");
    },
    setItem: () => {
      throw new Error("QuotaExceededError");
    },
  };
  assert.equal(loadLocalPinned(broken, SEARCH_SIDEBAR_PIN_PREFERENCE), null);
  assert.equal(loadLocalPinned(null, SEARCH_SIDEBAR_PIN_PREFERENCE), null);
  saveLocalPinned(broken, SEARCH_SIDEBAR_PIN_PREFERENCE, true);
});

Deno.test("pinned, the sidebar opens on the first section; as an overlay it starts closed", () => {
  assert.equal(initialSection(true, SECTIONS), "description");
  assert.equal(initialSection(false, SECTIONS), null);
});

Deno.test("clicking a section opens it and clicking the open section closes the panel", () => {
  assert.equal(toggledSection(null, "fields"), "fields");
  assert.equal(toggledSection("description", "fields"), "fields");
  assert.equal(toggledSection("fields", "fields"), null);
});

Deno.test("the overlay's width stays between 315 and 500 px", () => {
  assert.equal(OVERLAY_MIN_WIDTH, 315);
  assert.equal(OVERLAY_MAX_WIDTH, 500);
  assert.equal(clampOverlayWidth(100), 315);
  assert.equal(clampOverlayWidth(420.4), 420);
  assert.equal(clampOverlayWidth(900), 500);
  assert.equal(clampOverlayWidth(Number.NaN), 315);
});

Deno.test("on a narrow screen the sidebar is never pinned, whatever the preference; elsewhere the preference holds", () => {
  assert.equal(shownPinned(true, true), false);
  assert.equal(shownPinned(false, true), false);
  assert.equal(shownPinned(true, false), true);
  assert.equal(shownPinned(false, false), false);
  // The media query and Mantine's `sm` class agree: below 48em, i.e. 768 px at the default 16 px.
  assert.equal(PINNABLE_FROM_BREAKPOINT, "sm");
  assert.match(NARROW_SCREEN_QUERY, /^\(max-width: 47\.99\d*em\)$/);
});
