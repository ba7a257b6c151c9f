import { z } from "@hono/zod-openapi";
import { ElasticsearchQuerySchema, QueryFilterSchema, ResultMessageSchema } from "./search.ts";
import { OptionalTimeRangeSchema, TimeRangeSchema } from "./timerange.ts";

/** POST /search/validate (GRAYLOG-NOTES §2, spec 001 §5). */
export const ValidationRequestSchema = z
  .object({
    query: z.union([z.string().max(10_000), ElasticsearchQuerySchema]),
    filter: z.union([z.string().max(10_000), ElasticsearchQuerySchema]).nullish(),
    timerange: OptionalTimeRangeSchema,
    streams: z.array(z.string().min(1)).max(1000).nullish(),
    parameters: z.array(z.unknown()).default([]),
    parameter_bindings: z.record(z.string(), z.unknown()).default({}),
    validation_mode: z.enum(["QUERY", "SEARCH_FILTER"]).default("QUERY"),
  })
  .strict()
  .openapi("ValidationRequest");

export const VALIDATION_ERROR_TYPES = [
  "QUERY_PARSING_ERROR",
  "UNKNOWN_FIELD",
  "INVALID_OPERATOR",
  "INVALID_VALUE_TYPE",
  "UNDECLARED_PARAMETER",
  "EMPTY_PARAMETER",
  "MISSING_LICENSE",
  "PARAMETER_NOT_ALLOWED",
] as const;

export const ValidationExplanationSchema = z
  .object({
    error_type: z.enum(VALIDATION_ERROR_TYPES),
    error_title: z.string(),
    error_message: z.string(),
    begin_line: z.number().int().optional(),
    begin_column: z.number().int().optional(),
    end_line: z.number().int().optional(),
    end_column: z.number().int().optional(),
    related_property: z.string().optional(),
  })
  .openapi("ValidationExplanation");

export const ValidationResponseSchema = z
  .object({
    status: z.enum(["OK", "WARNING", "ERROR"]),
    explanations: z.array(ValidationExplanationSchema).optional(),
  })
  .openapi("ValidationResponse");

/** Field types of `/views/fields`. */
export const FieldTypeMappingSchema = z
  .object({
    name: z.string(),
    type: z.object({
      type: z.string(),
      properties: z.array(z.enum(["enumerable", "full-text-search", "numeric", "compound", "decorated"])),
      index_names: z.array(z.string()),
    }),
  })
  .openapi("FieldTypeMapping");

export const FieldsRequestSchema = z
  .object({
    streams: z.array(z.string().min(1)).max(1000).nullish(),
    timerange: OptionalTimeRangeSchema,
  })
  .strict()
  .openapi("FieldsRequest");

/** POST /search/suggest: values of a field for completion. */
export const SuggestRequestSchema = z
  .object({
    field: z.string().min(1, "field must name a field").max(300),
    input: z.string().max(1000).default(""),
    timerange: OptionalTimeRangeSchema,
    streams: z.array(z.string().min(1)).max(1000).nullish(),
    size: z.number().int().min(1).max(1000).default(50),
  })
  .strict()
  .openapi("SuggestRequest");

export const SuggestResponseSchema = z
  .object({
    field: z.string(),
    input: z.string(),
    suggestions: z.array(z.object({ value: z.string(), occurrence: z.number().int() })),
    error: z.object({ type: z.string(), reason: z.string() }).nullable(),
    sum_other_docs_count: z.number().int(),
  })
  .openapi("SuggestResponse");

/** GET /messages/{index}/{id}. */
export const MessageLookupSchema = z
  .object({ message: z.record(z.string(), z.unknown()), index: z.string() })
  .openapi("MessageLookup");

/** POST /views/export: a streamed CSV of the messages a query matches. */
export const ExportRequestSchema = z
  .object({
    query_string: ElasticsearchQuerySchema.default({ type: "elasticsearch", query_string: "" }),
    timerange: TimeRangeSchema.default({ type: "relative", from: 300 }),
    streams: z.array(z.string().min(1)).max(1000).default([]),
    fields_in_order: z.array(z.string().min(1).max(300)).min(1, "fields_in_order must name at least one field").max(500),
    sort: z.array(z.object({ field: z.string().min(1), order: z.enum(["ASC", "DESC"]) }).strict()).default([{ field: "timestamp", order: "DESC" }]),
    limit: z.number().int().min(1, "limit must be positive").max(10_000_000).nullish(),
    filter: QueryFilterSchema.optional(),
  })
  .strict()
  .openapi("ExportRequest");

/** GET /search/universal/{relative|absolute|keyword} answers. */
export const UniversalSearchResponseSchema = z
  .object({
    query: z.string(),
    built_query: z.string(),
    used_indices: z.array(z.object({ index_name: z.string(), begin: z.string().nullable(), end: z.string().nullable(), calculated_at: z.string().nullable(), took_ms: z.number().int() })),
    messages: z.array(ResultMessageSchema),
    fields: z.array(z.string()),
    time: z.number().int(),
    total_results: z.number().int(),
    from: z.string(),
    to: z.string(),
  })
  .openapi("UniversalSearchResponse");

export type ValidationRequest = z.infer<typeof ValidationRequestSchema>;
export type ValidationResponse = z.infer<typeof ValidationResponseSchema>;
export type ValidationExplanation = z.infer<typeof ValidationExplanationSchema>;
export type FieldTypeMapping = z.infer<typeof FieldTypeMappingSchema>;
export type FieldsRequest = z.infer<typeof FieldsRequestSchema>;
export type SuggestRequest = z.infer<typeof SuggestRequestSchema>;
export type SuggestResponse = z.infer<typeof SuggestResponseSchema>;
export type ExportRequest = z.infer<typeof ExportRequestSchema>;
export type UniversalSearchResponse = z.infer<typeof UniversalSearchResponseSchema>;
