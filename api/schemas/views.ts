import { z } from "@hono/zod-openapi";
import { nestedDeeperThan } from "../../shared/json-depth.ts";
import { PaginationSchema } from "./favorites.ts";

/** Saved searches and dashboards are both views (spec 001 §3); the type tells them apart. */
export const VIEW_TYPES = ["SEARCH", "DASHBOARD"] as const;
export const ViewTypeSchema = z.enum(VIEW_TYPES, { message: "type must be SEARCH or DASHBOARD" }).openapi("ViewType");
export type ViewType = z.infer<typeof ViewTypeSchema>;

/** The GRN type under which a view of each type is favorited (`grn::::search:{id}`, `grn::::dashboard:{id}`). */
export const VIEW_GRN_TYPES: Record<ViewType, "search" | "dashboard"> = { SEARCH: "search", DASHBOARD: "dashboard" };

const ObjectIdSchema = z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character hex ObjectId");

/**
 * How deep a view's state and requirements may nest. The deepest real state (a pivot widget's series config in
 * its widget list) is about 8 levels; far deeper ones only served to break the pages that render them.
 */
export const MAX_VIEW_STATE_DEPTH = 32;

/** A JSON object with keys of sane length, nested at most MAX_VIEW_STATE_DEPTH levels deep. */
const boundedObject = (what: string) =>
  z.record(z.string().max(200), z.unknown()).refine(
    (value) => !nestedDeeperThan(value, MAX_VIEW_STATE_DEPTH),
    `${what} must be nested at most ${MAX_VIEW_STATE_DEPTH} levels deep`,
  );

/**
 * A widget of a view state: closed on Graylog 5.1's WidgetDTO keys. Its `config` belongs to its type and stays
 * open (Graylog reads the config of a type it does not know as UnknownWidgetConfigDTO, refusing nothing), so a
 * widget of a type this version does not know is stored back as it came.
 */
const StoredWidgetSchema = z
  .object({
    id: z.string({ message: "a widget needs an id" }).max(200),
    type: z.string({ message: "a widget needs a type" }).max(200),
    filter: z.string().nullish(),
    filters: z.array(z.unknown()).optional(),
    timerange: z.unknown().optional(),
    query: z.unknown().optional(),
    streams: z.array(z.string()).optional(),
    config: z.record(z.string().max(200), z.unknown()).optional(),
  })
  .strict()
  .openapi("StoredWidget");
export type StoredWidget = z.infer<typeof StoredWidgetSchema>;

/**
 * The per-query view state: closed on Graylog 5.1's ViewStateDTO keys (selected_fields, static_message_list_id,
 * titles, widgets, widget_mapping, positions, formatting, display_mode_settings). The parts belong to the widget
 * code of the UI; the API insists on the keys, closed widgets and a bounded depth.
 */
export const ViewStateSchema = z
  .object({
    selected_fields: z.array(z.string()).nullish(),
    static_message_list_id: z.string().nullish(),
    titles: z.record(z.string().max(200), z.unknown()).optional(),
    widgets: z.array(StoredWidgetSchema).optional(),
    widget_mapping: z.record(z.string().max(200), z.array(z.string())).optional(),
    positions: z.record(z.string().max(200), z.unknown()).optional(),
    formatting: z.record(z.string().max(200), z.unknown()).nullish(),
    display_mode_settings: z.record(z.string().max(200), z.unknown()).optional(),
  })
  .strict()
  .refine((value) => !nestedDeeperThan(value, MAX_VIEW_STATE_DEPTH), `a query's view state must be nested at most ${MAX_VIEW_STATE_DEPTH} levels deep`)
  .openapi("ViewState");

/** A view as a client sends it to POST/PUT /views; read-only fields sent back unchanged are accepted and ignored. */
export const ViewBodySchema = z
  .object({
    id: ObjectIdSchema.optional(),
    type: ViewTypeSchema,
    title: z.string({ message: "title is required" }).trim().min(1, "title must not be blank").max(200, "title must be at most 200 characters"),
    summary: z.string().max(1_000, "summary must be at most 1000 characters").default(""),
    description: z.string().max(10_000, "description must be at most 10000 characters").default(""),
    search_id: z.string({ message: "search_id is required" }).regex(/^[0-9a-f]{24}$/, "search_id must be a 24-character hex ObjectId"),
    properties: z.array(z.string().max(200)).max(100).default([]),
    state: z.record(z.string().min(1).max(100), ViewStateSchema, { message: "state must be an object keyed by query id" }).default({}),
    requires: boundedObject("requires").default({}),
    filter: z.string().max(10_000).nullish(),
    owner: z.string().nullish(),
    created_at: z.string().nullish(),
    favorite: z.boolean().optional(),
  })
  .strict()
  .openapi("ViewBody");

