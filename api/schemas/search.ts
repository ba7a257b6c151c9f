import { z } from "@hono/zod-openapi";
import { SERIES_TYPES } from "./series-types.ts";
import { EffectiveTimeRangeSchema, OptionalTimeRangeSchema, TimeRangeSchema } from "./timerange.ts";

/**
 * Wire shapes of the views search API (GRAYLOG-NOTES §2; spec 001 §3, §7).
 *
 * Bodies are closed where Graylog 5.1's DTOs are: its object mapper fails on unknown properties, and SearchDTO,
 * QueryDTO, MessageList, Pivot, EventList, Values, Time, the series, PivotSort/SeriesSort and ValueParameter
 * declare no `@JsonIgnoreProperties(ignoreUnknown = true)`, so an unknown key is a 400 naming it. What Graylog
 * tolerates stays open here too, and says so where it is declared.
 */

export const ElasticsearchQuerySchema = z
  .object({ type: z.literal("elasticsearch"), query_string: z.string().max(10_000) })
  .strict()
  .openapi("ElasticsearchQuery");

/** A query or null, left out when absent; a union so that the OpenAPI document allows null (`.nullish()` loses it). */
const OptionalElasticsearchQuerySchema = z.union([ElasticsearchQuerySchema, z.null()]).optional();

export const StreamFilterSchema = z.object({ type: z.literal("stream"), id: z.string().min(1), title: z.string().nullish() }).strict();

export const QueryFilterSchema = z
  .union([
    z.object({ type: z.literal("or"), filters: z.array(StreamFilterSchema).max(1000) }).strict(),
    z.object({ type: z.literal("query_string"), query: z.string().max(10_000) }).strict(),
  ])
  .nullable()
  .openapi("QueryFilter");

export const SortOrderSchema = z.enum(["ASC", "DESC"]);

const SearchTypeOverrides = {
  timerange: OptionalTimeRangeSchema,
  query: OptionalElasticsearchQuerySchema,
  filter: QueryFilterSchema.optional(),
  filters: z.array(z.unknown()).optional(),
  streams: z.array(z.string()).optional(),
  name: z.string().nullish(),
};

export const MessagesSearchTypeSchema = z
  .object({
    type: z.literal("messages"),
    id: z.string().min(1).max(100),
    limit: z.number().int().min(0, "limit must not be negative").max(10_000).default(150),
    offset: z.number().int().min(0, "offset must not be negative").default(0),
    sort: z.array(z.object({ field: z.string().min(1), order: SortOrderSchema }).strict()).default([{ field: "timestamp", order: "DESC" }]),
    // A decorator's config belongs to its type (the decorators API validates it); Graylog reads any map here.
    decorators: z.array(z.unknown()).default([]),
    fields: z.array(z.string()).default([]),
    ...SearchTypeOverrides,
  })
  .strict()
  .openapi("MessagesSearchType");

export const IntervalSchema = z.union([
  z.object({ type: z.literal("auto"), scaling: z.number().positive().max(100).default(1) }).strict(),
  z.object({ type: z.literal("timeunit"), timeunit: z.string().regex(/^\d+[smhdwM]$/, "timeunit must look like 1m, 5m, 1h, 1d, 1w or 1M") }).strict(),
]);

export const BucketSpecSchema = z
  .union([
    z.object({
      type: z.literal("values"),
      fields: z.array(z.string().min(1)).min(1, "fields must name at least one field"),
      limit: z.number().int().min(1).max(10_000).default(15),
      skip_empty_values: z.boolean().default(false),
    }).strict(),
    z.object({
      type: z.literal("time"),
      fields: z.array(z.string().min(1)).min(1).default(["timestamp"]),
      interval: IntervalSchema.default({ type: "auto", scaling: 1 }),
    }).strict(),
  ])
  .openapi("BucketSpec");


// The function names live in a zod-free module so the browser can have them without zod.
export { SERIES_TYPES, type SeriesType } from "./series-types.ts";

export const SeriesSchema = z
  .object({
    type: z.enum(SERIES_TYPES),
    id: z.string().min(1).max(300),
    field: z.string().nullish(),
    percentile: z.number().min(0).max(100).nullish(),
  })
  .strict()
  .openapi("Series");

