import type { TimeRange } from "../../api/schemas/timerange.ts";
import { previousPeriod } from "../visualizations/numeric/logic/previous-period.ts";
import { toIso } from "./search-request.ts";
import type { TimeRangeState } from "./url-state.ts";

/**
 * The period before the page's time range, for a single number's trend: as long as the range and ending where it
 * starts. None for 'All time' and keyword ranges (their bounds are known only to the server).
 */
export function trendTimeRange(range: TimeRangeState, now: number): TimeRange | null {
  switch (range.type) {
    case "relative":
      return range.range > 0 ? previousPeriod({ from: new Date(now - range.range * 1000).toISOString(), to: new Date(now).toISOString() }) : null;
    case "absolute":
      return previousPeriod({ from: toIso(range.from), to: toIso(range.to) });
    case "keyword":
      return null;
  }
}
