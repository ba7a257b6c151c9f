import type { Metric } from "../../../../api/schemas/metrics.ts";

/** A gauge's value among metrics, formatted; 0 when the node did not report it. */
export function gaugeValue(metrics: readonly Metric[], fullName: string): string {
  const metric = metrics.find((candidate) => candidate.full_name === fullName);
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(metric?.type === "gauge" ? metric.metric.value : 0);
}