export const PivotSortSchema = z
  .object({
    type: z.enum(["pivot", "series"]),
    field: z.string().min(1),
    direction: z.enum(["Ascending", "Descending"]),
  })
  .strict()
  .openapi("PivotSort");

export const PivotSearchTypeSchema = z
  .object({
    type: z.literal("pivot"),
    id: z.string().min(1).max(100),
    row_groups: z.array(BucketSpecSchema).max(10).default([]),
    column_groups: z.array(BucketSpecSchema).max(10).default([]),
    series: z.array(SeriesSchema).max(50).default([]),
    sort: z.array(PivotSortSchema).default([]),
    rollup: z.boolean().default(true),
    ...SearchTypeOverrides,
  })
  .strict()
  .openapi("PivotSearchType");

export const EventsSearchTypeSchema = z
  .object({ type: z.literal("events"), id: z.string().min(1).max(100), ...SearchTypeOverrides })
  .strict()
  .openapi("EventsSearchType");

export const SearchTypeSchema = z
  .discriminatedUnion("type", [MessagesSearchTypeSchema, PivotSearchTypeSchema, EventsSearchTypeSchema])
  .openapi("SearchType");

export const QuerySchema = z
  .object({
    id: z.string().min(1).max(100),
    timerange: TimeRangeSchema.default({ type: "relative", from: 300 }),
    query: ElasticsearchQuerySchema.default({ type: "elasticsearch", query_string: "" }),
    filter: QueryFilterSchema.default(null),
    filters: z.array(z.unknown()).default([]),
    search_types: z.array(SearchTypeSchema).max(200).default([]),
  })
  .strict()
  .openapi("Query");

export const ParameterSchema = z
  .object({
    type: z.string(),
    name: z.string().min(1),
    title: z.string().nullish(),
    description: z.string().nullish(),
    data_type: z.string().default("any"),
    default_value: z.unknown().optional(),
    optional: z.boolean().default(false),
    // Open: Graylog reads a binding of an unknown type into its Binding.Fallback, refusing no property.
    binding: z.object({ type: z.string(), value: z.unknown() }).nullish(),
  })
  .strict()
  .openapi("Parameter");

export const SearchSchema = z
  .object({
    id: z.string().regex(/^[0-9a-f]{24}$/, "id must be a 24-character hex ObjectId").optional(),
    queries: z.array(QuerySchema).min(1, "queries must hold at least one query").max(50),
    parameters: z.array(ParameterSchema).default([]),
    // Graylog answers a stored search with its owner and creation time; a client sending them back is not refused.
    owner: z.string().optional(),
    created_at: z.string().optional(),
  })
  .strict()
  .openapi("Search");

export const SearchTypeExecutionSchema = z.object({
  limit: z.number().int().min(0).max(10_000).optional(),
  offset: z.number().int().min(0).optional(),
  after: z.array(z.unknown()).optional(),
}).strict();

export const ExecutionStateSchema = z
  .object({
    global_override: z
      .object({
        timerange: OptionalTimeRangeSchema,
        query: OptionalElasticsearchQuerySchema,
        limit: z.number().int().min(0).max(10_000).nullish(),
        offset: z.number().int().min(0).nullish(),
        keep_search_types: z.array(z.string()).default([]),
        keep_queries: z.array(z.string()).default([]),
        search_types: z.record(z.string(), SearchTypeExecutionSchema).default({}),
      })
      .strict()
      .default({ keep_search_types: [], keep_queries: [], search_types: {} }),
    parameter_bindings: z.record(z.string(), z.object({ type: z.string(), value: z.unknown() }).strict()).default({}),
  })
  .strict()
  .openapi("ExecutionState");

export const SearchErrorSchema = z
  .object({
    type: z.enum(["query", "search_type", "unbound_parameter", "result_window_limit"]),
    description: z.string(),
    query_id: z.string().optional(),
    search_type_id: z.string().optional(),
    backtrace: z.string().optional(),
    result_window_limit: z.number().int().optional(),
  })
  .openapi("SearchError");

