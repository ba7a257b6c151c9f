import { z } from "@hono/zod-openapi";
import { SERIES_TYPES } from "./series-types.ts";
import { TimeRangeSchema } from "./timerange.ts";

/**
 * Graylog 5.1's simple search API (`/search/messages`, `/search/aggregate`): a flat request, a tabular answer.
 * Field names and defaults as Graylog's `MessagesRequestSpec` and `AggregationRequestSpec`.
 */
const StreamIds = z.array(z.string().regex(/^[0-9a-f]{24}$/, "streams must be 24-character hex stream ids")).max(1000).default([]);
const DEFAULT_RANGE = { type: "relative" as const, range: 300 };

export const MESSAGES_DEFAULT_FIELDS = ["source", "message", "timestamp"];

export const MessagesRequestSpecSchema = z
  .object({
    query: z.string().max(10_000).default(""),
    streams: StreamIds,
    timerange: TimeRangeSchema.default(DEFAULT_RANGE),
    sort: z.string().min(1).max(300).default("timestamp"),
    sort_order: z.enum(["Ascending", "Descending"], { error: "sort_order must be Ascending or Descending" }).default("Descending"),
    fields: z.array(z.string().min(1).max(300)).min(1, "fields must name at least one field").max(500).default(MESSAGES_DEFAULT_FIELDS),
    from: z.number().int().min(0, "from must not be negative").max(1_000_000).default(0),
    size: z.number().int().min(1, "size must be positive").max(10_000).default(10),
  })
  .strict()
  .openapi("MessagesRequestSpec");

export const GroupingSchema = z
  .object({ field: z.string().min(1, "field must name a field").max(300), limit: z.number().int().min(1).max(10_000).optional() })
  .strict();

export const MetricSchema = z
  .object({
    function: z.enum(SERIES_TYPES, { error: `function must be one of ${SERIES_TYPES.join(", ")}` }),
    field: z.string().min(1).max(300).nullish(),
    sort: z.enum(["asc", "desc"], { error: "sort must be asc or desc" }).nullish(),
  })
  .strict();

export const AggregationRequestSpecSchema = z
  .object({
    query: z.string().max(10_000).default(""),
    streams: StreamIds,
    timerange: TimeRangeSchema.default(DEFAULT_RANGE),
    group_by: z.array(GroupingSchema).min(1, "group_by must name at least one grouping").max(10),
    metrics: z.array(MetricSchema).min(1, "metrics must name at least one metric").max(50).default([{ function: "count" }]),
  })
  .strict()
  .openapi("AggregationRequestSpec");

export const ResponseSchemaEntrySchema = z
  .object({
    column_type: z.enum(["grouping", "metric", "field"]),
    type: z.enum(["string", "numeric", "date", "boolean"]),
    function: z.string().optional(),
    field: z.string().nullable(),
    name: z.string(),
  })
  .openapi("ResponseSchemaEntry");

export const TabularResponseSchema = z
  .object({
    schema: z.array(ResponseSchemaEntrySchema),
    datarows: z.array(z.array(z.union([z.string(), z.number(), z.boolean(), z.null()]))),
    metadata: z.object({ effective_timerange: z.object({ type: z.literal("absolute"), from: z.string(), to: z.string() }) }),
  })
  .openapi("TabularResponse");

/** POST /search/mapdata: counts of the coordinate values (`lat,lon`) of geo fields, as the legacy world map read them. */
export const MapDataSearchRequestSchema = z
  .object({
    query: z.string().max(10_000).default("*"),
    timerange: TimeRangeSchema.default(DEFAULT_RANGE),
    limit: z.number().int().min(1, "limit must be positive").max(10_000).default(50),
    stream_ids: StreamIds,
    fields: z.array(z.string().min(1).max(300)).min(1, "fields must name at least one geo field").max(20),
  })
  .strict()
  .openapi("MapDataSearchRequest");

export const MapDataSearchResultSchema = z
  .object({
    query: z.string(),
    timerange: TimeRangeSchema,
    limit: z.number().int(),
    stream_ids: z.array(z.string()),
    fields: z.record(z.string(), z.object({
      time: z.number().int(),
      terms: z.record(z.string(), z.number().int()),
      missing: z.number().int(),
      other: z.number().int(),
      total: z.number().int(),
      built_query: z.string(),
    })),
  })
  .openapi("MapDataSearchResult");

export type MessagesRequestSpec = z.infer<typeof MessagesRequestSpecSchema>;
export type AggregationRequestSpec = z.infer<typeof AggregationRequestSpecSchema>;
export type TabularResponse = z.infer<typeof TabularResponseSchema>;
export type MapDataSearchRequest = z.infer<typeof MapDataSearchRequestSchema>;
