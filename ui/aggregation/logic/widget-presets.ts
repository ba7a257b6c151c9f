import type { FieldTypeMapping } from "../../../api/schemas/search-support.ts";
import type { SeriesType } from "../../../api/schemas/search.ts";
import type {
  AggregationWidgetConfig,
  VisualizationType,
  WidgetPivot,
} from "../../../api/schemas/widgets.ts";
import { formatSeriesFunction } from "../../widgets/logic/series-function.ts";
import { isNumericField } from "./field-types.ts";
import { defaultVisualizationConfig } from "./visualization-config.ts";

/** Grouping defaults (spec 001 §9): values groupings keep the top 15, time groupings scale automatically. */
export const DEFAULT_GROUPING_LIMIT = 15;
export const DEFAULT_AUTO_SCALING = 1;

/** The percentile the Statistics action adds (spec 001 §9). */
export const STATISTICS_PERCENTILE = 95;

/** Statistics of a numeric field, in this order; other fields get only count and card (spec 001 §9). */
export const NUMERIC_STATISTICS: readonly SeriesType[] = [
  "count",
  "sum",
  "avg",
  "min",
  "max",
  "stddev",
  "variance",
  "card",
  "percentile",
];
export const NON_NUMERIC_STATISTICS: readonly SeriesType[] = ["count", "card"];

/** Shown by an aggregation widget whose config has neither groupings nor metrics (spec 001 §5). */
export const EMPTY_AGGREGATION_TEXT = "To see results, add at least one metric";

export function isEmptyAggregation(config: AggregationWidgetConfig): boolean {
  return config.series.length === 0 && config.row_pivots.length === 0 && config.column_pivots.length === 0;
}

/** The default new aggregation widget: count over a timestamp time pivot as a bar chart, rollup on (spec 001 §9). */
export function defaultAggregationConfig(): AggregationWidgetConfig {
  return aggregationConfig({
    row_pivots: [timePivot("timestamp")],
    series: [{ function: "count()", config: {} }],
    visualization: "bar",
  });
}

/** 'Show top values' of a field: its values as rows, counted, most frequent first, as a data table. */
export function topValuesConfig(field: string): AggregationWidgetConfig {
  return aggregationConfig({
    row_pivots: [valuesPivot(field)],
    series: [{ function: "count()", config: {} }],
    sort: [{ type: "series", field: "count()", direction: "Descending" }],
    visualization: "table",
  });
}

/** 'Statistics' of a field: the §9 statistics functions over it as a data table; non-numeric gets count and card. */
export function statisticsConfig(
  field: string,
  fieldTypes: readonly FieldTypeMapping[],
): AggregationWidgetConfig {
  const functions = isNumericField(fieldTypes, field) ? NUMERIC_STATISTICS : NON_NUMERIC_STATISTICS;
  return aggregationConfig({
    series: functions.map((type) => ({
      function: formatSeriesFunction({
        type,
        field,
        percentile: type === "percentile" ? STATISTICS_PERCENTILE : null,
      }),
      config: {},
    })),
    visualization: "table",
  });
}

/** A time grouping with the default interval (auto, scaling 1). */
export function timePivot(field: string): WidgetPivot {
  return {
    type: "time",
    fields: [field],
    config: { interval: { type: "auto", scaling: DEFAULT_AUTO_SCALING } },
  };
}

/** A values grouping with the default limit. */
export function valuesPivot(field: string): WidgetPivot {
  return {
    type: "values",
    fields: [field],
    config: { limit: DEFAULT_GROUPING_LIMIT, skip_empty_values: false },
  };
}

function aggregationConfig(
  parts: Partial<AggregationWidgetConfig> & { visualization: VisualizationType },
): AggregationWidgetConfig {
  return {
    row_pivots: [],
    column_pivots: [],
    series: [],
    sort: [],
    rollup: true,
    visualization_config: defaultVisualizationConfig(parts.visualization),
    formatting_settings: null,
    event_annotation: false,
    ...parts,
  };
}
