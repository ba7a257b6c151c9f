import { z } from "@hono/zod-openapi";
import {
  AggregationSeriesSchema,
  ConditionExpressionSchema,
  DEFAULT_EVENTS_STREAM_ID,
  type EventDefinition,
  EventDefinitionSchema,
  EventFieldSpecSchema,
} from "./events.ts";
import { type EntityPage, type PageRequest, paginatedListSchema } from "./paginated.ts";

/**
 * Writing event definitions (Graylog 5.1 `/events/definitions`): the body of create and update, the bulk calls and
 * their answer, the entity-table list, and what the embedded event store must do for them.
 */

const ms = (name: string) =>
  z.number({ message: `${name} must be a number of milliseconds` }).int(`${name} must be a whole number of milliseconds`)
    .min(1, `${name} must be at least 1 ms`).max(365 * 24 * 3600_000, `${name} must be at most a year`);

/** `config` of a definition body: Graylog's aggregation-v1 (a filter is one without series). */
export const AggregationConfigBodySchema = z
  .object({
    type: z.literal("aggregation-v1", { message: "config.type must be aggregation-v1" }),
    query: z.string({ message: "config.query must be a string" }).max(10_000).default(""),
    query_parameters: z.array(z.unknown()).max(100).default([]),
    streams: z.array(z.string().min(1).max(100), { message: "config.streams must be a list of stream ids" }).max(1000)
      .default([]),
    search_within_ms: ms("config.search_within_ms"),
    execute_every_ms: ms("config.execute_every_ms"),
    group_by: z.array(z.string().min(1).max(200), { message: "config.group_by must be a list of field names" }).max(20)
      .default([]),
    series: z.array(AggregationSeriesSchema, { message: "config.series must be a list of {id, type, field}" }).max(20)
      .default([]),
    conditions: z.object({ expression: ConditionExpressionSchema.nullable() }).nullable().default(null),
  })
  .strict()
  .superRefine((config, context) => {
    const ids = new Set(config.series.map((series) => series.id));
    const missing = referencedSeries(config.conditions?.expression ?? null).filter((ref) => !ids.has(ref));
    if (missing.length > 0) {
      context.addIssue({
        code: "custom",
        path: ["conditions"],
        message: `config.conditions refers to series that do not exist: ${missing.join(", ")}`,
      });
    }
    if (config.series.length > 0 && !config.conditions?.expression) {
      context.addIssue({ code: "custom", path: ["conditions"], message: "config.conditions: an aggregation needs a condition" });
    }
  });

export const EVENT_DEFINITION_STATES = ["ENABLED", "DISABLED"] as const;
export type EventDefinitionState = (typeof EVENT_DEFINITION_STATES)[number];

/** POST/PUT body (Graylog's EventDefinitionDto); read-only fields sent back are accepted and ignored. */
export const EventDefinitionBodySchema = z
  .object({
    id: z.string().max(100).nullish(),
    title: z.string({ message: "title is required" }).trim().min(1, "title must not be empty").max(1000),
    description: z.string().max(10_000).default(""),
    priority: z.number({ message: "priority must be 1 (low), 2 (normal) or 3 (high)" }).int()
      .min(1, "priority must be 1 (low), 2 (normal) or 3 (high)").max(3, "priority must be 1 (low), 2 (normal) or 3 (high)")
      .default(2),
    alert: z.boolean({ message: "alert must be true or false" }).default(false),
    config: AggregationConfigBodySchema,
    field_spec: z.record(z.string().regex(/^[A-Za-z0-9_.-]+$/, "field_spec names may hold letters, digits, _ . -"), EventFieldSpecSchema)
      .default({}),
    key_spec: z.array(z.string().min(1).max(200)).max(20).default([]),
    notification_settings: z
      .object({
        grace_period_ms: z.number().int().min(0, "notification_settings.grace_period_ms must not be negative").default(0),
        backlog_size: z.number().int().min(0, "notification_settings.backlog_size must not be negative")
          .max(1000, "notification_settings.backlog_size must be at most 1000").default(0),
      })
      .default({ grace_period_ms: 0, backlog_size: 0 }),
    notifications: z.array(
      z.object({
        notification_id: z.string({ message: "notifications[].notification_id is required" }).min(1).max(100),
        notification_parameters: z.unknown().nullish(),
      }),
    ).max(100).default([]),
    storage: z.array(
      z.object({ type: z.literal("persist-to-streams-v1"), streams: z.array(z.string().min(1).max(100)) }),
    ).max(10).default([{ type: "persist-to-streams-v1", streams: [DEFAULT_EVENTS_STREAM_ID] }]),
    _scope: z.string().max(100).optional(),
    state: z.enum(EVENT_DEFINITION_STATES).optional(),
    updated_at: z.string().nullish(),
    matched_at: z.string().nullish(),
  })
  .strict()
  .superRefine((body, context) => {
    for (const name of body.key_spec) {
      if (!(name in body.field_spec)) {
        context.addIssue({ code: "custom", path: ["key_spec"], message: `key_spec names a field that is not in field_spec: ${name}` });
      }
    }
  })
  .openapi("EventDefinitionBody");
