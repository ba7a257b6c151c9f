import { pipelineThroughputMetric } from "../../../../shared/pipeline-metrics.ts";

/** A pipeline's throughput as the list shows it: the 1-minute rate and the total since the server started. */
export interface PipelineThroughput {
  rate: number;
  total: number;
}

interface MeterMetric {
  full_name: string;
  type: string;
  metric: unknown;
}

/** The throughput per pipeline id from a `/system/metrics/multiple` answer (0 when a pipeline has no meter yet). */
export function throughputByPipeline(ids: readonly string[], metrics: readonly MeterMetric[]): Record<string, PipelineThroughput> {
  return Object.fromEntries(ids.map((id) => {
    const metric = metrics.find((candidate) => candidate.full_name === pipelineThroughputMetric(id));
    const rate = metric?.type === "meter" ? (metric.metric as { rate: { one_minute: number; total: number } }).rate : null;
    return [id, { rate: rate?.one_minute ?? 0, total: rate?.total ?? 0 }];
  }));
}

/** "12.3 msg/s (4,567 total)". */
export function throughputText({ rate, total }: PipelineThroughput): string {
  return `${rate.toFixed(rate < 10 ? 1 : 0)} msg/s (${total.toLocaleString("en-US")} total)`;
}
