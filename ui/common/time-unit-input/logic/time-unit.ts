/** Time units of spec 000 §3 and the time unit input's rules (spec 000 §4, §5, §9). */
export type TimeUnit =
  | "NANOSECONDS"
  | "MICROSECONDS"
  | "MILLISECONDS"
  | "SECONDS"
  | "MINUTES"
  | "HOURS"
  | "DAYS";

export const TIME_UNITS: readonly TimeUnit[] = [
  "NANOSECONDS",
  "MICROSECONDS",
  "MILLISECONDS",
  "SECONDS",
  "MINUTES",
  "HOURS",
  "DAYS",
];

export const TIME_UNIT_LABELS: Record<TimeUnit, string> = {
  NANOSECONDS: "nanoseconds",
  MICROSECONDS: "microseconds",
  MILLISECONDS: "milliseconds",
  SECONDS: "seconds",
  MINUTES: "minutes",
  HOURS: "hours",
  DAYS: "days",
};

/** Milliseconds per unit, for comparing durations across units. */
export const TIME_UNIT_MILLISECONDS: Record<TimeUnit, number> = {
  NANOSECONDS: 1e-6,
  MICROSECONDS: 1e-3,
  MILLISECONDS: 1,
  SECONDS: 1000,
  MINUTES: 60_000,
  HOURS: 3_600_000,
  DAYS: 86_400_000,
};

export const DEFAULT_TIME_UNIT_VALUE = 1;
export const DEFAULT_TIME_UNIT: TimeUnit = "SECONDS";
export const NEVER_LABEL = "Never";

export function isTimeUnit(value: unknown): value is TimeUnit {
  return typeof value === "string" && (TIME_UNITS as readonly string[]).includes(value);
}

/** The checkbox state: always on when required (spec 000 §4). */
export function isTimeUnitEnabled(required: boolean, enabled: boolean | undefined): boolean {
  return required || (enabled ?? false);
}

/**
 * The value typed into the input: a number; an empty or invalid text falls back to 1 unless the input is
 * clearable, when it becomes undefined (spec 000 §5).
 */
export function parseTimeUnitValue(text: string | number, clearable: boolean): number | undefined {
  if (typeof text === "number") {
    return Number.isFinite(text) ? text : clearable ? undefined : DEFAULT_TIME_UNIT_VALUE;
  }
  const trimmed = text.trim();
  const parsed = trimmed === "" ? Number.NaN : Number(trimmed);
  if (Number.isFinite(parsed)) return parsed;
  return clearable ? undefined : DEFAULT_TIME_UNIT_VALUE;
}

/** Zero displays as 'Never' (spec 000 §4). */
export function isNeverValue(value: number | undefined): boolean {
  return value === 0;
}

export function toMilliseconds(value: number, unit: TimeUnit): number {
  return value * TIME_UNIT_MILLISECONDS[unit];
}
