import type { TimeInterval } from "./time-interval.ts";

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A rung of the ladder: ranges up to `upTo` ms (inclusive unless `exclusive`) get `interval`. */
export interface IntervalRung {
  upTo: number;
  exclusive?: boolean;
  interval: TimeInterval;
}

/**
 * Graylog 5.1's auto interval ladder (AutoInterval): the histogram interval by the length of the time range,
 * aiming at roughly 60–300 buckets. Each rung covers ranges above the previous rung up to `upTo`; the last
 * rung (one month) covers everything longer.
 */
export const AUTO_INTERVAL_LADDER: readonly IntervalRung[] = [
  { upTo: 20, interval: { quantity: 1, unit: "ms" } },
  { upTo: 200, interval: { quantity: 5, unit: "ms" } },
  { upTo: 500, interval: { quantity: 10, unit: "ms" } },
  { upTo: SECOND, interval: { quantity: 20, unit: "ms" } },
  { upTo: 2 * SECOND, interval: { quantity: 40, unit: "ms" } },
  { upTo: 10 * SECOND, interval: { quantity: 200, unit: "ms" } },
  { upTo: 30 * SECOND, interval: { quantity: 500, unit: "ms" } },
  { upTo: MINUTE, interval: { quantity: 1, unit: "s" } },
  { upTo: 2 * MINUTE, interval: { quantity: 2, unit: "s" } },
  { upTo: 4 * MINUTE, interval: { quantity: 5, unit: "s" } },
  { upTo: 7 * MINUTE, interval: { quantity: 10, unit: "s" } },
  { upTo: 10 * MINUTE, interval: { quantity: 20, unit: "s" } },
  { upTo: 30 * MINUTE, interval: { quantity: 30, unit: "s" } },
  { upTo: HOUR, interval: { quantity: 1, unit: "m" } },
  { upTo: 2 * HOUR, interval: { quantity: 2, unit: "m" } },
  { upTo: 4 * HOUR, interval: { quantity: 5, unit: "m" } },
  { upTo: 12 * HOUR, interval: { quantity: 10, unit: "m" } },
  { upTo: 16 * HOUR, interval: { quantity: 15, unit: "m" } },
  { upTo: DAY, interval: { quantity: 30, unit: "m" } },
  { upTo: 2 * DAY, interval: { quantity: 1, unit: "h" } },
  { upTo: 4 * DAY, interval: { quantity: 2, unit: "h" } },
  { upTo: 10 * DAY, interval: { quantity: 4, unit: "h" } },
  { upTo: 12 * DAY, interval: { quantity: 6, unit: "h" } },
  { upTo: 28 * DAY, interval: { quantity: 12, unit: "h" } },
  { upTo: 60 * DAY, interval: { quantity: 1, unit: "d" } },
  { upTo: 120 * DAY, interval: { quantity: 2, unit: "d" } },
  { upTo: 180 * DAY, interval: { quantity: 3, unit: "d" } },
  { upTo: 365 * DAY, interval: { quantity: 1, unit: "w" } },
  { upTo: 730 * DAY, exclusive: true, interval: { quantity: 14, unit: "d" } },
];

const LONGEST: TimeInterval = { quantity: 1, unit: "M" };

/**
 * The auto interval for a range of `rangeMs` scaled by `scaling` (the widget's granularity: below 1 finer
 * buckets, above 1 coarser), Graylog's rule: scale the range, round to whole milliseconds, look it up.
 */
export function autoInterval(rangeMs: number, scaling = 1): TimeInterval {
  const scaled = Math.round(Math.max(0, rangeMs) * scaling);
  const rung = AUTO_INTERVAL_LADDER.find((
    step,
  ) => (step.exclusive ? scaled < step.upTo : scaled <= step.upTo));
  return { ...(rung?.interval ?? LONGEST) };
}
