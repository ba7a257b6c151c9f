import { z } from "@hono/zod-openapi";
import type { SearchScope } from "./backend.ts";
import { PaginationSchema } from "./favorites.ts";
import { SERIES_TYPES } from "./search.ts";
import { TimeRangeSchema } from "./timerange.ts";

/**
 * Wire shapes of Graylog 5.1's events: event definitions (type `aggregation-v1`), the events they write into the
 * events index (`gl-events_*`), the events search call and the event summaries of the `events` search type.
 */

/** Graylog's "All events" stream: where `persist-to-streams-v1` stores events (index set "Graylog Events"). */
export const DEFAULT_EVENTS_STREAM_ID = "000000000000000000000002";
/** The index events of event definitions are written to (system notifications use `gl-system-events_*`). */
export const EVENTS_INDEX = "gl-events_0";

// ── Condition expressions ──────────────────────────────────────────────────────────────────────────────────
// Graylog's aggregation conditions are a small expression tree: comparisons of series values (`number-ref`,
// by series id) with numbers, joined by `&&`, `||`, `!` and `group`.

export const COMPARISON_OPERATORS = ["<", "<=", ">", ">=", "=="] as const;
export type ComparisonOperator = (typeof COMPARISON_OPERATORS)[number];

/** One member per binary operator (distributed), so each operator's node can be picked out of the union. */
type BinaryExpression<E extends string> = E extends string
  ? { expr: E; left: ConditionExpression; right: ConditionExpression }
  : never;

export type ConditionExpression =
  | { expr: "number"; value: number }
  | { expr: "number-ref"; ref: string }
  | BinaryExpression<ComparisonOperator | "&&" | "||">
  | { expr: "!"; left: ConditionExpression }
  | { expr: "group"; child: ConditionExpression };

export const ConditionExpressionSchema: z.ZodType<ConditionExpression> = z.lazy(() =>
  z.union([
    z.object({ expr: z.literal("number"), value: z.number() }),
    z.object({ expr: z.literal("number-ref"), ref: z.string().min(1) }),
    z.object({
      expr: z.enum(COMPARISON_OPERATORS),
      left: ConditionExpressionSchema,
      right: ConditionExpressionSchema,
    }),
    z.object({
      expr: z.enum(["&&", "||"]),
      left: ConditionExpressionSchema,
      right: ConditionExpressionSchema,
    }),
    z.object({ expr: z.literal("!"), left: ConditionExpressionSchema }),
    z.object({ expr: z.literal("group"), child: ConditionExpressionSchema }),
  ])
).openapi("ConditionExpression");

// ── Event definitions ──────────────────────────────────────────────────────────────────────────────────────

export const AggregationSeriesSchema = z
  .object({ id: z.string().min(1), type: z.enum(SERIES_TYPES), field: z.string().nullish() })
  .openapi("AggregationSeries");

export const AggregationConfigSchema = z
  .object({
    type: z.literal("aggregation-v1"),
    query: z.string(),
    query_parameters: z.array(z.unknown()),
    streams: z.array(z.string()),
    search_within_ms: z.number().int().positive(),
    execute_every_ms: z.number().int().positive(),
    group_by: z.array(z.string()),
    series: z.array(AggregationSeriesSchema),
    conditions: z.object({ expression: ConditionExpressionSchema.nullable() }).nullable(),
  })
  .openapi("AggregationEventProcessorConfig");

export const EventFieldSpecSchema = z
  .object({
    data_type: z.literal("string"),
    providers: z.array(
      z.object({ type: z.literal("template-v1"), template: z.string(), require_values: z.boolean() }),
    ),
  })
  .openapi("EventFieldSpec");

export const EventDefinitionSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    description: z.string(),
    priority: z.number().int().min(1).max(3),
    alert: z.boolean(),
    config: AggregationConfigSchema,
    field_spec: z.record(z.string(), EventFieldSpecSchema),
    key_spec: z.array(z.string()),
    notification_settings: z.object({ grace_period_ms: z.number().int(), backlog_size: z.number().int() }),
    notifications: z.array(
      z.object({ notification_id: z.string(), notification_parameters: z.unknown().nullish() }),
    ),
    storage: z.array(z.object({ type: z.literal("persist-to-streams-v1"), streams: z.array(z.string()) })),
    _scope: z.string(),
    updated_at: z.string().nullable(),
    matched_at: z.string().nullable(),
  })
  .openapi("EventDefinition");

export const EventDefinitionListSchema = z
  .object({
    query: z.string(),
    pagination: PaginationSchema,
    total: z.number().int(),
    count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    event_definitions: z.array(EventDefinitionSchema),
    context: z.object({ scheduler: z.record(z.string(), z.object({ is_scheduled: z.boolean() })) }),
  })
  .openapi("EventDefinitionList");

