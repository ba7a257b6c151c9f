/**
 * Stored view states and visualization configs read without zod, for the browser: the same results as
 * widgets.ts's QueryViewStateSchema and VisualizationConfigSchemas (held to them by a property test,
 * tests/unit/schemas/view-state-reader.test.ts), so the search page ships no zod (issue 4 item 10).
 * Change a schema there, change its reader here; the test fails until both agree.
 */
import {
  array,
  boolean,
  FAILED,
  literal,
  nullish,
  number,
  object,
  oneOf,
  optional,
  type Reader,
  record,
  refine,
  strictObject,
  string,
  union,
  unknown,
  withDefault,
} from "./plain-reader.ts";
import type { TimeRange } from "./timerange.ts";
import type { QueryViewState, VisualizationConfigs } from "./widgets.ts";
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

// timerange.ts
const isoDateTime = refine(string(), (value) => !Number.isNaN(Date.parse(value.replace(" ", "T"))));
const seconds = optional(number({ int: true, min: 0 }));
const timeRange = union(
  refine(
    strictObject({ type: literal("relative"), from: seconds, to: seconds, range: seconds }),
    (value) => value.from !== undefined || value.range !== undefined,
  ),
  refine(
    strictObject({ type: literal("absolute"), from: isoDateTime, to: isoDateTime }),
    (value) => Date.parse(value.from.replace(" ", "T")) <= Date.parse(value.to.replace(" ", "T")),
  ),
  strictObject({
    type: literal("keyword"),
    keyword: string({ min: 1, max: 500 }),
    timezone: optional(string({ max: 100 })),
    from: optional(string()),
    to: optional(string()),
  }),
) as Reader<TimeRange>;

// search.ts
const elasticsearchQuery = strictObject({ type: literal("elasticsearch"), query_string: string({ max: 10_000 }) });

// widgets.ts
const widgetSort = object({ type: oneOf(["pivot", "series"]), field: string(), direction: oneOf(SORT_DIRECTIONS) });
const pivotInterval = union(
  object({ type: literal("auto"), scaling: number() }),
  object({ type: literal("timeunit"), value: number(), unit: oneOf(TIME_UNITS) }),
);
const widgetPivot = union(
  object({ type: literal("time"), fields: array(string()), config: object({ interval: pivotInterval }) }),
  object({
    type: literal("values"),
    fields: array(string()),
    config: object({ limit: number(), skip_empty_values: optional(boolean()) }),
  }),
);
const widgetSeries = object({
  function: string(),
  config: withDefault(object({ name: nullish(string()) }), {}),
});

const linear = "linear" as const;
const visualizationConfigs: { [K in VisualizationType]: Reader<VisualizationConfigs[K]> } = {
  table: object({ pinned_columns: withDefault(array(string()), []) }),
  bar: object({ barmode: withDefault(oneOf(BAR_MODES), "group"), axis_type: withDefault(oneOf(AXIS_TYPES), linear) }),
  line: object({ interpolation: withDefault(oneOf(INTERPOLATIONS), linear), axis_type: withDefault(oneOf(AXIS_TYPES), linear) }),
  area: object({ interpolation: withDefault(oneOf(INTERPOLATIONS), linear), axis_type: withDefault(oneOf(AXIS_TYPES), linear) }),
  scatter: object({ axis_type: withDefault(oneOf(AXIS_TYPES), linear) }),
  pie: object({}),
  heatmap: object({
    color_scale: withDefault(oneOf(HEATMAP_COLOR_SCALES), "Viridis"),
    reverse_scale: withDefault(boolean(), false),
    auto_scale: withDefault(boolean(), true),
    z_min: nullish(number()),
    z_max: nullish(number()),
    use_smallest_as_default: withDefault(boolean(), false),
    default_value: nullish(number()),
  }),
  numeric: object({ trend: withDefault(boolean(), false), trend_preference: withDefault(oneOf(TREND_PREFERENCES), "NEUTRAL") }),
  map: object({
    viewport: withDefault(
      object({ center_x: number(), center_y: number(), zoom: number() }),
      { center_x: 0, center_y: 0, zoom: 1 },
    ),
  }),
};

const aggregationConfig = object({
  row_pivots: withDefault(array(widgetPivot), []),
  column_pivots: withDefault(array(widgetPivot), []),
  series: withDefault(array(widgetSeries), []),
  sort: withDefault(array(widgetSort), []),
  rollup: withDefault(boolean(), true),
  visualization: withDefault(oneOf(VISUALIZATION_TYPES), "table"),
  visualization_config: nullish(record(unknown())),
  formatting_settings: nullish(object({ chart_colors: array(object({ field_name: string(), chart_color: string() })) })),
  event_annotation: withDefault(boolean(), false),
});

const widgetDecorator = object({
  id: nullish(string()),
  type: string({ min: 1 }),
  config: withDefault(record(unknown()), {}),
  order: withDefault(number({ int: true }), 0),
});

const messagesConfig = object({
  fields: withDefault(array(string()), ["timestamp", "source"]),
  show_message_row: withDefault(boolean(), true),
  show_summary: withDefault(boolean(), true),
  sort: withDefault(array(widgetSort), [{ type: "pivot", field: "timestamp", direction: "Descending" }]),
  decorators: withDefault(array(widgetDecorator), []),
});

const widgetCommon = {
  id: string({ min: 1 }),
  filter: nullish(string()),
  filters: withDefault(array(unknown()), []),
  timerange: nullish(timeRange),
  query: nullish(elasticsearchQuery),
  streams: withDefault(array(string()), []),
};

const widget = union(
  object({ type: literal("messages"), config: messagesConfig, ...widgetCommon }),
  object({ type: literal("aggregation"), config: aggregationConfig, ...widgetCommon }),
);

const positiveInt = number({ int: true, min: 1 });
const widgetPosition = object({
  col: positiveInt,
  row: positiveInt,
  height: positiveInt,
  width: union(positiveInt, literal("Infinity")),
});

const highlightingRule = object({
  field: string(),
  value: union(string(), number(), boolean()),
  condition: withDefault(oneOf(HIGHLIGHTING_CONDITIONS), "=="),
  color: union(
    object({ type: literal("static"), color: string() }),
    object({ type: literal("gradient"), gradient: oneOf(HEATMAP_COLOR_SCALES), lower: number(), upper: number() }),
  ),
});

const queryViewState = object({
  selected_fields: nullish(array(string())),
  titles: withDefault(
    object({ widget: withDefault(record(string()), {}), tab: optional(object({ title: string() })) }),
    { widget: {} },
  ),
  widgets: withDefault(array(widget), []),
  widget_mapping: withDefault(record(array(string())), {}),
  positions: withDefault(record(widgetPosition), {}),
  formatting: withDefault(object({ highlighting: withDefault(array(highlightingRule), []) }), { highlighting: [] }),
  display_mode_settings: optional(object({ positions: record(unknown()) })),
  static_message_list_id: nullish(string()),
}) as Reader<QueryViewState>;

/** A stored view state as QueryViewStateSchema.safeParse reads it; null when it does not fit. */
export function readQueryViewState(value: unknown): QueryViewState | null {
  const read = queryViewState(value);
  return read === FAILED ? null : read;
}

/** A visualization config as VisualizationConfigSchemas[type].safeParse reads it; null when it does not fit. */
export function readVisualizationConfig<K extends VisualizationType>(type: K, value: unknown): VisualizationConfigs[K] | null {
  const read = visualizationConfigs[type](value);
  return read === FAILED ? null : read;
}