export type EventDefinitionBody = z.infer<typeof EventDefinitionBodySchema>;

/** `?schedule=` of create and update: whether the definition runs (Graylog's default true). */
export const ScheduleQuerySchema = z.object({
  schedule: z.enum(["true", "false"], { message: "schedule must be true or false" }).default("true"),
});

/** A definition as the entity table lists it: the definition, its state and when it is scheduled. */
export const EventDefinitionWithStateSchema = EventDefinitionSchema.extend({
  state: z.enum(EVENT_DEFINITION_STATES),
}).openapi("EventDefinitionWithState");
export type EventDefinitionWithState = z.infer<typeof EventDefinitionWithStateSchema>;

export const EVENT_DEFINITION_SORT_FIELDS = ["title", "description", "priority", "alert", "state"] as const;
export type EventDefinitionSortField = (typeof EVENT_DEFINITION_SORT_FIELDS)[number];

/** GET /events/definitions/paginated (Graylog's PageListResponse, `elements`). */
export const EventDefinitionPageSchema = paginatedListSchema("elements", EventDefinitionWithStateSchema).extend({
  sort: z.string(),
  order: z.string(),
}).openapi("EventDefinitionPage");

/** POST /events/definitions/{id}/execute: evaluate a past window now (Graylog's EventProcessorParameters). */
export const ExecuteDefinitionBodySchema = z
  .object({
    type: z.literal("aggregation-v1").default("aggregation-v1"),
    timerange: z.object({
      type: z.literal("absolute", { message: "timerange.type must be absolute" }),
      from: z.string().datetime({ offset: true, message: "timerange.from must be an ISO-8601 time" }),
      to: z.string().datetime({ offset: true, message: "timerange.to must be an ISO-8601 time" }),
    }, { message: "timerange is required" }),
  })
  .strict()
  .openapi("ExecuteEventDefinition");

/** The series ids a condition refers to. */
export function referencedSeries(expression: z.infer<typeof ConditionExpressionSchema> | null): string[] {
  if (expression === null) return [];
  switch (expression.expr) {
    case "number":
      return [];
    case "number-ref":
      return [expression.ref];
    case "!":
      return referencedSeries(expression.left);
    case "group":
      return referencedSeries(expression.child);
    default:
      return [...referencedSeries(expression.left), ...referencedSeries(expression.right)];
  }
}

/** The writes and schedule of event definitions (the events store adds them to its reads). */
export interface EventDefinitionWrites {
  page(request: PageRequest<EventDefinitionSortField>): Promise<EntityPage<EventDefinitionWithState>>;
  /** Ids of the definitions that are scheduled. */
  scheduledIds(): Promise<Set<string>>;
  create(body: EventDefinitionBody, schedule: boolean): Promise<EventDefinition>;
  /** Null when there is no such definition. */
  update(id: string, body: EventDefinitionBody, schedule: boolean): Promise<EventDefinition | null>;
  /** False when there was no such definition; its events stay, as Graylog keeps them in the events index. */
  delete(id: string): Promise<boolean>;
  /** False when there is no such definition. Scheduling starts at the next window (no catch-up of the past). */
  setScheduled(id: string, scheduled: boolean): Promise<boolean>;
  /** Evaluates the definition over [from, to] now (events are written, no notification is sent); null: no such definition. */
  execute(id: string, from: number, to: number): Promise<number | null>;
}
