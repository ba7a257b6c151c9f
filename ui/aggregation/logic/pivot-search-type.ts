import type { PivotSearchType } from "../../../api/schemas/search.ts";
import { TIME_UNIT_LETTERS } from "../../../api/schemas/widget-kinds.ts";
import type { AggregationWidgetConfig, PivotInterval, WidgetPivot } from "../../../api/schemas/widgets.ts";
import { parseSeriesFunction } from "../../widgets/logic/series-function.ts";

type BucketSpec = PivotSearchType["row_groups"][number];
type SearchTypeInterval = Extract<BucketSpec, { type: "time" }>["interval"];
type SearchTypeSeries = PivotSearchType["series"][number];

/**
 * The pivot search type that computes an aggregation widget (GRAYLOG-NOTES 'pivot search type'). A series' id is
 * its function string, which is how results are keyed back to metrics. Groupings without fields and metrics whose
 * function does not parse are left out: the editor does not save them, and a stored one must not break the search.
 */
export function toPivotSearchType(config: AggregationWidgetConfig, searchTypeId: string): PivotSearchType {
  return {
    type: "pivot",
    id: searchTypeId,
    name: "chart",
    row_groups: config.row_pivots.flatMap(toBucketSpec),
    column_groups: config.column_pivots.flatMap(toBucketSpec),
    series: config.series.flatMap(({ function: text }) => toSeries(text)),
    sort: config.sort.map(({ type, field, direction }) => ({ type, field, direction })),
    rollup: config.rollup,
  };
}

export function toSearchTypeInterval(interval: PivotInterval): SearchTypeInterval {
  if (interval.type === "auto") return { type: "auto", scaling: interval.scaling };
  return { type: "timeunit", timeunit: `${interval.value}${TIME_UNIT_LETTERS[interval.unit]}` };
}

function toBucketSpec(pivot: WidgetPivot): BucketSpec[] {
  if (pivot.fields.length === 0) return [];
  if (pivot.type === "time") {
    return [{
      type: "time",
      fields: [...pivot.fields],
      interval: toSearchTypeInterval(pivot.config.interval),
    }];
  }
  return [{
    type: "values",
    fields: [...pivot.fields],
    limit: pivot.config.limit,
    skip_empty_values: pivot.config.skip_empty_values ?? false,
  }];
}

function toSeries(text: string): SearchTypeSeries[] {
  const parsed = parseSeriesFunction(text);
  if (!parsed) return [];
  return [{
    type: parsed.type,
    id: text,
    field: parsed.field,
    ...(parsed.type === "percentile" ? { percentile: parsed.percentile } : {}),
  }];
}
