import assert from "node:assert/strict";
import { ALL_MESSAGES_WIDGET_ID, defaultSearchView, MESSAGE_COUNT_WIDGET_ID, messagesWidget } from "../../../ui/widgets/logic/default-search-view.ts";
import { aggregationCsv, aggregationCsvFileName } from "../../../ui/widgets/logic/aggregation-csv.ts";
import { eventAnnotations } from "../../../ui/view/event-annotations.ts";
import { WIDGET_CREATORS } from "../../../ui/widgets/logic/create-widget.ts";
import { positionsChanged, toGridCells, toWidgetPositions } from "../../../ui/widgets/logic/grid-layout.ts";
import {
  addWidget,
  columnSpan,
  duplicateWidget,
  removeWidget,
  setWidgetTitle,
  storedWidth,
  toggleWidgetWidth,
} from "../../../ui/view/view-widgets.ts";
import { fromQueryViewState, toQueryViewState } from "../../../ui/view/view-state-wire.ts";
import { readWidgetFocus, withWidgetFocus } from "../../../ui/widgets/logic/widget-focus.ts";
import { trendTimeRange } from "../../../ui/view/trend-range.ts";
import { trendSearchTypeIdOf, widgetSearchTypes } from "../../../ui/view/widget-search-types.ts";

Deno.test("the default new search: 'Message Count' on top, 'All Messages' below at full width", () => {
  const view = defaultSearchView();
  assert.deepEqual(view.widgets.map((widget) => widget.type), ["aggregation", "messages"]);
  assert.deepEqual(view.positions[MESSAGE_COUNT_WIDGET_ID], { col: 1, row: 1, height: 2, width: "Infinity" });
  assert.deepEqual(view.positions[ALL_MESSAGES_WIDGET_ID], { col: 1, row: 3, height: 6, width: "Infinity" });
  assert.deepEqual(view.titles, { [MESSAGE_COUNT_WIDGET_ID]: "Message Count", [ALL_MESSAGES_WIDGET_ID]: "All Messages" });
});

Deno.test("a new widget goes top-left and every other widget moves down by its height", () => {
  const next = addWidget(defaultSearchView(), messagesWidget("new"), { height: 5, width: 6 });
  assert.deepEqual(next.positions.new, { col: 1, row: 1, height: 5, width: 6 });
  assert.equal(next.positions[MESSAGE_COUNT_WIDGET_ID].row, 6);
  assert.equal(next.positions[ALL_MESSAGES_WIDGET_ID].row, 8);
  assert.equal(next.widgets[0].id, "new");
  assert.equal(next.titles.new, undefined);
});

Deno.test("duplicating gives a new id, the same config and '(copy)' after the title; removing drops position and title", () => {
  const view = duplicateWidget(defaultSearchView(), ALL_MESSAGES_WIDGET_ID, "copy-1", "All Messages");
  const copy = view.widgets.find((widget) => widget.id === "copy-1");
  assert.ok(copy && copy.type === "messages");
  assert.deepEqual(copy.config, view.widgets.find((widget) => widget.id === ALL_MESSAGES_WIDGET_ID)!.config);
  assert.equal(view.titles["copy-1"], "All Messages (copy)");
  assert.equal(view.positions["copy-1"].height, 6);
  const removed = removeWidget(view, "copy-1");
  assert.equal(removed.widgets.some((widget) => widget.id === "copy-1"), false);
  assert.equal(removed.positions["copy-1"], undefined);
  assert.equal(removed.titles["copy-1"], undefined);
  assert.equal(duplicateWidget(view, "missing", "x", "t"), view);
});

Deno.test("width 12 or more is stored as 'Infinity'; stretch and compress toggle it", () => {
  assert.equal(storedWidth(12), "Infinity");
  assert.equal(storedWidth(13), "Infinity");
  assert.equal(storedWidth(4), 4);
  assert.equal(columnSpan({ col: 1, row: 1, height: 1, width: "Infinity" }), 12);
  const compressed = toggleWidgetWidth(defaultSearchView(), ALL_MESSAGES_WIDGET_ID);
  assert.equal(compressed.positions[ALL_MESSAGES_WIDGET_ID].width, 6);
  assert.equal(toggleWidgetWidth(compressed, ALL_MESSAGES_WIDGET_ID).positions[ALL_MESSAGES_WIDGET_ID].width, "Infinity");
  assert.equal(setWidgetTitle(compressed, ALL_MESSAGES_WIDGET_ID, "Logs").titles[ALL_MESSAGES_WIDGET_ID], "Logs");
});

