import { SERIES_TYPES, type SeriesType } from "../../../api/schemas/series-types.ts";

/** Which field a metric function takes: none needed (count), any field, or only numeric fields. */
export type MetricFieldRule = "optional" | "any" | "numeric";

export interface MetricFunctionDefinition {
  label: string;
  field: MetricFieldRule;
  /** The latest value is not an ordered quantity, so it cannot be sorted on (spec 001 §5). */
  sortable: boolean;
}

/**
 * Every series function the Metrics section offers. Exhaustive over SeriesType so a new function does not
 * compile until the editor knows whether it needs a field. Fields are restricted to numeric ones unless the
 * function is count, card or latest (spec 001 §5).
 */
export const METRIC_FUNCTIONS: Record<SeriesType, MetricFunctionDefinition> = {
  avg: { label: "Average", field: "numeric", sortable: true },
  card: { label: "Cardinality", field: "any", sortable: true },
  count: { label: "Count", field: "optional", sortable: true },
  latest: { label: "Latest Value", field: "any", sortable: false },
  max: { label: "Maximum", field: "numeric", sortable: true },
  min: { label: "Minimum", field: "numeric", sortable: true },
  percentile: { label: "Percentile", field: "numeric", sortable: true },
  stddev: { label: "Standard Deviation", field: "numeric", sortable: true },
  sum: { label: "Sum", field: "numeric", sortable: true },
  sumofsquares: { label: "Sum of Squares", field: "numeric", sortable: true },
  variance: { label: "Variance", field: "numeric", sortable: true },
};

/** Percentile choices of the metric form (spec 001 §9). */
export const PERCENTILE_OPTIONS = [25, 50, 75, 90, 95, 99] as const;

/** Functions in the order the function picker lists them (by label). */
export const METRIC_FUNCTION_ORDER: readonly SeriesType[] = [...SERIES_TYPES].sort((a, b) =>
  METRIC_FUNCTIONS[a].label.localeCompare(METRIC_FUNCTIONS[b].label)
);

export function isSeriesType(name: string): name is SeriesType {
  return (SERIES_TYPES as readonly string[]).includes(name);
}
