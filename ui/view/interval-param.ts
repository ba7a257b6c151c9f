import { TIME_UNIT_LETTERS, type TimeUnit } from "../../api/schemas/widget-kinds.ts";
import type { PivotInterval } from "../../api/schemas/widgets.ts";

/**
 * The `interval` URL parameter of a search (spec 001 §2 'URL query parameters'): the time grouping of the
 * 'Message Count' chart. Written as a count and a one-letter unit, `30s`, `5m`, `1h`, `1d`, `2w`, `1M` (months
 * upper-case, minutes lower-case); read in that form, as `auto`, and as the interval names of older search URLs
 * (`minute` … `year`), so that links from them still open with the grouping they asked for.
 */

/** Interval names of older search URLs and what they mean; a quarter is three months, a year twelve. */
const NAMED_INTERVALS: Record<string, { value: number; unit: TimeUnit }> = {
  minute: { value: 1, unit: "minutes" },
  hour: { value: 1, unit: "hours" },
  day: { value: 1, unit: "days" },
  week: { value: 1, unit: "weeks" },
  month: { value: 1, unit: "months" },
  quarter: { value: 3, unit: "months" },
  year: { value: 12, unit: "months" },
};

/** The automatic interval a chart starts with (spec 001 §9: auto scaling 1). */
export const AUTO_INTERVAL: PivotInterval = { type: "auto", scaling: 1 };

/** The largest count accepted, so that a typo cannot ask for a grouping of thousands of years. */
export const MAX_INTERVAL_VALUE = 10_000;

/** The error text for a value that is none of the accepted forms. */
export function invalidIntervalText(raw: string): string {
  return `Invalid interval: ${raw}. Use a number and a unit such as 30s, 5m, 1h, 1d, 1w or 1M.`;
}

/** Reads the parameter: null when absent or empty, an error text when malformed. */
export function parseIntervalParam(raw: string | null): PivotInterval | null | string {
  if (raw === null) return null;
  const text = raw.trim();
  if (text === "") return null;
  if (text === "auto") return AUTO_INTERVAL;
  const name = text.toLowerCase();
  if (Object.hasOwn(NAMED_INTERVALS, name)) return { type: "timeunit", ...NAMED_INTERVALS[name] };
  const match = /^(\d+)([smhdwM])$/.exec(text);
  if (!match) return invalidIntervalText(raw);
  const value = Number(match[1]);
  if (value < 1 || value > MAX_INTERVAL_VALUE) return invalidIntervalText(raw);
  return { type: "timeunit", value, unit: unitOfLetter(match[2]) };
}

/** Writes the parameter: fixed time units only; null for the automatic interval, which is every chart's default. */
export function formatIntervalParam(interval: PivotInterval): string | null {
  if (interval.type === "auto") return null;
  return `${interval.value}${TIME_UNIT_LETTERS[interval.unit]}`;
}

function unitOfLetter(letter: string): TimeUnit {
  const entry = (Object.entries(TIME_UNIT_LETTERS) as [TimeUnit, string][]).find(([, l]) => l === letter);
  if (!entry) throw new Error(`Unknown interval unit letter ${letter}; known: ${Object.values(TIME_UNIT_LETTERS).join(", ")}`);
  return entry[0];
}
