/** What the scratchpad keeps per login name in the browser (spec 000 §3). */
export interface ScratchpadState {
  opened: boolean;
  value: string;
  size: { width: number; height: number };
  position: { x: number; y: number };
  securityConfirmed: boolean;
}

export const DEFAULT_SCRATCHPAD: ScratchpadState = {
  opened: false,
  value: "",
  size: { width: 450, height: 400 },
  position: { x: 0, y: 0 },
  securityConfirmed: false,
};

/** Timings of spec 000 §4. */
export const AUTOSAVE_DELAY_MS = 500;
export const STATUS_MESSAGE_MS = 1000;

export function scratchpadKey(username: string): string {
  return `sluice.scratchpad.${username}`;
}

type KeyValueStorage = Pick<Storage, "getItem" | "setItem">;

/** Reads the stored state, falling back to defaults for anything missing or malformed. */
export function loadScratchpad(storage: KeyValueStorage, username: string): ScratchpadState {
  let stored: Partial<ScratchpadState> = {};
  try {
    const parsed = JSON.parse(storage.getItem(scratchpadKey(username)) ?? "{}");
    if (parsed && typeof parsed === "object") stored = parsed;
  } catch {
    stored = {};
  }
  return {
    opened: typeof stored.opened === "boolean" ? stored.opened : DEFAULT_SCRATCHPAD.opened,
    value: typeof stored.value === "string" ? stored.value : DEFAULT_SCRATCHPAD.value,
    size: isPair(stored.size, "width", "height") ? stored.size : DEFAULT_SCRATCHPAD.size,
    position: isPair(stored.position, "x", "y") ? stored.position : DEFAULT_SCRATCHPAD.position,
    securityConfirmed: stored.securityConfirmed === true,
  };
}

export function saveScratchpad(storage: KeyValueStorage, username: string, change: Partial<ScratchpadState>): ScratchpadState {
  const next = { ...loadScratchpad(storage, username), ...change };
  storage.setItem(scratchpadKey(username), JSON.stringify(next));
  return next;
}

function isPair<A extends string, B extends string>(value: unknown, a: A, b: B): value is Record<A | B, number> {
  return !!value && typeof value === "object" && typeof (value as Record<string, unknown>)[a] === "number" &&
    typeof (value as Record<string, unknown>)[b] === "number";
}
