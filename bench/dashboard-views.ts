/**
 * Dashboards put through the API as the dashboard's 'Save as' does (POST /views/search with one query per page,
 * then POST /views of type DASHBOARD), for the dashboard benchmark and the dashboards e2e: a showcase of three
 * pages holding one widget of each visualization type and a message table, and a page of N widgets.
 */
import type { VisualizationType } from "../api/schemas/widget-kinds.ts";
import type { AggregationWidget, AggregationWidgetConfig, Widget, WidgetPosition } from "../api/schemas/widgets.ts";
import type { DashboardPage } from "../ui/dashboards/logic/dashboard-pages.ts";
import { dashboardSearch, dashboardViewBody } from "../ui/dashboards/logic/dashboard-wire.ts";
import { DEFAULT_SEARCH_STATE } from "../ui/view/url-state.ts";
import { messagesWidget } from "../ui/widgets/logic/default-search-view.ts";
import { postJson } from "./server-process.ts";

const byTime = [{ type: "time" as const, fields: ["timestamp"], config: { interval: { type: "auto" as const, scaling: 1 } } }];
const byValues = (field: string, limit = 10) => [{ type: "values" as const, fields: [field], config: { limit } }];
const count = [{ function: "count()", config: { name: null } }];

/** One aggregation per visualization type, over the demo logs' fields; the title each widget shows. */
export const VISUALIZATION_WIDGETS: Record<VisualizationType, { title: string; config: AggregationWidgetConfig }> = {
  table: { title: "Top sources", config: aggregation("table", { row_pivots: byValues("source") }) },
  bar: { title: "Messages over time", config: aggregation("bar", { visualization_config: { barmode: "group", axis_type: "linear" } }) },
  line: { title: "Message rate", config: aggregation("line", { visualization_config: { interpolation: "linear", axis_type: "linear" } }) },
  area: {
    title: "Methods over time",
    config: aggregation("area", {
      column_pivots: byValues("http_method", 5),
      visualization_config: { interpolation: "linear", axis_type: "linear" },
    }),
  },
  scatter: {
    title: "Response time by source",
    config: aggregation("scatter", {
      row_pivots: byValues("source"),
      series: [...count, { function: "avg(response_time_ms)", config: { name: null } }],
      visualization_config: { axis_type: "linear" },
    }),
  },
  pie: { title: "HTTP methods", config: aggregation("pie", { row_pivots: byValues("http_method", 5) }) },
  heatmap: {
    title: "Sources by method",
    config: aggregation("heatmap", {
      row_pivots: byValues("source", 5),
      column_pivots: byValues("http_method", 5),
      rollup: false,
      visualization_config: { color_scale: "Viridis", reverse_scale: false, auto_scale: true, use_smallest_as_default: false },
    }),
  },
  numeric: {
    title: "Total messages",
    config: aggregation("numeric", { row_pivots: [], visualization_config: { trend: false, trend_preference: "NEUTRAL" } }),
  },
  map: {
    title: "Client locations",
    config: aggregation("map", {
      row_pivots: byValues("client_ip_geolocation", 50),
      visualization_config: { zoom: 1, center_x: 0, center_y: 0 },
    }),
  },
};

/** What each visualization draws once its data is there (its test id), to tell a rendered widget. */
export const DRAWN_TEST_IDS: Record<VisualizationType, string> = {
  table: "data-table-visualization",
  bar: "cartesian-visualization",
  line: "cartesian-visualization",
  area: "cartesian-visualization",
  scatter: "cartesian-visualization",
  pie: "pie-visualization",
  heatmap: "heatmap-visualization",
  numeric: "number-visualization",
  map: "world-map-visualization",
};

/** The message table's title on the showcase dashboard. */
export const SHOWCASE_MESSAGE_TABLE = "Latest messages";

/** Which visualizations each of the showcase's three pages holds (the message table is on the first). */
export const SHOWCASE_PAGES: readonly { title: string; types: readonly VisualizationType[] }[] = [
  { title: "Overview", types: ["numeric", "bar", "table"] },
  { title: "Traffic", types: ["line", "area", "pie"] },
  { title: "Clients", types: ["scatter", "heatmap", "map"] },
];