// ── Events ─────────────────────────────────────────────────────────────────────────────────────────────────

/** An event as stored in the events index (Graylog's EventDto). Times are ISO-8601 UTC. */
export const EventSchema = z
  .object({
    id: z.string(),
    event_definition_type: z.string(),
    event_definition_id: z.string(),
    origin_context: z.string().nullable(),
    timestamp: z.string(),
    timestamp_processing: z.string(),
    timerange_start: z.string().nullable(),
    timerange_end: z.string().nullable(),
    streams: z.array(z.string()),
    source_streams: z.array(z.string()),
    message: z.string(),
    source: z.string(),
    key_tuple: z.array(z.string()),
    key: z.string().nullable(),
    priority: z.number().int(),
    alert: z.boolean(),
    fields: z.record(z.string(), z.string()),
    group_by_fields: z.record(z.string(), z.string()),
  })
  .openapi("Event");

/** What the `events` search type answers per event (Graylog's EventSummary). */
export const EventSummarySchema = z
  .object({
    id: z.string(),
    streams: z.array(z.string()),
    timestamp: z.string(),
    message: z.string(),
    alert: z.boolean(),
    event_definition_id: z.string(),
  })
  .openapi("EventSummary");

export const ALERTS_FILTERS = ["include", "exclude", "only"] as const;

export const EventsSearchRequestSchema = z
  .object({
    query: z.string().max(10_000).default(""),
    filter: z
      .object({
        alerts: z.enum(ALERTS_FILTERS, { message: "alerts must be one of include, exclude, only" }).default(
          "include",
        ),
        event_definitions: z.array(z.string().min(1)).max(1000).default([]),
        /** Sluice's addition for `/alerts?stream_id=`: only events caused by, or stored in, these streams. */
        streams: z.array(z.string({ message: "filter.streams must be a list of stream ids" }).min(1).max(100)).max(1000).optional(),
      })
      .strict()
      .default({ alerts: "include", event_definitions: [] }),
    page: z.number().int().min(1, "page must be a positive integer").default(1),
    per_page: z.number().int().min(1, "per_page must be a positive integer").max(10_000).default(10),
    timerange: TimeRangeSchema.default({ type: "relative", range: 3600 }),
    sort_by: z.enum(["timestamp", "priority", "message", "key", "event_definition_id"], {
      message: "sort_by must be one of timestamp, priority, message, key, event_definition_id",
    }).default("timestamp"),
    sort_direction: z.enum(["asc", "desc"], { message: "sort_direction must be asc or desc" }).default(
      "desc",
    ),
  })
  .strict()
  .openapi("EventsSearchParameters");

const ContextEntitySchema = z.object({ id: z.string(), title: z.string(), description: z.string() });

export const EventsSearchResultSchema = z
  .object({
    events: z.array(z.object({ event: EventSchema, index_name: z.string(), index_type: z.string() })),
    used_indices: z.array(z.string()),
    parameters: EventsSearchRequestSchema,
    total_events: z.number().int(),
    duration: z.number().int(),
    context: z.object({
      event_definitions: z.record(z.string(), ContextEntitySchema),
      streams: z.record(z.string(), ContextEntitySchema),
    }),
  })
  .openapi("EventsSearchResult");

export type AggregationSeries = z.infer<typeof AggregationSeriesSchema>;
export type AggregationConfig = z.infer<typeof AggregationConfigSchema>;
export type EventDefinition = z.infer<typeof EventDefinitionSchema>;
export type EventDefinitionList = z.infer<typeof EventDefinitionListSchema>;
export type StoredEvent = z.infer<typeof EventSchema>;
export type EventSummary = z.infer<typeof EventSummarySchema>;
export type EventsSearchRequest = z.infer<typeof EventsSearchRequestSchema>;
export type EventsSearchResult = z.infer<typeof EventsSearchResultSchema>;

/** An events search whose query or time range cannot be read; the API answers 400 with its message. */
export class EventsSearchRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "EventsSearchRequestError";
  }
}

/** Event definitions and the events they wrote; permissions on definitions are the API's to check. */
export interface EventsBackend {
  /** Every event definition, by title. */
  definitions(): Promise<EventDefinition[]>;
  /** Null when there is no such definition. */
  definition(id: string): Promise<EventDefinition | null>;
  /**
   * Events of the time range matching the request, only of streams `scope` may read (events without source
   * streams are visible to all). Throws EventsSearchRequestError when the query or time range cannot be read.
   */
  search(request: EventsSearchRequest, scope: SearchScope): Promise<EventsSearchResult>;
}
