import type { FieldTypeMapping } from "../../../api/schemas/search-support.ts";
import type { SeriesType } from "../../../api/schemas/search.ts";
import type { VisualizationType } from "../../../api/schemas/widgets.ts";
import {
  type AggregationFormValues,
  type GroupingFormValue,
  type IntervalFormValue,
  type MetricFormValue,
  nextFormId,
  type SortFormValue,
} from "./aggregation-form.ts";
import { fieldNames, isDateField, isNumericField } from "./field-types.ts";
import { metricFunctionString } from "./form-conversion.ts";
import { METRIC_FUNCTIONS } from "./metric-functions.ts";
import { defaultVisualizationConfig, SUPPORTS_EVENT_ANNOTATION } from "./visualization-config.ts";
import { DEFAULT_AUTO_SCALING, DEFAULT_GROUPING_LIMIT } from "./widget-presets.ts";

/** Pure edits of the aggregation form, so the component only wires inputs to them (spec 001 §4 'Widget editing'). */

/** A grouping before a field is chosen: a row grouping of values, becoming a time grouping with a date field. */
export function newGrouping(): GroupingFormValue {
  return {
    id: nextFormId("grouping"),
    direction: "row",
    type: "values",
    fields: [],
    limit: DEFAULT_GROUPING_LIMIT,
    skipEmptyValues: false,
  };
}

/** The interval a time grouping starts with, and what the toggle switches to (spec 001 §9). */
export const DEFAULT_AUTO_INTERVAL: IntervalFormValue = { type: "auto", scaling: DEFAULT_AUTO_SCALING };
export const DEFAULT_TIMEUNIT_INTERVAL: IntervalFormValue = { type: "timeunit", value: 1, unit: "minutes" };

/**
 * Sets a grouping's fields. A date field makes it a time grouping (with an interval), anything else a values
 * grouping (with a limit); settings of the kind it already was are kept.
 */
export function setGroupingFields(
  grouping: GroupingFormValue,
  fields: readonly string[],
  fieldTypes: readonly FieldTypeMapping[],
): GroupingFormValue {
  const { id, direction } = grouping;
  const isTime = fields.length > 0 && isDateField(fieldTypes, fields[0]);
  if (isTime) {
    const interval = grouping.type === "time" ? grouping.interval : DEFAULT_AUTO_INTERVAL;
    return { id, direction, type: "time", fields: [...fields], interval };
  }
  if (grouping.type === "values") return { ...grouping, fields: [...fields] };
  return {
    id,
    direction,
    type: "values",
    fields: [...fields],
    limit: DEFAULT_GROUPING_LIMIT,
    skipEmptyValues: false,
  };
}

/** Fields a grouping's picker offers: once it has fields, only those of the same kind (date or not). */
export function groupingFieldChoices(
  grouping: GroupingFormValue,
  fieldTypes: readonly FieldTypeMapping[],
): string[] {
  const names = fieldNames(fieldTypes);
  if (grouping.fields.length === 0) return names;
  const wantDate = grouping.type === "time";
  return names.filter((name) => isDateField(fieldTypes, name) === wantDate);
}

/** The 'auto' toggle: auto with scaling 1, or every 1 minute. */
export function toggleAutoInterval(auto: boolean): IntervalFormValue {
  return auto ? { ...DEFAULT_AUTO_INTERVAL } : { ...DEFAULT_TIMEUNIT_INTERVAL };
}

export function newMetric(): MetricFormValue {
  return { id: nextFormId("metric"), function: undefined, field: undefined, percentile: undefined, name: "" };
}

/**
 * Changes a metric's function. A field the new function cannot take (a string field for avg) is cleared, so the
 * field input asks for a new one (spec 001 §4).
 */
export function setMetricFunction(
  metric: MetricFormValue,
  fn: SeriesType | undefined,
  fieldTypes: readonly FieldTypeMapping[],
): MetricFormValue {
  const keepsField = metric.field !== undefined && fn !== undefined &&
    (METRIC_FUNCTIONS[fn].field !== "numeric" || isNumericField(fieldTypes, metric.field));
  return {
    ...metric,
    function: fn,
    field: keepsField ? metric.field : undefined,
    percentile: fn === "percentile" ? metric.percentile : undefined,
  };
}

/** Fields the metric's field picker offers: numeric ones unless the function is count, card or latest. */
export function metricFieldChoices(
  fn: SeriesType | undefined,
  fieldTypes: readonly FieldTypeMapping[],
): string[] {
  const names = fieldNames(fieldTypes);
  if (fn === undefined || METRIC_FUNCTIONS[fn].field !== "numeric") return names;
  return names.filter((name) => isNumericField(fieldTypes, name));
}

export function newSort(): SortFormValue {
  return { id: nextFormId("sort"), type: undefined, field: undefined, direction: undefined };
}

/** What a sort entry may point at: grouping fields and metrics, except the latest value (spec 001 §5). */
export interface SortChoice {
  /** `groupBy:<field>` or `metric:<function string>`: unique per choice, for a select. */
  value: string;
  label: string;
  type: "groupBy" | "metric";
  field: string;
}

export function sortChoices(form: AggregationFormValues): SortChoice[] {
  const fields = [...new Set(form.groupings.flatMap((grouping) => grouping.fields))];
  const metrics = form.metrics.filter((metric) =>
    metric.function && METRIC_FUNCTIONS[metric.function].sortable
  );
  const metricChoices = metrics.map((metric): SortChoice => {
    const fn = metricFunctionString(metric);
    return { value: `metric:${fn}`, label: metric.name.trim() || fn, type: "metric", field: fn };
  });
  return [
    ...fields.map((field): SortChoice => ({
      value: `groupBy:${field}`,
      label: field,
      type: "groupBy",
      field,
    })),
    ...metricChoices.filter((choice, index) =>
      metricChoices.findIndex((c) => c.value === choice.value) === index
    ),
  ];
}

export function sortChoiceValue(sort: SortFormValue): string | null {
  return sort.type && sort.field ? `${sort.type}:${sort.field}` : null;
}

/** Drops sort entries whose grouping field or metric is gone (after removing a grouping or metric). */
export function pruneSort(form: AggregationFormValues): AggregationFormValues {
  const known = new Set(sortChoices(form).map((choice) => choice.value));
  const sort = form.sort.filter((entry) => {
    const value = sortChoiceValue(entry);
    return value === null || known.has(value);
  });
  return sort.length === form.sort.length ? form : { ...form, sort };
}

/** Changing the visualization type resets its config to the new type's defaults (spec 001 §4). */
export function setVisualizationType(
  form: AggregationFormValues,
  type: VisualizationType,
): AggregationFormValues {
  return {
    ...form,
    visualization: {
      type,
      config: defaultVisualizationConfig(type),
      eventAnnotation: SUPPORTS_EVENT_ANNOTATION[type] && form.visualization.eventAnnotation,
    },
  };
}

/** Moves a list item (drag and drop or up/down); out-of-range moves leave the list as it was. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= items.length || to >= items.length) return [...items];
  const next = [...items];
  const [moved] = next.splice(from, 1);
  next.splice(to, 0, moved);
  return next;
}

/** Whether 'Rollup Columns' can be changed: only with a column grouping (spec 001 §2). */
export function canRollupColumns(form: AggregationFormValues): boolean {
  return form.groupings.some((grouping) => grouping.direction === "column");
}
