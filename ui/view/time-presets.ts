/** Relative range presets from the search cluster config (spec 001 §3, §9). */

export interface RangePreset {
  /** Seconds; 0 is all time. */
  seconds: number;
  label: string;
}

const DURATION = /^P(?:(\d+)Y)?(?:(\d+)M)?(?:(\d+)W)?(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+(?:\.\d+)?)S)?)?$/;

/** Seconds of an ISO-8601 duration (years as 365 days, months as 30); null when it is not one. */
export function isoDurationSeconds(duration: string): number | null {
  const match = DURATION.exec(duration);
  if (!match || duration === "P" || duration.endsWith("T")) return null;
  const [, y, mo, w, d, h, mi, s] = match.map((part) => (part === undefined ? 0 : Number(part)));
  return Math.round(y * 31_536_000 + mo * 2_592_000 + w * 604_800 + d * 86_400 + h * 3600 + mi * 60 + s);
}

/**
 * The preset list in config order, 'All time' (PT0S) last, options longer than a set query time range limit
 * left out (spec 001 §9).
 */
export function rangePresets(options: Record<string, string>, queryTimeRangeLimit = "PT0S"): RangePreset[] {
  const limit = isoDurationSeconds(queryTimeRangeLimit) ?? 0;
  const presets = Object.entries(options)
    .map(([duration, label]) => ({ seconds: isoDurationSeconds(duration), label }))
    .filter((preset): preset is RangePreset => preset.seconds !== null)
    .filter((preset) => limit === 0 || (preset.seconds !== 0 && preset.seconds <= limit));
  return [...presets.filter((p) => p.seconds !== 0), ...presets.filter((p) => p.seconds === 0)];
}

/** A readable name of a relative range: the preset's label, else 'Last N seconds/minutes/…'. */
export function relativeRangeLabel(seconds: number, presets: readonly RangePreset[] = []): string {
  const preset = presets.find((p) => p.seconds === seconds);
  if (preset) return preset.label;
  if (seconds === 0) return "All time";
  const units: [number, string][] = [[86_400, "day"], [3600, "hour"], [60, "minute"], [1, "second"]];
  const [size, unit] = units.find(([size]) => seconds % size === 0)!;
  const n = seconds / size;
  return `Last ${n} ${unit}${n === 1 ? "" : "s"}`;
}
