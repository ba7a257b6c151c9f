import type { AggregationWidgetConfig } from "../../../api/schemas/widgets.ts";

/** Joins grouping values and metric names into one display name, as Graylog shows them ('eu-count()'). */
export const HUMAN_SEPARATOR = "-";

/**
 * The display name of every metric by its series id. A pivot result keys values by the metric's function text
 * (`count()`); a metric the user named shows that name instead.
 */
export function metricNames(config: Pick<AggregationWidgetConfig, "series">): Map<string, string> {
  return new Map(
    config.series.map((series) => [series.function, series.config.name?.trim() || series.function]),
  );
}

/** The metric name of a series id: its given name, else the id itself. */
export function metricName(names: ReadonlyMap<string, string>, seriesId: string): string {
  return names.get(seriesId) ?? seriesId;
}

/**
 * A chart series' name: the metric name for a rollup (row total) series, else the column grouping values and
 * the metric name joined ('eu-count()').
 */
export function seriesName(columnKeys: readonly string[], metric: string): string {
  return [...columnKeys, metric].join(HUMAN_SEPARATOR);
}
