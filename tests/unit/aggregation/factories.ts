import type { FieldTypeMapping } from "../../../api/schemas/search-support.ts";
import type { AggregationWidgetConfig } from "../../../api/schemas/widgets.ts";
import type {
  AggregationFormValues,
  MetricFormValue,
  SortFormValue,
  TimeGroupingFormValue,
  ValuesGroupingFormValue,
} from "../../../ui/aggregation/logic/aggregation-form.ts";

/** Test data for the aggregation editor's logic: each factory takes the parts a test cares about. */

export function aggregationConfig(overrides: Partial<AggregationWidgetConfig> = {}): AggregationWidgetConfig {
  return {
    row_pivots: [],
    column_pivots: [],
    series: [],
    sort: [],
    rollup: true,
    visualization: "table",
    visualization_config: { pinned_columns: [] },
    formatting_settings: null,
    event_annotation: false,
    ...overrides,
  };
}

export function formValues(overrides: Partial<AggregationFormValues> = {}): AggregationFormValues {
  return {
    groupings: [],
    rollup: true,
    metrics: [metric()],
    sort: [],
    visualization: { type: "table", config: { pinned_columns: [] }, eventAnnotation: false },
    chartColors: null,
    ...overrides,
  };
}

export function timeGrouping(overrides: Partial<TimeGroupingFormValue> = {}): TimeGroupingFormValue {
  return {
    id: "g-time",
    direction: "row",
    type: "time",
    fields: ["timestamp"],
    interval: { type: "auto", scaling: 1 },
    ...overrides,
  };
}

export function valuesGrouping(overrides: Partial<ValuesGroupingFormValue> = {}): ValuesGroupingFormValue {
  return {
    id: "g-values",
    direction: "row",
    type: "values",
    fields: ["source"],
    limit: 15,
    skipEmptyValues: false,
    ...overrides,
  };
}

export function metric(overrides: Partial<MetricFormValue> = {}): MetricFormValue {
  return { id: "m", function: "count", field: undefined, percentile: undefined, name: "", ...overrides };
}

export function sortEntry(overrides: Partial<SortFormValue> = {}): SortFormValue {
  return { id: "s", type: "metric", field: "count()", direction: "Descending", ...overrides };
}

export function fieldType(name: string, type: string, numeric = false): FieldTypeMapping {
  return {
    name,
    type: {
      type,
      properties: numeric ? ["numeric", "enumerable"] : ["enumerable"],
      index_names: ["graylog_0"],
    },
  };
}

export const FIELD_TYPES: FieldTypeMapping[] = [
  fieldType("timestamp", "date"),
  fieldType("source", "string"),
  fieldType("http_method", "string"),
  fieldType("took_ms", "long", true),
  fieldType("bytes", "double", true),
];
