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

export const MetricSchema = z
  .discriminatedUnion("type", [
    z.object({ full_name: z.string(), name: z.string(), type: z.literal("gauge"), metric: z.object({ value: z.number() }) }),
    z.object({ full_name: z.string(), name: z.string(), type: z.literal("counter"), metric: z.object({ count: z.number() }) }),
    z.object({
      full_name: z.string(),
      name: z.string(),
      type: z.literal("meter"),
      metric: z.object({ rate: RateSchema, rate_unit: z.literal("events/second") }),
    }),
  ])
  .openapi("Metric");

export const MetricsResponseSchema = z
  .object({ total: z.number().int(), metrics: z.array(MetricSchema) })
  .openapi("Metrics");

export type Metric = z.infer<typeof MetricSchema>;
export type MetricsResponse = z.infer<typeof MetricsResponseSchema>;
