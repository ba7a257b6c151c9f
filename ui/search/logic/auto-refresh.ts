import { SEARCHES_CLUSTER_CONFIG_DEFAULTS } from "../../../api/schemas/cluster-config-defaults.ts";
import type { SearchesClusterConfig } from "../../../api/schemas/cluster-config.ts";

/**
 * Auto refresh of a search (spec 001 §3 'Refresh state', §4 'Auto refresh', §9): the intervals come from the
 * search cluster config; under a minute they read in seconds, else in minutes.
 */

/** Page state: whether the search re-runs on a timer, and the ISO-8601 interval (e.g. `PT5S`). */
export interface RefreshState {
  enabled: boolean;
  interval: string;
}

export interface RefreshOption {
  /** ISO-8601 duration as the config holds it. */
  interval: string;
  ms: number;
  /** '5 seconds', '1 minute'. */
  label: string;
}

type RefreshConfig = Pick<
  SearchesClusterConfig,
  "auto_refresh_timerange_options" | "default_auto_refresh_option"
>;

const SEARCH_DEFAULTS = SEARCHES_CLUSTER_CONFIG_DEFAULTS;

/** What users without access to the cluster config get: the shipped defaults. */
export const DEFAULT_REFRESH_CONFIG: RefreshConfig = {
  auto_refresh_timerange_options: SEARCH_DEFAULTS.auto_refresh_timerange_options,
  default_auto_refresh_option: SEARCH_DEFAULTS.default_auto_refresh_option,
};

const UNIT_MS = {
  Y: 365 * 86_400_000,
  M: 30 * 86_400_000,
  W: 7 * 86_400_000,
  D: 86_400_000,
  H: 3_600_000,
  m: 60_000,
  S: 1000,
} as const;

/** Milliseconds of an ISO-8601 duration (years and months at 365 and 30 days); null when it is not one. */
export function isoDurationMs(iso: string): number | null {
  const match =
    /^P(?!$)(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?=\d)(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/
      .exec(iso);
  if (!match) return null;
  const [, y, mo, w, d, h, mi, s] = match.map((part) => (part === undefined ? 0 : Number(part)));
  return y * UNIT_MS.Y + mo * UNIT_MS.M + w * UNIT_MS.W + d * UNIT_MS.D + h * UNIT_MS.H + mi * UNIT_MS.m +
    s * UNIT_MS.S;
}

/** '1 second', '30 seconds', '1 minute', '5 minutes', '1.5 minutes' (spec 001 §9). */
export function intervalLabel(ms: number): string {
  if (ms < 60_000) {
    const seconds = round(ms / 1000);
    return `${seconds} ${seconds === 1 ? "second" : "seconds"}`;
  }
  const minutes = round(ms / 60_000);
  return `${minutes} ${minutes === 1 ? "minute" : "minutes"}`;
}

/** The configured intervals, shortest first; unreadable and zero durations are left out. */
export function refreshOptions(config: RefreshConfig = DEFAULT_REFRESH_CONFIG): RefreshOption[] {
  return Object.keys(config.auto_refresh_timerange_options)
    .map((interval) => ({ interval, ms: isoDurationMs(interval) }))
    .filter((option): option is { interval: string; ms: number } => option.ms !== null && option.ms > 0)
    .sort((a, b) => a.ms - b.ms)
    .map((option) => ({ ...option, label: intervalLabel(option.ms) }));
}

/** The state before the user chose anything: off, at the configured default interval. */
export function initialRefreshState(config: RefreshConfig = DEFAULT_REFRESH_CONFIG): RefreshState {
  return { enabled: false, interval: config.default_auto_refresh_option };
}

/** The button text: 'Every 5 seconds' while refreshing, 'Not updating' otherwise. */
export function refreshButtonLabel(state: RefreshState): string {
  if (!state.enabled) return "Not updating";
  const ms = isoDurationMs(state.interval);
  return ms ? `Every ${intervalLabel(ms)}` : "Not updating";
}

/** Choosing an interval starts refreshing at it (spec 001 §4 'setting an interval enables it'). */
export function chooseInterval(interval: string): RefreshState {
  return { enabled: true, interval };
}

function round(value: number): number {
  return Math.round(value * 100) / 100;
}
