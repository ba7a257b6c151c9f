/**
 * ISO-8601 durations for the duration input (spec 000 §5): the text is upper-cased and prefixed with P;
 * only a valid duration is propagated, otherwise the input shows 'invalid'.
 */
export const INVALID_DURATION_LABEL = "invalid";

export interface DurationParts {
  years: number;
  months: number;
  weeks: number;
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

const NUMBER = String.raw`(\d+(?:[.,]\d+)?)`;
const DURATION_PATTERN = new RegExp(
  `^P(?:${NUMBER}Y)?(?:${NUMBER}M)?(?:${NUMBER}W)?(?:${NUMBER}D)?(?:T(?:${NUMBER}H)?(?:${NUMBER}M)?(?:${NUMBER}S)?)?$`,
);

/** Upper-cases the text and prefixes P when missing. */
export function normalizeDurationText(text: string): string {
  const upper = text.trim().toUpperCase();
  return upper.startsWith("P") ? upper : `P${upper}`;
}

/** The parts of a valid ISO-8601 duration, or undefined ("P", "PT" and "P1DT" are not durations). */
export function parseIsoDuration(text: string): DurationParts | undefined {
  const match = DURATION_PATTERN.exec(text);
  if (!match || text === "P" || text.endsWith("T")) return undefined;
  const [years, months, weeks, days, hours, minutes, seconds] = match.slice(1).map((part) =>
    part === undefined ? 0 : Number(part.replace(",", "."))
  );
  return { years, months, weeks, days, hours, minutes, seconds };
}

export function isValidIsoDuration(text: string): boolean {
  return parseIsoDuration(text) !== undefined;
}

/** Approximate length in ms (a month as 30 days, a year as 365 days), for bound checks. */
export function durationMilliseconds(parts: DurationParts): number {
  const days = parts.years * 365 + parts.months * 30 + parts.weeks * 7 + parts.days;
  return (((days * 24 + parts.hours) * 60 + parts.minutes) * 60 + parts.seconds) * 1000;
}

const PART_NAMES: readonly [keyof DurationParts, string][] = [
  ["years", "year"],
  ["months", "month"],
  ["weeks", "week"],
  ["days", "day"],
  ["hours", "hour"],
  ["minutes", "minute"],
  ["seconds", "second"],
];

/** A readable form, e.g. '1 day, 2 hours'; '0 seconds' for a zero duration. */
export function formatDuration(parts: DurationParts): string {
  const words = PART_NAMES.filter(([key]) => parts[key] !== 0).map(([key, name]) =>
    `${parts[key]} ${name}${parts[key] === 1 ? "" : "s"}`
  );
  return words.length ? words.join(", ") : "0 seconds";
}

export interface DurationInputResult {
  /** What the input shows after normalising. */
  text: string;
  /** The duration to propagate, when valid. */
  valid: boolean;
  /** Readable form, or 'invalid'. */
  label: string;
}

/** Everything the input needs for one keystroke; `validator` may add a bound (e.g. at least one second). */
export function evaluateDurationInput(
  raw: string,
  validator?: (milliseconds: number, text: string) => boolean,
): DurationInputResult {
  const text = normalizeDurationText(raw);
  const parts = parseIsoDuration(text);
  const valid = parts !== undefined && (validator?.(durationMilliseconds(parts), text) ?? true);
  return { text, valid, label: valid && parts ? formatDuration(parts) : INVALID_DURATION_LABEL };
}
