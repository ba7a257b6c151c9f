/**
 * The wall display's URL (spec 001 §2, §5, §9): `tabs` (comma-separated page indexes), `interval` (seconds between
 * page switches, default 30) and `refresh` (seconds between data refreshes, default 10), integers of at least 1.
 */
export const DEFAULT_CYCLE_INTERVAL_S = 30;
export const DEFAULT_REFRESH_INTERVAL_S = 10;

export interface WallDisplayConfig {
  /** Indexes of the pages shown in turn, in page order; every page when the URL names none. */
  tabs: number[];
  intervalSeconds: number;
  refreshSeconds: number;
}

/** An integer of at least 1, else the default. */
function positiveInteger(raw: string | null, fallback: number): number {
  if (raw === null || raw.trim() === "") return fallback;
  const value = Number.parseInt(raw, 10);
  return Number.isInteger(value) && value >= 1 ? value : fallback;
}

/** Reads the URL for a dashboard of `pageCount` pages; unknown indexes are dropped, none left means every page. */
export function readWallDisplayConfig(params: URLSearchParams, pageCount: number): WallDisplayConfig {
  const all = Array.from({ length: pageCount }, (_, index) => index);
  const named = (params.get("tabs") ?? "").split(",").map((part) => part.trim()).filter((part) => /^\d+$/.test(part))
    .map(Number).filter((index) => index < pageCount);
  const tabs = [...new Set(named)].sort((a, b) => a - b);
  return {
    tabs: tabs.length > 0 ? tabs : all,
    intervalSeconds: positiveInteger(params.get("interval"), DEFAULT_CYCLE_INTERVAL_S),
    refreshSeconds: positiveInteger(params.get("refresh"), DEFAULT_REFRESH_INTERVAL_S),
  };
}

/** The wall display's query string; `tabs` only when not every page is chosen. */
export function wallDisplayParams(config: WallDisplayConfig, pageCount: number): URLSearchParams {
  const params = new URLSearchParams();
  params.set("interval", String(config.intervalSeconds));
  params.set("refresh", String(config.refreshSeconds));
  const chosen = [...new Set(config.tabs)].sort((a, b) => a - b);
  if (chosen.length < pageCount) params.set("tabs", chosen.join(","));
  return params;
}

/** The page index shown after `ticks` switches: the chosen pages in order, wrapping around. */
export function cycledTab(tabs: readonly number[], ticks: number): number {
  return tabs.length === 0 ? 0 : tabs[ticks % tabs.length];
}

/** Why an interval field cannot be used (spec 001 §5: required, minimum 1); null when it can. */
export function intervalError(value: number | string): string | null {
  if (value === "" || value === null) return "Required.";
  const number = Number(value);
  if (!Number.isInteger(number)) return "Must be a whole number.";
  return number < 1 ? "Must be at least 1." : null;
}