export type ViewBody = z.infer<typeof ViewBodySchema>;

/** A stored view as the backend keeps it: the wire view without the caller-dependent `favorite` flag. */
export const StoredViewSchema = z.object({
  id: ObjectIdSchema,
  type: ViewTypeSchema,
  title: z.string(),
  summary: z.string(),
  description: z.string(),
  search_id: z.string(),
  properties: z.array(z.string()),
  state: z.record(z.string(), ViewStateSchema),
  requires: z.record(z.string(), z.unknown()),
  filter: z.string().nullable(),
  owner: z.string(),
  created_at: z.string(),
});

export type StoredView = z.infer<typeof StoredViewSchema>;

/** A view on the wire (Graylog 5.1 `ViewDTO` plus `favorite` for the caller). */
export const ViewSchema = StoredViewSchema.extend({ favorite: z.boolean() }).openapi("View");
export type View = z.infer<typeof ViewSchema>;

export const VIEW_SORT_FIELDS = ["title", "created_at", "owner"] as const;
export type ViewSortField = (typeof VIEW_SORT_FIELDS)[number];

/** GET /views and GET /search/saved query parameters; `perPage` is the list's own default. */
export const viewListQuery = (perPage: number) =>
  z.object({
    query: z.string().max(500).default(""),
    page: z.coerce.number().int().min(1, "page must be a positive integer").default(1),
    per_page: z.coerce.number().int().min(1, "per_page must be a positive integer").max(1000).default(perPage),
    sort: z.enum(VIEW_SORT_FIELDS, { message: "sort must be one of title, created_at, owner" }).default("title"),
    order: z.enum(["asc", "desc"], { message: "order must be asc or desc" }).default("asc"),
  });

/** The paged list shape of GET /views, GET /search/saved and GET /dashboards (spec 001 §7). */
export const ViewListSchema = z
  .object({
    pagination: PaginationSchema,
    elements: z.array(ViewSchema),
    total: z.number().int(),
    count: z.number().int(),
    page: z.number().int(),
    per_page: z.number().int(),
    attributes: z.array(z.unknown()),
  })
  .openapi("ViewList");

export type ViewList = z.infer<typeof ViewListSchema>;

export const BulkDeleteRequestSchema = z
  .object({ entity_ids: z.array(z.string().max(100), { message: "entity_ids must be a list of view ids" }).max(1000) })
  .strict()
  .openapi("BulkDeleteRequest");

export const BulkDeleteResultSchema = z
  .object({
    failures: z.array(z.object({ entity_id: z.string(), failure_explanation: z.string() })),
    successfully_performed: z.number().int(),
  })
  .openapi("BulkDeleteResult");

/** The aggregation functions (series) the search engine offers; closed kind, one row each. */
export { SERIES_TYPES as SERIES_FUNCTIONS, type SeriesType as SeriesFunction } from "./series-types.ts";

/** GET /views/functions: function name → {type, description} (Graylog's `SeriesDescription` map). */
export const SeriesFunctionsSchema = z
  .record(z.string(), z.object({ type: z.string(), description: z.string() }))
  .openapi("SeriesFunctions");

/**
 * POST /views/forValue: the views a value can be handed to (Graylog 5.1 `ViewParameterSummaryDTO`): those the caller
 * may see whose search declares exactly one parameter, which the value then binds.
 */
export const ViewParameterSummarySchema = z
  .object({
    id: z.string(),
    type: ViewTypeSchema,
    title: z.string(),
    summary: z.string(),
    description: z.string(),
    parameters: z.array(z.record(z.string(), z.unknown())),
  })
  .openapi("ViewParameterSummary");

export type ViewParameterSummary = z.infer<typeof ViewParameterSummarySchema>;
