import { z } from "@hono/zod-openapi";
import { ElasticsearchQuerySchema, QueryFilterSchema } from "./search.ts";
import { TimeRangeSchema } from "./timerange.ts";
import {
  AXIS_TYPES,
  BAR_MODES,
  HEATMAP_COLOR_SCALES,
  HIGHLIGHTING_CONDITIONS,
  INTERPOLATIONS,
  SORT_DIRECTIONS,
  TIME_UNITS,
  TREND_PREFERENCES,
  VISUALIZATION_TYPES,
  type VisualizationType,
} from "./widget-kinds.ts";

// The value sets live in a zod-free module so the browser can have them without zod.
export * from "./widget-kinds.ts";

/**
 * Wire shapes of widgets and the per-query view state (spec 001 §3), as Graylog 5.1 stores them in a view's
 * `state`: snake_case, widget types lower-case. The search page and dashboards share them.
 */

export const SortDirectionSchema = z.enum(SORT_DIRECTIONS);

/** A sort entry of a widget config: by a grouping field ('pivot') or a metric ('series'). */
export const WidgetSortSchema = z.object({
  type: z.enum(["pivot", "series"]),
  field: z.string(),
  direction: SortDirectionSchema,
});
export type WidgetSort = z.infer<typeof WidgetSortSchema>;

export const PivotIntervalSchema = z.union([
  z.object({ type: z.literal("auto"), scaling: z.number() }),
  z.object({ type: z.literal("timeunit"), value: z.number(), unit: z.enum(TIME_UNITS) }),
]);
export type PivotInterval = z.infer<typeof PivotIntervalSchema>;

/** A grouping of an aggregation: time (with an interval) or values (with a limit). */
export const WidgetPivotSchema = z.union([
  z.object({ type: z.literal("time"), fields: z.array(z.string()), config: z.object({ interval: PivotIntervalSchema }) }),
  z.object({
    type: z.literal("values"),
    fields: z.array(z.string()),
    config: z.object({ limit: z.number(), skip_empty_values: z.boolean().optional() }),
  }),
]);
export type WidgetPivot = z.infer<typeof WidgetPivotSchema>;

/** A metric: a function string such as `count()`, `avg(took_ms)` or `percentile(took_ms,95)`. */
export const WidgetSeriesSchema = z.object({
  function: z.string(),
  config: z.object({ name: z.string().nullish() }).default({}),
});
export type WidgetSeries = z.infer<typeof WidgetSeriesSchema>;

/** Visualization configs in their server form (spec 001 §3 'Visualization configs'). */
export const VisualizationConfigSchemas = {
  table: z.object({ pinned_columns: z.array(z.string()).default([]) }),
  bar: z.object({ barmode: z.enum(BAR_MODES).default("group"), axis_type: z.enum(AXIS_TYPES).default("linear") }),
  line: z.object({ interpolation: z.enum(INTERPOLATIONS).default("linear"), axis_type: z.enum(AXIS_TYPES).default("linear") }),
  area: z.object({ interpolation: z.enum(INTERPOLATIONS).default("linear"), axis_type: z.enum(AXIS_TYPES).default("linear") }),
  scatter: z.object({ axis_type: z.enum(AXIS_TYPES).default("linear") }),
  pie: z.object({}),
  heatmap: z.object({
    color_scale: z.enum(HEATMAP_COLOR_SCALES).default("Viridis"),
    reverse_scale: z.boolean().default(false),
    auto_scale: z.boolean().default(true),
    z_min: z.number().nullish(),
    z_max: z.number().nullish(),
    use_smallest_as_default: z.boolean().default(false),
    default_value: z.number().nullish(),
  }),
  numeric: z.object({ trend: z.boolean().default(false), trend_preference: z.enum(TREND_PREFERENCES).default("NEUTRAL") }),
  map: z.object({
    viewport: z.object({ center_x: z.number(), center_y: z.number(), zoom: z.number() }).default({ center_x: 0, center_y: 0, zoom: 1 }),
  }),
} satisfies Record<VisualizationType, z.ZodType>;
export type VisualizationConfigs = { [K in VisualizationType]: z.infer<(typeof VisualizationConfigSchemas)[K]> };

export const ChartColorSchema = z.object({ field_name: z.string(), chart_color: z.string() });

