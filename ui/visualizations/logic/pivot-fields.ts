import type { AggregationWidgetConfig } from "../../../api/schemas/widgets.ts";

/**
 * The grouping fields in the order their values appear in a pivot result's keys: a row's key holds one value
 * per field of every row grouping, a value's key one per field of every column grouping (then the series id).
 */
export function rowFields(config: Pick<AggregationWidgetConfig, "row_pivots">): string[] {
  return config.row_pivots.flatMap((pivot) => pivot.fields);
}

export function columnFields(config: Pick<AggregationWidgetConfig, "column_pivots">): string[] {
  return config.column_pivots.flatMap((pivot) => pivot.fields);
}

/**
 * Whether a chart's x axis is time: the rows are grouped by exactly one time grouping of one field, so every
 * row key is a bucket start. Any other grouping draws categories (the row keys joined).
 */
export function hasTimeAxis(config: Pick<AggregationWidgetConfig, "row_pivots">): boolean {
  const [first, ...rest] = config.row_pivots;
  return first !== undefined && rest.length === 0 && first.type === "time" && first.fields.length === 1;
}
