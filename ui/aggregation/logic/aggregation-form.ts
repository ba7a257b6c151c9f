import type { SeriesType } from "../../../api/schemas/search.ts";
import type { SortDirection, TimeUnit, VisualizationType } from "../../../api/schemas/widgets.ts";
import type { VisualizationFormConfig } from "./visualization-config.ts";

/**
 * The aggregation editor's form (spec 001 §3 'Client form', §2 'Aggregation widget editor'). Row and column
 * pivots are one ordered list of groupings, each with a direction, because the editor reorders them together;
 * every value a user can clear is optional here so the validation can name what is missing.
 */
export interface AggregationFormValues {
  groupings: GroupingFormValue[];
  /** 'Rollup Columns': only meaningful with a column grouping. */
  rollup: boolean;
  metrics: MetricFormValue[];
  sort: SortFormValue[];
  visualization: VisualizationFormValue;
  /** Legend colours are chosen on the chart, not in the editor: carried through unchanged. */
  chartColors: Array<{ field_name: string; chart_color: string }> | null;
}

export type GroupingDirection = "row" | "column";

export type IntervalFormValue =
  | { type: "auto"; scaling: number | undefined }
  | { type: "timeunit"; value: number | undefined; unit: TimeUnit };

interface GroupingCommon {
  /** Stable key for lists and drag and drop; never sent. */
  id: string;
  direction: GroupingDirection;
  fields: string[];
}

export interface TimeGroupingFormValue extends GroupingCommon {
  type: "time";
  interval: IntervalFormValue;
}

export interface ValuesGroupingFormValue extends GroupingCommon {
  type: "values";
  limit: number | undefined;
  skipEmptyValues: boolean;
}

export type GroupingFormValue = TimeGroupingFormValue | ValuesGroupingFormValue;

/** The metric form: function, field, percentile, name (spec 001 §3 'Metric form'). */
export interface MetricFormValue {
  id: string;
  function: SeriesType | undefined;
  field: string | undefined;
  percentile: number | undefined;
  /** Optional display name (series config.name). */
  name: string;
}

/** A sort entry; the form says groupBy/metric where the wire says pivot/series. */
export interface SortFormValue {
  id: string;
  type: "groupBy" | "metric" | undefined;
  field: string | undefined;
  direction: SortDirection | undefined;
}

export interface VisualizationFormValue {
  type: VisualizationType | undefined;
  config: VisualizationFormConfig;
  eventAnnotation: boolean;
}

let lastId = 0;

/** A fresh key for a form list item (groupings, metrics, sort entries). */
export function nextFormId(prefix: string): string {
  lastId += 1;
  return `${prefix}-${lastId}`;
}