export const AggregationWidgetConfigSchema = z.object({
  row_pivots: z.array(WidgetPivotSchema).default([]),
  column_pivots: z.array(WidgetPivotSchema).default([]),
  series: z.array(WidgetSeriesSchema).default([]),
  sort: z.array(WidgetSortSchema).default([]),
  rollup: z.boolean().default(true),
  visualization: z.enum(VISUALIZATION_TYPES).default("table"),
  /** The config of `visualization` (VisualizationConfigSchemas); null for types without one. */
  visualization_config: z.record(z.string(), z.unknown()).nullish(),
  formatting_settings: z.object({ chart_colors: z.array(ChartColorSchema) }).nullish(),
  event_annotation: z.boolean().default(false),
});
export type AggregationWidgetConfig = z.infer<typeof AggregationWidgetConfigSchema>;

/**
 * A message table's own decorator, run after the searched stream's (spec 001 §2 message table editor): the
 * inline shape the messages search type accepts. `id` is optional because Graylog's views carry one and ours
 * do not need it (the list order is `order`).
 */
export const WidgetDecoratorSchema = z.object({
  id: z.string().nullish(),
  type: z.string().min(1),
  config: z.record(z.string(), z.unknown()).default({}),
  order: z.number().int().default(0),
});
export type WidgetDecorator = z.infer<typeof WidgetDecoratorSchema>;

export const MessagesWidgetConfigSchema = z.object({
  fields: z.array(z.string()).default(["timestamp", "source"]),
  show_message_row: z.boolean().default(true),
  show_summary: z.boolean().default(true),
  sort: z.array(WidgetSortSchema).default([{ type: "pivot", field: "timestamp", direction: "Descending" }]),
  decorators: z.array(WidgetDecoratorSchema).default([]),
});
export type MessagesWidgetConfig = z.infer<typeof MessagesWidgetConfigSchema>;

const WidgetCommon = {
  id: z.string().min(1),
  /** A query_string filter of the widget, on top of the page's query. */
  filter: z.string().nullish(),
  filters: z.array(z.unknown()).default([]),
  timerange: TimeRangeSchema.nullish(),
  query: ElasticsearchQuerySchema.nullish(),
  streams: z.array(z.string()).default([]),
};

export const WidgetSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("messages"), config: MessagesWidgetConfigSchema, ...WidgetCommon }),
  z.object({ type: z.literal("aggregation"), config: AggregationWidgetConfigSchema, ...WidgetCommon }),
]);
export type Widget = z.infer<typeof WidgetSchema>;
export type WidgetType = Widget["type"];
export type AggregationWidget = Extract<Widget, { type: "aggregation" }>;
export type MessagesWidget = Extract<Widget, { type: "messages" }>;

/** Width 12 or more is full width, stored as the string 'Infinity' (spec 001 §3). */
export const WidgetPositionSchema = z.object({
  col: z.number().int().min(1),
  row: z.number().int().min(1),
  height: z.number().int().min(1),
  width: z.union([z.number().int().min(1), z.literal("Infinity")]),
});
export type WidgetPosition = z.infer<typeof WidgetPositionSchema>;


export const HighlightingColorSchema = z.union([
  z.object({ type: z.literal("static"), color: z.string() }),
  z.object({ type: z.literal("gradient"), gradient: z.enum(HEATMAP_COLOR_SCALES), lower: z.number(), upper: z.number() }),
]);
export type HighlightingColor = z.infer<typeof HighlightingColorSchema>;

export const HighlightingRuleSchema = z.object({
  field: z.string(),
  value: z.union([z.string(), z.number(), z.boolean()]),
  condition: z.enum(HIGHLIGHTING_CONDITIONS).default("=="),
  color: HighlightingColorSchema,
});
export type HighlightingRule = z.infer<typeof HighlightingRuleSchema>;

/** The view state of one query (spec 001 §3 'ViewState (per query)'). */
export const QueryViewStateSchema = z.object({
  selected_fields: z.array(z.string()).nullish(),
  titles: z.object({
    widget: z.record(z.string(), z.string()).default({}),
    tab: z.object({ title: z.string() }).optional(),
  }).default({ widget: {} }),
  widgets: z.array(WidgetSchema).default([]),
  widget_mapping: z.record(z.string(), z.array(z.string())).default({}),
  positions: z.record(z.string(), WidgetPositionSchema).default({}),
  formatting: z.object({ highlighting: z.array(HighlightingRuleSchema).default([]) }).default({ highlighting: [] }),
  display_mode_settings: z.object({ positions: z.record(z.string(), z.unknown()) }).optional(),
  static_message_list_id: z.string().nullish(),
});
export type QueryViewState = z.infer<typeof QueryViewStateSchema>;

/** A query of a view's search, as the page edits it (query string, time range, stream filter). */
export const ViewQuerySchema = z.object({
  id: z.string(),
  query: ElasticsearchQuerySchema,
  timerange: TimeRangeSchema,
  filter: QueryFilterSchema.optional(),
});
export type ViewQuery = z.infer<typeof ViewQuerySchema>;