export const HighlightRangeSchema = z.object({ start: z.number().int(), length: z.number().int() });

export const ResultMessageSchema = z
  .object({
    message: z.record(z.string(), z.unknown()),
    index: z.string().nullable(),
    highlight_ranges: z.record(z.string(), z.array(HighlightRangeSchema)).optional(),
    decoration_stats: z
      .object({ added_fields: z.record(z.string(), z.unknown()), changed_fields: z.record(z.string(), z.unknown()), removed_fields: z.record(z.string(), z.unknown()) })
      // Graylog 5.1 writes null for an undecorated message (ResultMessageSummary); the embedded backend leaves it out.
      .nullish(),
  })
  .openapi("ResultMessage");

export const MessagesResultSchema = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    type: z.literal("messages"),
    messages: z.array(ResultMessageSchema),
    total_results: z.number().int(),
    effective_timerange: EffectiveTimeRangeSchema,
  })
  .openapi("MessagesResult");

export const PivotValueSchema = z.object({
  key: z.array(z.string()),
  value: z.union([z.number(), z.string(), z.null()]),
  rollup: z.boolean(),
  source: z.enum(["row-leaf", "col-leaf", "row-inner", "col-inner"]),
});

export const PivotRowSchema = z.object({
  key: z.array(z.string()),
  values: z.array(PivotValueSchema),
  source: z.enum(["leaf", "non-leaf"]),
});

export const PivotResultSchema = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    type: z.literal("pivot"),
    rows: z.array(PivotRowSchema),
    total: z.number().int(),
    effective_timerange: EffectiveTimeRangeSchema,
  })
  .openapi("PivotResult");

export const EventsResultSchema = z
  .object({
    id: z.string(),
    name: z.string().nullish(),
    type: z.literal("events"),
    events: z.array(z.record(z.string(), z.unknown())),
    total_results: z.number().int(),
  })
  .openapi("EventsResult");

export const SearchTypeResultSchema = z.discriminatedUnion("type", [MessagesResultSchema, PivotResultSchema, EventsResultSchema]);

export const QueryResultSchema = z
  .object({
    query: QuerySchema,
    execution_stats: z.object({ duration: z.number().int(), timestamp: z.string(), effective_timerange: EffectiveTimeRangeSchema }),
    search_types: z.record(z.string(), SearchTypeResultSchema),
    errors: z.array(SearchErrorSchema),
    state: z.enum(["COMPLETED", "FAILED"]),
  })
  .openapi("QueryResult");

export const SearchJobSchema = z
  .object({
    id: z.string(),
    search_id: z.string(),
    owner: z.string(),
    execution: z.object({ done: z.boolean(), cancelled: z.boolean(), completed_exceptionally: z.boolean() }),
    results: z.record(z.string(), QueryResultSchema),
    errors: z.array(SearchErrorSchema).optional(),
  })
  .openapi("SearchJob");

export type Search = z.infer<typeof SearchSchema>;
export type SearchQuery = z.infer<typeof QuerySchema>;
export type SearchType = z.infer<typeof SearchTypeSchema>;
export type MessagesSearchType = z.infer<typeof MessagesSearchTypeSchema>;
export type PivotSearchType = z.infer<typeof PivotSearchTypeSchema>;
export type BucketSpec = z.infer<typeof BucketSpecSchema>;
export type Series = z.infer<typeof SeriesSchema>;
export type ExecutionState = z.infer<typeof ExecutionStateSchema>;
export type SearchJob = z.infer<typeof SearchJobSchema>;
/** A job's answer as the UI reads it: every query's search type results, errors and statistics, not its query. */
export type SearchJobResults = Omit<SearchJob, "results"> & {
  results: Record<string, Omit<SearchJob["results"][string], "query">>;
};
export type QueryResult = z.infer<typeof QueryResultSchema>;
export type PivotResult = z.infer<typeof PivotResultSchema>;
export type MessagesResult = z.infer<typeof MessagesResultSchema>;
export type SearchTypeResult = z.infer<typeof SearchTypeResultSchema>;
export type SearchError = z.infer<typeof SearchErrorSchema>;
export type ResultMessage = z.infer<typeof ResultMessageSchema>;
