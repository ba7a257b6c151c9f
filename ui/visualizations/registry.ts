import { type ComponentType, lazy, type LazyExoticComponent } from "react";
import { AXIS_TYPES, BAR_MODES, HEATMAP_COLOR_SCALES, INTERPOLATIONS, TREND_PREFERENCES } from "../../api/schemas/widget-kinds.ts";
import { readVisualizationConfig } from "../../api/schemas/view-state-reader.ts";
import type { AggregationWidgetConfig, VisualizationConfigs, VisualizationType } from "../../api/schemas/widgets.ts";
import type { ConfigFieldOption, VisualizationConfigField } from "./config-fields.ts";
import { rowFields } from "./logic/pivot-fields.ts";
import type { VisualizationProps } from "./visualization-props.ts";

/** How one visualization type is named, drawn, configured and checked. */
export interface VisualizationDefinition<K extends VisualizationType> {
  type: K;
  /** The display name (type select, 'requires' messages). */
  title: string;
  /** Loaded on first use, so chart code ships only to pages that draw one. */
  component: LazyExoticComponent<ComponentType<VisualizationProps<K>>>;
  /** The config a widget gets when it switches to this type (spec 001 §4: changing type resets it). */
  defaultConfig: VisualizationConfigs[K];
  /** The config fields the aggregation editor shows, in order. */
  fields: readonly VisualizationConfigField<K>[];
  /** What the widget's groupings and metrics must satisfy (spec 001 §5 'Chart needs'); the messages. */
  validate: (widget: AggregationWidgetConfig) => string[];
}

export type VisualizationRegistry = { [K in VisualizationType]: VisualizationDefinition<K> };

const options = (
  values: readonly string[],
  label: (value: string) => string = capitalise,
): ConfigFieldOption[] => values.map((value) => ({ value, label: label(value) }));

const AXIS_TYPE_FIELD = {
  name: "axis_type",
  title: "Axis Type",
  type: "select",
  options: options(AXIS_TYPES),
  required: true,
} as const;
const INTERPOLATION_FIELD = {
  name: "interpolation",
  title: "Interpolation",
  type: "select",
  options: options(INTERPOLATIONS, (value) => value.split("-").map(capitalise).join("-")),
  required: true,
} as const;

/** '{Chart name} requires at least one metric' (spec 001 §5). */
const requiresMetric = (title: string) => (widget: AggregationWidgetConfig): string[] =>
  widget.series.length === 0 ? [`${title} requires at least one metric`] : [];

/** Loads each type's component module (its own chunk in the client bundle). */
const LOADERS: {
  [K in VisualizationType]: () => Promise<{ default: ComponentType<VisualizationProps<K>> }>;
} = {
  table: () =>
    import("./table/DataTableVisualization.tsx").then((m) => ({ default: m.DataTableVisualization })),
  bar: () => import("./bar/BarVisualization.tsx").then((m) => ({ default: m.BarVisualization })),
  line: () => import("./line/LineVisualization.tsx").then((m) => ({ default: m.LineVisualization })),
  area: () => import("./area/AreaVisualization.tsx").then((m) => ({ default: m.AreaVisualization })),
  scatter: () =>
    import("./scatter/ScatterVisualization.tsx").then((m) => ({ default: m.ScatterVisualization })),
  pie: () => import("./pie/PieVisualization.tsx").then((m) => ({ default: m.PieVisualization })),
  heatmap: () =>
    import("./heatmap/HeatmapVisualization.tsx").then((m) => ({ default: m.HeatmapVisualization })),
  numeric: () =>
    import("./numeric/NumberVisualization.tsx").then((m) => ({ default: m.NumberVisualization })),
  map: () => import("./map/WorldMapVisualization.tsx").then((m) => ({ default: m.WorldMapVisualization })),
};

