import type { AggregationWidgetConfig } from "../../../api/schemas/widgets.ts";

/** Title of an aggregation widget nobody named yet (no metric to describe). */
export const UNTITLED_AGGREGATION_TITLE = "Untitled Aggregation";

/**
 * 'Aggregating {series names} by {row fields}' or 'Aggregating {series names}' (spec 001 §3). A series is named by
 * its optional name, else its function string.
 */
export function aggregationWidgetTitle(
  config: Pick<AggregationWidgetConfig, "series" | "row_pivots">,
): string {
  const seriesNames = config.series.map((series) => series.config.name?.trim() || series.function);
  if (seriesNames.length === 0) return UNTITLED_AGGREGATION_TITLE;
  const rowFields = config.row_pivots.flatMap((pivot) => pivot.fields);
  const base = `Aggregating ${seriesNames.join(", ")}`;
  return rowFields.length === 0 ? base : `${base} by ${rowFields.join(", ")}`;
}
