import type { TREND_PREFERENCES } from "../../../../api/schemas/widgets.ts";

/**
 * The single number's trend against the previous period (spec 001 §4 'Numeric trend'): difference = current
 * minus previous, ratio = difference over previous; coloured good, bad or neutral by the preference and the
 * sign, with an arrow up, down or right.
 */

export type TrendPreference = (typeof TREND_PREFERENCES)[number];
export type TrendDirection = "up" | "down" | "flat";
export type TrendRating = "good" | "bad" | "neutral";

export interface Trend {
  difference: number;
  /** Infinity or NaN when the previous value is 0 (formatted as '--'). */
  ratio: number;
  direction: TrendDirection;
  rating: TrendRating;
}

/** What a direction means under each preference; NEUTRAL never judges. */
const RATINGS: Record<TrendPreference, Record<TrendDirection, TrendRating>> = {
  HIGHER: { up: "good", down: "bad", flat: "neutral" },
  LOWER: { up: "bad", down: "good", flat: "neutral" },
  NEUTRAL: { up: "neutral", down: "neutral", flat: "neutral" },
};

/** The trend, or null when either value is missing or not a number (nothing to compare). */
export function computeTrend(current: unknown, previous: unknown, preference: TrendPreference): Trend | null {
  if (typeof current !== "number" || typeof previous !== "number") return null;
  if (!Number.isFinite(current) || !Number.isFinite(previous)) return null;
  const difference = current - previous;
  const ratio = difference / previous;
  const direction = trendDirection(difference);
  return { difference, ratio, direction, rating: RATINGS[preference][direction] };
}

export function trendDirection(difference: number): TrendDirection {
  if (difference > 0) return "up";
  if (difference < 0) return "down";
  return "flat";
}
