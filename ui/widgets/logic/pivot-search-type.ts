import type { BucketSpec, PivotSearchType, Series } from "../../../api/schemas/search.ts";
import type { AggregationWidgetConfig, PivotInterval, WidgetPivot } from "../../../api/schemas/widgets.ts";
import { parseSeriesFunction } from "./series-function.ts";

/** Time units of a widget interval → the search type's timeunit suffix. */
const TIME_UNIT_SUFFIX: Record<Extract<PivotInterval, { type: "timeunit" }>["unit"], string> = {
  seconds: "s",
  minutes: "m",
  hours: "h",
  days: "d",
  weeks: "w",
  months: "M",
};

function toBucketSpec(pivot: WidgetPivot): BucketSpec {
  if (pivot.type === "values") {
    return { type: "values", fields: pivot.fields, limit: pivot.config.limit, skip_empty_values: pivot.config.skip_empty_values ?? false };
  }
  const interval = pivot.config.interval;
  return {
    type: "time",
    fields: pivot.fields,
    interval: interval.type === "auto"
      ? { type: "auto", scaling: interval.scaling }
      : { type: "timeunit", timeunit: `${interval.value}${TIME_UNIT_SUFFIX[interval.unit]}` },
  };
}

function toSeries(text: string): Series | null {
  const parsed = parseSeriesFunction(text);
  return parsed ? { type: parsed.type, id: text, field: parsed.field, percentile: parsed.percentile } : null;
}

/** The pivot search type an aggregation widget runs (spec 001 §3, §7); unparsable metrics are left out. */
export function toPivotSearchType(config: AggregationWidgetConfig, id: string): PivotSearchType {
  return {
    type: "pivot",
    id,
    row_groups: config.row_pivots.map(toBucketSpec),
    column_groups: config.column_pivots.map(toBucketSpec),
    series: config.series.flatMap((series) => toSeries(series.function) ?? []),
    sort: config.sort,
    rollup: config.rollup,
  };
}