Deno.test("grid cells are 0-based with 'Infinity' as the full 12 columns, and come back unchanged", () => {
  const view = defaultSearchView();
  const cells = toGridCells(view.widgets.map((widget) => widget.id), view.positions);
  assert.deepEqual(cells[0], { i: MESSAGE_COUNT_WIDGET_ID, x: 0, y: 0, w: 12, h: 2 });
  assert.deepEqual(toWidgetPositions(cells), view.positions);
  assert.equal(positionsChanged(toWidgetPositions(cells), view.positions), false);
  assert.equal(positionsChanged({ ...view.positions, [ALL_MESSAGES_WIDGET_ID]: { col: 1, row: 4, height: 6, width: "Infinity" } }, view.positions), true);
  // A widget without a position goes below the others.
  const [, orphan] = toGridCells([MESSAGE_COUNT_WIDGET_ID, "orphan"], { [MESSAGE_COUNT_WIDGET_ID]: view.positions[MESSAGE_COUNT_WIDGET_ID] });
  assert.deepEqual(orphan, { i: "orphan", x: 0, y: 2, w: 12, h: 4 });
});

Deno.test("focus and edit live in focusedId with focusing or editing, and leaving focus clears them", () => {
  const params = new URLSearchParams("q=error&rangetype=relative&relative=300");
  const focused = withWidgetFocus(params, { mode: "focusing", widgetId: "w1" });
  assert.equal(focused.get("focusedId"), "w1");
  assert.equal(focused.get("focusing"), "true");
  assert.equal(focused.get("q"), "error");
  assert.deepEqual(readWidgetFocus(focused), { mode: "focusing", widgetId: "w1" });
  const editing = withWidgetFocus(focused, { mode: "editing", widgetId: "w1" });
  assert.equal(editing.get("focusing"), null);
  assert.deepEqual(readWidgetFocus(editing), { mode: "editing", widgetId: "w1" });
  const none = withWidgetFocus(editing, { mode: "none" });
  assert.deepEqual([...none.keys()], ["q", "rangetype", "relative"]);
  assert.deepEqual(readWidgetFocus(new URLSearchParams("focusedId=w1")), { mode: "none" });
});

Deno.test("the view state round-trips through the wire shape with the widget mapping", () => {
  const view = setWidgetTitle(defaultSearchView(), MESSAGE_COUNT_WIDGET_ID, "Volume");
  const state = toQueryViewState({ ...view, highlighting: [{ field: "source", value: "web-01", condition: "==", color: { type: "static", color: "#ffcc00" } }] });
  assert.deepEqual(state.widget_mapping, { [MESSAGE_COUNT_WIDGET_ID]: [MESSAGE_COUNT_WIDGET_ID], [ALL_MESSAGES_WIDGET_ID]: [ALL_MESSAGES_WIDGET_ID] });
  assert.equal(state.titles.widget[MESSAGE_COUNT_WIDGET_ID], "Volume");
  const back = fromQueryViewState(JSON.parse(JSON.stringify(state)));
  assert.ok(back);
  assert.deepEqual(back.widgets, view.widgets);
  assert.deepEqual(back.positions, view.positions);
  assert.equal(back.highlighting[0].field, "source");
  // A widget of an unknown type no longer fails the view (issue 13): it is kept opaque (tests/unit/view/).
  assert.deepEqual(fromQueryViewState({ widgets: [{ id: "x", type: "nonsense" }] })?.unknownWidgets.map((w) => w.id), ["x"]);
  assert.equal(fromQueryViewState({ widgets: "not a list" }), null);
  assert.equal(fromQueryViewState({ positions: { a: { col: 0 } } }), null);
});

