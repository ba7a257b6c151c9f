import { z } from "@hono/zod-openapi";

export const MetricsRequestSchema = z
  .object({ metrics: z.array(z.string().min(1).max(300)).max(500) })
  .strict()
  .openapi("MetricsRequest");

const RateSchema = z.object({
  total: z.number(),
  mean: z.number(),
  one_minute: z.number(),
  five_minute: z.number(),
  fifteen_minute: z.number(),
});

/** Dropwizard's snapshot of a timer's durations or a histogram's values (timers in microseconds, as Graylog). */
const SnapshotSchema = z.object({
  min: z.number(),
  max: z.number(),
  mean: z.number(),
  std_dev: z.number(),
  "95th_percentile": z.number(),
  "98th_percentile": z.number(),
  "99th_percentile": z.number(),
});

const GaugeValueSchema = z.object({ value: z.number() });
const CounterValueSchema = z.object({ count: z.number() });
const MeterValueSchema = z.object({ rate: RateSchema, rate_unit: z.literal("events/second") });
const TimerValueSchema = z.object({
  time: SnapshotSchema,
  rate: RateSchema,
  duration_unit: z.literal("microseconds"),
  rate_unit: z.literal("events/second"),
});
const HistogramValueSchema = z.object({ time: SnapshotSchema, count: z.number() });

const named = { full_name: z.string(), name: z.string() };

export const MetricSchema = z
  .discriminatedUnion("type", [
    z.object({ ...named, type: z.literal("gauge"), metric: GaugeValueSchema }),
    z.object({ ...named, type: z.literal("counter"), metric: CounterValueSchema }),
    z.object({ ...named, type: z.literal("meter"), metric: MeterValueSchema }),
    z.object({ ...named, type: z.literal("timer"), metric: TimerValueSchema }),
    z.object({ ...named, type: z.literal("histogram"), metric: HistogramValueSchema }),
  ])
  .openapi("Metric");

export const MetricsResponseSchema = z
  .object({ total: z.number().int(), metrics: z.array(MetricSchema) })
  .openapi("Metrics");

export const MetricNamesSchema = z.object({ names: z.array(z.string()) }).openapi("MetricNames");

/** `POST /cluster/metrics/multiple`: each node's answer by node id (Graylog 5.1's throughput indicator reads it). */
export const ClusterMetricsResponseSchema = z.record(z.string(), MetricsResponseSchema).openapi("ClusterMetrics");

/** One metric's value alone (`GET /system/metrics/{metricName}`), as the registry serialises it. */
export const MetricValueSchema = z
  .union([GaugeValueSchema, CounterValueSchema, MeterValueSchema, TimerValueSchema, HistogramValueSchema])
  .openapi("MetricValue");

export type Metric = z.infer<typeof MetricSchema>;
export type MetricType = Metric["type"];
export type MetricsResponse = z.infer<typeof MetricsResponseSchema>;