/** Every visualization type (spec 001 §3): exhaustive, so a new type does not compile until it is registered here. */
export const VISUALIZATIONS: VisualizationRegistry = {
  table: {
    type: "table",
    title: "Data Table",
    component: lazy(LOADERS.table),
    defaultConfig: defaults("table"),
    fields: [{
      name: "pinned_columns",
      title: "Pinned Columns",
      type: "multi-select",
      options: (widget) => options(rowFields(widget), (field) => field),
      required: false,
      description: "Row grouping columns that stay visible while the table scrolls sideways.",
    }],
    validate: () => [],
  },
  bar: {
    type: "bar",
    title: "Bar Chart",
    component: lazy(LOADERS.bar),
    defaultConfig: defaults("bar"),
    fields: [
      { name: "barmode", title: "Mode", type: "select", options: options(BAR_MODES), required: true },
      AXIS_TYPE_FIELD,
    ],
    validate: requiresMetric("Bar Chart"),
  },
  line: {
    type: "line",
    title: "Line Chart",
    component: lazy(LOADERS.line),
    defaultConfig: defaults("line"),
    fields: [INTERPOLATION_FIELD, AXIS_TYPE_FIELD],
    validate: requiresMetric("Line Chart"),
  },
  area: {
    type: "area",
    title: "Area Chart",
    component: lazy(LOADERS.area),
    defaultConfig: defaults("area"),
    fields: [INTERPOLATION_FIELD, AXIS_TYPE_FIELD],
    validate: requiresMetric("Area Chart"),
  },
  scatter: {
    type: "scatter",
    title: "Scatter Plot",
    component: lazy(LOADERS.scatter),
    defaultConfig: defaults("scatter"),
    fields: [AXIS_TYPE_FIELD],
    validate: requiresMetric("Scatter Plot"),
  },
  pie: {
    type: "pie",
    title: "Pie Chart",
    component: lazy(LOADERS.pie),
    defaultConfig: defaults("pie"),
    fields: [],
    validate: requiresMetric("Pie Chart"),
  },
  heatmap: {
    type: "heatmap",
    title: "Heatmap",
    component: lazy(LOADERS.heatmap),
    defaultConfig: defaults("heatmap"),
    fields: [
      {
        name: "color_scale",
        title: "Color Scale",
        type: "select",
        options: options(HEATMAP_COLOR_SCALES, (v) => v),
        required: true,
      },
      { name: "reverse_scale", title: "Reverse Scale", type: "boolean", required: false },
      { name: "auto_scale", title: "Auto Scale", type: "boolean", required: false },
      {
        name: "z_min",
        title: "Min",
        type: "number",
        required: true,
        isShown: (config) => !config.auto_scale,
      },
      {
        name: "z_max",
        title: "Max",
        type: "number",
        required: true,
        isShown: (config) => !config.auto_scale,
      },
      { name: "use_smallest_as_default", title: "Use smallest as default", type: "boolean", required: false },
      {
        name: "default_value",
        title: "Default Value",
        type: "number",
        required: false,
        isShown: (config) => !config.use_smallest_as_default,
      },
    ],
    validate: (widget) => {
      const messages: string[] = [];
      if (widget.row_pivots.length + widget.column_pivots.length < 2) {
        messages.push("Heatmap requires at least two groupings.");
      }
      if (widget.row_pivots.length === 0 || widget.column_pivots.length === 0) {
        messages.push("Groupings must include row and column groupings.");
      }
      if (widget.series.length === 0) messages.push("At least one metric must be configured.");
      return messages;
    },
  },
  numeric: {
    type: "numeric",
    title: "Single Number",
    component: lazy(LOADERS.numeric),
    defaultConfig: defaults("numeric"),
    fields: [
      { name: "trend", title: "Trend", type: "boolean", required: false },
      {
        name: "trend_preference",
        title: "Trend Preference",
        type: "select",
        options: options(TREND_PREFERENCES),
        required: true,
        isShown: (config) => config.trend,
      },
    ],
    validate: () => [],
  },
  map: {
    type: "map",
    title: "World Map",
    component: lazy(LOADERS.map),
    defaultConfig: defaults("map"),
    fields: [
      { name: "viewport.zoom", title: "Zoom", type: "number", required: true, min: 1, max: 19, step: 1 },
      { name: "viewport.center_x", title: "Latitude", type: "number", required: true, min: -90, max: 90 },
      { name: "viewport.center_y", title: "Longitude", type: "number", required: true, min: -180, max: 180 },
    ],
    validate: () => [],
  },
};

/**
 * Starts loading a type's chart code ahead of use (e.g. while the search runs), so evaluating the chart
 * library does not add to the task that first draws the result. Loading twice costs nothing.
 */
export function preloadVisualization(type: VisualizationType): Promise<unknown> {
  return LOADERS[type]();
}

/** The definition of a type, typed by it. */
export function visualizationDefinition<K extends VisualizationType>(type: K): VisualizationDefinition<K> {
  return VISUALIZATIONS[type] as VisualizationDefinition<K>;
}

/**
 * A widget's visualization config in its type's shape: the stored one read through the type's schema (its
 * defaults filling gaps), or the type's defaults when it does not fit (e.g. left over from another type).
 */
export function visualizationConfigOf<K extends VisualizationType>(
  type: K,
  stored: unknown,
): VisualizationConfigs[K] {
  // Read without zod (VisualizationConfigSchemas' twin): zod stays out of the browser's scripts.
  return readVisualizationConfig(type, stored ?? {}) ?? defaults(type);
}

function defaults<K extends VisualizationType>(type: K): VisualizationConfigs[K] {
  return readVisualizationConfig(type, {})!;
}

function capitalise(value: string): string {
  return value.charAt(0).toUpperCase() + value.slice(1).toLowerCase();
}
