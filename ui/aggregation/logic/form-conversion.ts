import type {
  AggregationWidgetConfig,
  WidgetPivot,
  WidgetSeries,
  WidgetSort,
} from "../../../api/schemas/widgets.ts";
import { formatSeriesFunction, parseSeriesFunction } from "../../widgets/logic/series-function.ts";
import {
  type AggregationFormValues,
  type GroupingDirection,
  type GroupingFormValue,
  type MetricFormValue,
  nextFormId,
  type SortFormValue,
} from "./aggregation-form.ts";
import { toEditableVisualizationConfig, toStoredVisualizationConfig } from "./visualization-config.ts";

/** The editor's form of a stored aggregation config (row_pivots/column_pivots → groupings, series → metrics, …). */
export function toAggregationForm(config: AggregationWidgetConfig): AggregationFormValues {
  return {
    groupings: [
      ...config.row_pivots.map((pivot) => toGroupingForm(pivot, "row")),
      ...config.column_pivots.map((pivot) => toGroupingForm(pivot, "column")),
    ],
    rollup: config.rollup,
    metrics: config.series.map(toMetricForm),
    sort: config.sort.map(toSortForm),
    visualization: {
      type: config.visualization,
      config: toEditableVisualizationConfig(config.visualization, config.visualization_config),
      eventAnnotation: config.event_annotation,
    },
    chartColors: config.formatting_settings?.chart_colors.map((color) => ({ ...color })) ?? null,
  };
}

/**
 * The wire config of a form. Call it on a valid form (validateAggregationForm returns no errors); empty optional
 * parts are left out rather than invented.
 */
export function toAggregationConfig(form: AggregationFormValues): AggregationWidgetConfig {
  const visualization = form.visualization.type ?? "table";
  return {
    row_pivots: pivotsOf(form.groupings, "row"),
    column_pivots: pivotsOf(form.groupings, "column"),
    series: form.metrics.map(toSeries),
    sort: form.sort.flatMap(toSort),
    rollup: form.rollup,
    visualization,
    visualization_config: toStoredVisualizationConfig(visualization, form.visualization.config),
    formatting_settings: form.chartColors
      ? { chart_colors: form.chartColors.map((color) => ({ ...color })) }
      : null,
    event_annotation: form.visualization.eventAnnotation,
  };
}

/** The function string of a metric form, e.g. `percentile(took_ms,95)`; empty while no function is chosen. */
export function metricFunctionString(metric: MetricFormValue): string {
  if (!metric.function) return "";
  return formatSeriesFunction({
    type: metric.function,
    field: metric.field ?? null,
    percentile: metric.function === "percentile" ? metric.percentile ?? null : null,
  });
}

function toGroupingForm(pivot: WidgetPivot, direction: GroupingDirection): GroupingFormValue {
  const common = { id: nextFormId("grouping"), direction, fields: [...pivot.fields] };
  if (pivot.type === "time") {
    const { interval } = pivot.config;
    return {
      ...common,
      type: "time",
      interval: interval.type === "auto"
        ? { type: "auto", scaling: interval.scaling }
        : { type: "timeunit", value: interval.value, unit: interval.unit },
    };
  }
  return {
    ...common,
    type: "values",
    limit: pivot.config.limit,
    skipEmptyValues: pivot.config.skip_empty_values ?? false,
  };
}

function pivotsOf(groupings: readonly GroupingFormValue[], direction: GroupingDirection): WidgetPivot[] {
  return groupings.filter((grouping) => grouping.direction === direction).map(toPivot);
}

function toPivot(grouping: GroupingFormValue): WidgetPivot {
  const fields = [...grouping.fields];
  if (grouping.type === "time") {
    const { interval } = grouping;
    return {
      type: "time",
      fields,
      config: {
        interval: interval.type === "auto"
          ? { type: "auto", scaling: interval.scaling ?? 1 }
          : { type: "timeunit", value: interval.value ?? 1, unit: interval.unit },
      },
    };
  }
  return {
    type: "values",
    fields,
    config: { limit: grouping.limit ?? 15, skip_empty_values: grouping.skipEmptyValues },
  };
}

function toMetricForm(series: WidgetSeries): MetricFormValue {
  const parsed = parseSeriesFunction(series.function);
  return {
    id: nextFormId("metric"),
    function: parsed?.type,
    field: parsed?.field ?? undefined,
    percentile: parsed?.percentile ?? undefined,
    name: series.config.name ?? "",
  };
}

function toSeries(metric: MetricFormValue): WidgetSeries {
  const name = metric.name.trim();
  return { function: metricFunctionString(metric), config: name === "" ? {} : { name } };
}

function toSortForm(sort: WidgetSort): SortFormValue {
  return {
    id: nextFormId("sort"),
    type: sort.type === "pivot" ? "groupBy" : "metric",
    field: sort.field,
    direction: sort.direction,
  };
}

function toSort(sort: SortFormValue): WidgetSort[] {
  if (!sort.type || !sort.field || !sort.direction) return [];
  return [{
    type: sort.type === "groupBy" ? "pivot" : "series",
    field: sort.field,
    direction: sort.direction,
  }];
}
