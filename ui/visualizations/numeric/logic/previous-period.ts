import type { EffectiveTimeRange } from "../../../../api/schemas/timerange.ts";

/** An absolute time range as the search API takes it. */
export interface AbsoluteRange {
  type: "absolute";
  from: string;
  to: string;
}

/**
 * The period just before the current one, of the same length: the single number's trend compares against
 * it (the widget runs a second pivot over this range). Computed from the range the search actually used
 * (`effective_timerange`), so relative and keyword ranges compare like for like.
 */
export function previousPeriod(current: EffectiveTimeRange | { from: string; to: string }): AbsoluteRange {
  const from = Date.parse(current.from);
  const to = Date.parse(current.to);
  if (Number.isNaN(from) || Number.isNaN(to)) {
    throw new Error(`Cannot compute the previous period of ${current.from} to ${current.to}`);
  }
  const length = Math.max(0, to - from);
  return { type: "absolute", from: new Date(from - length).toISOString(), to: new Date(from).toISOString() };
}
