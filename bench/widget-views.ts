/**
 * Saved searches holding one aggregation widget, put through the API as the page's 'Save' does (POST
 * /views/search, then POST /views with the widget as the view state of its query), for the chart benchmarks
 * of issue 5: a line chart of count by timestamp and a heatmap of two values groupings.
 */
import type { TimeRange } from "../api/schemas/timerange.ts";
import type { AggregationWidget, AggregationWidgetConfig } from "../api/schemas/widgets.ts";
import { QUERY_ID } from "../ui/view/search-request.ts";
import { toQueryViewState } from "../ui/view/view-state-wire.ts";
import { widgetSearchTypes } from "../ui/view/widget-search-types.ts";
import { postJson } from "./server-process.ts";

/** A line chart of count() by timestamp at a fixed interval: one point per `minutes` bucket of the range. */
export function timeSeriesConfig(minutes: number): AggregationWidgetConfig {
  return {
    row_pivots: [{ type: "time", fields: ["timestamp"], config: { interval: { type: "timeunit", value: minutes, unit: "minutes" } } }],
    column_pivots: [],
    series: [{ function: "count()", config: { name: null } }],
    sort: [],
    rollup: true,
    visualization: "line",
    visualization_config: { interpolation: "linear", axis_type: "linear" },
    formatting_settings: null,
    event_annotation: false,
  };
}

/** A heatmap of count() with `rowField` values on y and `columnField` values on x, `limit` of each. */
export function heatmapConfig(rowField: string, columnField: string, limit: number): AggregationWidgetConfig {
  return {
    row_pivots: [{ type: "values", fields: [rowField], config: { limit } }],
    column_pivots: [{ type: "values", fields: [columnField], config: { limit } }],
    series: [{ function: "count()", config: { name: null } }],
    sort: [],
    rollup: false,
    visualization: "heatmap",
    visualization_config: {
      color_scale: "Viridis",
      reverse_scale: false,
      auto_scale: true,
      use_smallest_as_default: false,
    },
    formatting_settings: null,
    event_annotation: false,
  };
}

/** Saves a search with one full-width aggregation widget over `timerange`; returns the view id. */
export async function saveWidgetView(
  base: string,
  cookie: string,
  title: string,
  config: AggregationWidgetConfig,
  timerange: TimeRange,
): Promise<string> {
  const widget: AggregationWidget = { id: "bench-widget", type: "aggregation", config, filters: [], streams: [] };
  const view = {
    widgets: [widget],
    positions: { [widget.id]: { col: 1, row: 1, height: 6, width: "Infinity" as const } },
    titles: { [widget.id]: title },
    highlighting: [],
    unknownWidgets: [],
  };
  const { searchTypes } = widgetSearchTypes(view.widgets, {});
  const search = await postJson<{ id: string }>(base, cookie, "/api/views/search", {
    queries: [{
      id: QUERY_ID,
      timerange,
      query: { type: "elasticsearch", query_string: "" },
      filter: null,
      filters: [],
      search_types: searchTypes,
    }],
    parameters: [],
  });
  const saved = await postJson<{ id: string }>(base, cookie, "/api/views", {
    type: "SEARCH",
    title,
    summary: "",
    description: "",
    search_id: search.id,
    properties: [],
    state: { [QUERY_ID]: toQueryViewState(view) },
    requires: {},
  });
  return saved.id;
}
