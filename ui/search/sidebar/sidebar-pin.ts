/**
 * Pinned or overlay sidebar (spec 001 §2 'Sidebar', §3 'Preferences', §4 'Sidebar', §9): the preference, where
 * it is kept, the overlay's width limits and which section is open. Pure functions; the hook and the component
 * use them.
 */

/** The preference keys of spec 001 §3; the dashboard page will use its own. */
export type SidebarPinPreference = "searchSidebarIsPinned" | "dashboardSidebarIsPinned";

export const SEARCH_SIDEBAR_PIN_PREFERENCE: SidebarPinPreference = "searchSidebarIsPinned";

/**
 * Without a saved choice the sidebar is pinned, opened on its first section: the page then shows when and how
 * fast the query ran without a click.
 */
export const DEFAULT_SIDEBAR_PINNED = true;

/** Pinned width, overlay width limits and the nav rail (spec 001 §9). */
export const SIDEBAR_WIDTH = 270;
export const OVERLAY_MIN_WIDTH = 315;
export const OVERLAY_MAX_WIDTH = 500;
export const NAV_RAIL_WIDTH = 50;

/**
 * Below Mantine's `sm` breakpoint (48em, 768 px: phones) the sidebar is never pinned, whatever the preference:
 * a 270 px panel beside a 50 px rail would leave the widget grid a few dozen pixels. The server cannot know the
 * width, so its pinned panel is hidden there by the breakpoint's class, and the browser then opens the overlay
 * only on a click. `NARROW_SCREEN_QUERY` is the same boundary as the class (Mantine's `max-width: 48em - .1px`).
 */
export const PINNABLE_FROM_BREAKPOINT = "sm";
export const NARROW_SCREEN_QUERY = "(max-width: 47.99375em)";

/** Whether the sidebar shows pinned: the preference, except on a narrow screen. */
export function shownPinned(preferencePinned: boolean, narrowScreen: boolean): boolean {
  return preferencePinned && !narrowScreen;
}

/** Where a user's pin choice lives: read-only users cannot save preferences, so theirs stays in the browser. */
export type PinStorage = "preferences" | "local";

export function pinStorageFor(user: { read_only: boolean }): PinStorage {
  return user.read_only ? "local" : "preferences";
}

/** A preference value as the server or local storage holds it ("true"/"false" strings from older servers too). */
export function readPinned(value: unknown): boolean | null {
  if (value === true || value === "true") return true;
  if (value === false || value === "false") return false;
  return null;
}

/** The pin state to start with: the saved choice from the place this user's choice lives, else the default. */
export function resolvePinned(
  storage: PinStorage,
  sources: { preference: unknown; stored: unknown },
): boolean {
  const saved = readPinned(storage === "preferences" ? sources.preference : sources.stored);
  return saved ?? DEFAULT_SIDEBAR_PINNED;
}

/** Reads the locally kept choice; null when none or when storage is unavailable (private mode, server render). */
export function loadLocalPinned(storage: Pick<Storage, "getItem"> | null, key: SidebarPinPreference): boolean | null {
  try {
    return readPinned(storage?.getItem(key) ?? null);
  } catch {
    return null;
  }
}

export function saveLocalPinned(storage: Pick<Storage, "setItem"> | null, key: SidebarPinPreference, pinned: boolean): void {
  try {
    storage?.setItem(key, String(pinned));
  } catch {
    // Storage full or disabled: the choice then lasts until the page is left.
  }
}

/** The section open when the page opens: the first one when pinned, none for the overlay. */
export function initialSection<S extends string>(pinned: boolean, sections: readonly S[]): S | null {
  return pinned ? sections[0] ?? null : null;
}

/** Clicking a section opens it; clicking the open one closes the panel. */
export function toggledSection<S extends string>(current: S | null, clicked: S): S | null {
  return current === clicked ? null : clicked;
}

/** The overlay's width kept within 315–500 px. */
export function clampOverlayWidth(width: number): number {
  if (!Number.isFinite(width)) return OVERLAY_MIN_WIDTH;
  return Math.round(Math.min(OVERLAY_MAX_WIDTH, Math.max(OVERLAY_MIN_WIDTH, width)));
}