/** The showcase: three pages of three aggregations, side by side four columns wide, the message table below the first. */
export function showcaseDashboardPages(): DashboardPage[] {
  return SHOWCASE_PAGES.map((spec, index) => {
    const widgets: Widget[] = spec.types.map((type) => aggregationWidget(`${type}-widget`, VISUALIZATION_WIDGETS[type].config));
    const titles: Record<string, string> = Object.fromEntries(spec.types.map((type) => [`${type}-widget`, VISUALIZATION_WIDGETS[type].title]));
    const positions: Record<string, WidgetPosition> = Object.fromEntries(
      spec.types.map((type, column) => [`${type}-widget`, { col: 1 + column * 4, row: 1, height: 4, width: 4 }]),
    );
    if (index === 0) {
      widgets.push(messagesWidget("messages-widget"));
      titles["messages-widget"] = SHOWCASE_MESSAGE_TABLE;
      positions["messages-widget"] = { col: 1, row: 5, height: 5, width: "Infinity" };
    }
    return page(`page-${index + 1}`, spec.title, widgets, titles, positions);
  });
}

/** One page of `n` small aggregations (the visualization types in turn, four to a row), titled 'Widget 1' …. */
export function manyWidgetsDashboardPages(n: number): DashboardPage[] {
  const types = Object.keys(VISUALIZATION_WIDGETS) as VisualizationType[];
  const ids = Array.from({ length: n }, (_, i) => `widget-${i + 1}`);
  return [page(
    "page-1",
    "Page#1",
    ids.map((id, i) => aggregationWidget(id, VISUALIZATION_WIDGETS[types[i % types.length]].config)),
    Object.fromEntries(ids.map((id, i) => [id, `Widget ${i + 1}`])),
    Object.fromEntries(ids.map((id, i) => [id, { col: 1 + (i % 4) * 3, row: 1 + Math.floor(i / 4) * 3, height: 3, width: 3 }])),
  )];
}

/** `pages` searching the last `rangeSeconds` (as saveDashboardView stores them). */
export function overLastSeconds(pages: readonly DashboardPage[], rangeSeconds: number): DashboardPage[] {
  return pages.map((candidate) => ({ ...candidate, search: { ...candidate.search, timerange: { type: "relative" as const, range: rangeSeconds } } }));
}

/** Saves `pages` as a dashboard titled `title` over the last `rangeSeconds`; returns the view id. */
export async function saveDashboardView(
  base: string,
  cookie: string,
  title: string,
  pages: readonly DashboardPage[],
  rangeSeconds = 7 * 24 * 3600,
): Promise<string> {
  const ranged = overLastSeconds(pages, rangeSeconds);
  const search = await postJson<{ id: string }>(base, cookie, "/api/views/search", dashboardSearch(ranged, "UTC"));
  const view = await postJson<{ id: string }>(
    base,
    cookie,
    "/api/views",
    dashboardViewBody(ranged, search.id, { title, summary: "", description: "" }),
  );
  return view.id;
}

function aggregation(visualization: VisualizationType, config: Partial<AggregationWidgetConfig>): AggregationWidgetConfig {
  return {
    row_pivots: byTime,
    column_pivots: [],
    series: count,
    sort: [],
    rollup: true,
    visualization,
    visualization_config: null,
    formatting_settings: null,
    event_annotation: false,
    ...config,
  };
}

function aggregationWidget(id: string, config: AggregationWidgetConfig): AggregationWidget {
  return { id, type: "aggregation", config, filters: [], streams: [] };
}

function page(
  id: string,
  title: string,
  widgets: Widget[],
  titles: Record<string, string>,
  positions: Record<string, WidgetPosition>,
): DashboardPage {
  return { id, title, search: DEFAULT_SEARCH_STATE, widgets: { widgets, positions, titles, highlighting: [], unknownWidgets: [] } };
}
