import { z } from "@hono/zod-openapi";
import type { Metric } from "./metrics.ts";

const RatesSchema = { m1_rate: z.number(), m5_rate: z.number(), m15_rate: z.number(), mean_rate: z.number() };
const DistributionSchema = {
  min: z.number(),
  max: z.number(),
  mean: z.number(),
  stddev: z.number(),
  p95: z.number(),
  p98: z.number(),
  p99: z.number(),
};

/**
 * `GET /system/metrics`: the whole registry as Graylog 5.1 answers it (Dropwizard's MetricsModule: metrics grouped by
 * kind, each by full name; rates per second, timer durations in milliseconds). The reservoirs keep the 95th, 98th
 * and 99th percentiles, so the median, 75th and 99.9th are not in a snapshot.
 */
export const MetricRegistryDumpSchema = z
  .object({
    version: z.string(),
    gauges: z.record(z.string(), z.object({ value: z.number() })),
    counters: z.record(z.string(), z.object({ count: z.number() })),
    histograms: z.record(z.string(), z.object({ count: z.number(), ...DistributionSchema })),
    meters: z.record(z.string(), z.object({ count: z.number(), ...RatesSchema, units: z.string() })),
    timers: z.record(
      z.string(),
      z.object({ count: z.number(), ...DistributionSchema, ...RatesSchema, duration_units: z.string(), rate_units: z.string() }),
    ),
  })
  .openapi("MetricRegistryDump");

export type MetricRegistryDump = z.infer<typeof MetricRegistryDumpSchema>;

/** The registry's metrics in the dump's shape. */
export function metricRegistryDump(metrics: readonly Metric[]): MetricRegistryDump {
  const dump: MetricRegistryDump = { version: "4.0.0", gauges: {}, counters: {}, histograms: {}, meters: {}, timers: {} };
  for (const metric of metrics) {
    switch (metric.type) {
      case "gauge":
        dump.gauges[metric.full_name] = { value: metric.metric.value };
        break;
      case "counter":
        dump.counters[metric.full_name] = { count: metric.metric.count };
        break;
      case "meter": {
        const { rate } = metric.metric;
        dump.meters[metric.full_name] = { count: rate.total, ...rates(rate), units: "events/second" };
        break;
      }
      case "histogram":
        dump.histograms[metric.full_name] = { count: metric.metric.count, ...distribution(metric.metric.time, 1) };
        break;
      case "timer": {
        const { time, rate } = metric.metric;
        // Snapshots are in microseconds; the dump writes milliseconds.
        dump.timers[metric.full_name] = {
          count: rate.total,
          ...distribution(time, 1 / 1000),
          ...rates(rate),
          duration_units: "milliseconds",
          rate_units: "calls/second",
        };
        break;
      }
    }
  }
  return dump;
}

type Rate = Extract<Metric, { type: "meter" }>["metric"]["rate"];
type Snapshot = Extract<Metric, { type: "histogram" }>["metric"]["time"];

function rates(rate: Rate) {
  return { m1_rate: rate.one_minute, m5_rate: rate.five_minute, m15_rate: rate.fifteen_minute, mean_rate: rate.mean };
}

function distribution(snapshot: Snapshot, scale: number) {
  return {
    min: snapshot.min * scale,
    max: snapshot.max * scale,
    mean: snapshot.mean * scale,
    stddev: snapshot.std_dev * scale,
    p95: snapshot["95th_percentile"] * scale,
    p98: snapshot["98th_percentile"] * scale,
    p99: snapshot["99th_percentile"] * scale,
  };
}