Deno.test("a single number with a trend runs a second pivot over the period before the page's range", () => {
  const now = Date.parse("2026-01-02T00:00:00.000Z");
  assert.deepEqual(trendTimeRange({ type: "relative", range: 3600 }, now), {
    type: "absolute",
    from: "2026-01-01T22:00:00.000Z",
    to: "2026-01-01T23:00:00.000Z",
  });
  assert.equal(trendTimeRange({ type: "relative", range: 0 }, now), null);
  assert.equal(trendTimeRange({ type: "keyword", keyword: "yesterday" }, now), null);
  const widget = WIDGET_CREATORS.messageCount("n").widget;
  assert.ok(widget.type === "aggregation");
  const numeric = { ...widget, config: { ...widget.config, visualization: "numeric" as const, visualization_config: { trend: true, trend_preference: "HIGHER" } } };
  const range = trendTimeRange({ type: "relative", range: 3600 }, now);
  const { searchTypes, widgetMapping } = widgetSearchTypes([numeric], {}, range);
  assert.deepEqual(widgetMapping, { n: ["n", trendSearchTypeIdOf(numeric)] });
  assert.deepEqual(searchTypes[1].timerange, range);
  assert.equal(widgetSearchTypes([numeric], {}, null).searchTypes.length, 1);
  assert.equal(widgetSearchTypes([widget], {}, range).searchTypes.length, 1);
});

Deno.test("Create: an aggregation opens in the editor with the default config; Message Count has its title", () => {
  const aggregation = WIDGET_CREATORS.aggregation("a");
  assert.equal(aggregation.edit, true);
  assert.ok(aggregation.widget.type === "aggregation");
  assert.equal(aggregation.widget.config.visualization, "bar");
  assert.deepEqual(aggregation.widget.config.series.map((series) => series.function), ["count()"]);
  assert.equal(WIDGET_CREATORS.messageCount("m").title, "Message Count");
  assert.equal(WIDGET_CREATORS.messages("t").widget.type, "messages");
});

Deno.test("an aggregation's table exports as CSV with column values before the metric name", () => {
  const csv = aggregationCsv({
    columns: [
      { id: "f", kind: "row-field", title: "source", columnKeys: [], pinned: false },
      { id: "c", kind: "series", title: "count()", columnKeys: ["GET"], pinned: false },
    ],
    rows: [
      { id: "1", cells: { f: 'web, "01"', c: 3 }, path: [] },
      { id: "2", cells: { f: "web-02", c: null }, path: [] },
    ],
    columnGroups: [],
  });
  assert.equal(csv, 'source,GET - count()\r\n"web, ""01""",3\r\nweb-02,\r\n');
  assert.equal(aggregationCsvFileName("Aggregating count() by source"), "Aggregating-count()-by-source.csv");
});

Deno.test("a chart with event annotations also searches events, and readable events become markers in time order", () => {
  const widget = WIDGET_CREATORS.messageCount("c").widget;
  assert.ok(widget.type === "aggregation");
  const annotated = { ...widget, config: { ...widget.config, event_annotation: true } };
  const { searchTypes, widgetMapping } = widgetSearchTypes([annotated], {});
  assert.deepEqual(widgetMapping, { c: ["c", "c-events"] });
  assert.equal(searchTypes[1].type, "events");
  assert.deepEqual(widgetSearchTypes([widget], {}).widgetMapping, { c: ["c"] });
  assert.deepEqual(
    eventAnnotations([
      { id: "b", timestamp: "2026-01-01T00:02:00.000Z", message: "Failed logins", alert: true },
      { id: "a", timestamp: "2026-01-01T00:01:00.000Z" },
      { id: "bad", timestamp: "yesterday" },
      { timestamp: "2026-01-01T00:03:00.000Z" },
    ]),
    [
      { id: "a", timestamp: "2026-01-01T00:01:00.000Z", message: "", alert: false },
      { id: "b", timestamp: "2026-01-01T00:02:00.000Z", message: "Failed logins", alert: true },
    ],
  );
});
