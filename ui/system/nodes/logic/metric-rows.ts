import type { Metric, MetricType } from "../../../../api/schemas/metrics.ts";

/** One metric as the metrics page lists it: its name, kind and the figures to show, formatted once. */
export interface MetricRow {
  fullName: string;
  type: MetricType;
  figures: { label: string; value: string }[];
}

const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const fmt = (value: number) => number.format(value);
const micros = (value: number) => `${fmt(value / 1000)} ms`;

type Figures = { [T in MetricType]: (metric: Extract<Metric, { type: T }>["metric"]) => MetricRow["figures"] };

/** The figures of each metric kind (exhaustive: a new kind does not compile until it is listed here). */
const FIGURES: Figures = {
  gauge: (metric) => [{ label: "Value", value: fmt(metric.value) }],
  counter: (metric) => [{ label: "Count", value: fmt(metric.count) }],
  meter: (metric) => [
    { label: "Total", value: fmt(metric.rate.total) },
    { label: "Mean", value: `${fmt(metric.rate.mean)}/s` },
    { label: "1 minute", value: `${fmt(metric.rate.one_minute)}/s` },
    { label: "5 minutes", value: `${fmt(metric.rate.five_minute)}/s` },
    { label: "15 minutes", value: `${fmt(metric.rate.fifteen_minute)}/s` },
  ],
  timer: (metric) => [
    { label: "Count", value: fmt(metric.rate.total) },
    { label: "Mean", value: micros(metric.time.mean) },
    { label: "95th percentile", value: micros(metric.time["95th_percentile"]) },
    { label: "99th percentile", value: micros(metric.time["99th_percentile"]) },
    { label: "Max", value: micros(metric.time.max) },
    { label: "1 minute rate", value: `${fmt(metric.rate.one_minute)}/s` },
  ],
  histogram: (metric) => [
    { label: "Count", value: fmt(metric.count) },
    { label: "Mean", value: fmt(metric.time.mean) },
    { label: "Min", value: fmt(metric.time.min) },
    { label: "Max", value: fmt(metric.time.max) },
    { label: "99th percentile", value: fmt(metric.time["99th_percentile"]) },
  ],
};

export function metricRow(metric: Metric): MetricRow {
  // FIGURES is exhaustive per kind; TypeScript cannot correlate the kind with its value through the index, hence the cast.
  const figures = (FIGURES[metric.type] as (value: Metric["metric"]) => MetricRow["figures"])(metric.metric);
  return { fullName: metric.full_name, type: metric.type, figures };
}

/** Names containing every word of the filter (case-insensitive), so "heap used" finds jvm.memory.heap.used. */
export function filterMetricNames(names: readonly string[], filter: string): string[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  return names.filter((name) => words.every((word) => name.toLowerCase().includes(word)));
}
