import { z } from "@hono/zod-openapi";

/** Time ranges of spec 001 §3: relative (seconds back, or legacy `range`), absolute (ISO times), keyword. */
export const RelativeTimeRangeSchema = z
  .object({
    type: z.literal("relative"),
    from: z.number().int().min(0, "from must be 0 (all time) or a positive number of seconds").optional(),
    to: z.number().int().min(0).optional(),
    range: z.number().int().min(0, "range must be 0 (all time) or a positive number of seconds").optional(),
  })
  .strict()
  .refine((value) => value.from !== undefined || value.range !== undefined, {
    message: "a relative time range needs a range or from",
  })
  .openapi("RelativeTimeRange");

const IsoDateTime = z.string().refine((value) => !Number.isNaN(Date.parse(value.replace(" ", "T"))), {
  message: "must be an ISO-8601 date and time",
});

export const AbsoluteTimeRangeSchema = z
  .object({ type: z.literal("absolute"), from: IsoDateTime, to: IsoDateTime })
  .strict()
  .refine((value) => Date.parse(value.from.replace(" ", "T")) <= Date.parse(value.to.replace(" ", "T")), {
    message: "from must not be after to",
    path: ["from"],
  })
  .openapi("AbsoluteTimeRange");

export const KeywordTimeRangeSchema = z
  .object({
    type: z.literal("keyword"),
    keyword: z.string().min(1, "keyword must not be empty").max(500),
    timezone: z.string().max(100).optional(),
    from: z.string().optional(),
    to: z.string().optional(),
  })
  .strict()
  .openapi("KeywordTimeRange");

export const TimeRangeSchema = z
  .union([RelativeTimeRangeSchema, AbsoluteTimeRangeSchema, KeywordTimeRangeSchema])
  .openapi("TimeRange");

/**
 * A time range or null, left out when absent (Graylog's clients send `timerange: null` for "the query's own").
 * Spelled as a union so that the OpenAPI document says null is allowed (`TimeRangeSchema.nullish()` loses it).
 */
export const OptionalTimeRangeSchema = z.union([TimeRangeSchema, z.null()]).optional();

/** What a time range resolved to when a search ran. */
export const EffectiveTimeRangeSchema = z
  .object({ type: z.literal("absolute"), from: z.string(), to: z.string() })
  .openapi("EffectiveTimeRange");

export type TimeRange = z.infer<typeof TimeRangeSchema>;
export type EffectiveTimeRange = z.infer<typeof EffectiveTimeRangeSchema>;
