import assert from "node:assert/strict";
import type { PivotInterval } from "../../../api/schemas/widgets.ts";
import {
  AUTO_INTERVAL,
  formatIntervalParam,
  invalidIntervalText,
  parseIntervalParam,
} from "../../../ui/view/interval-param.ts";
import {
  messageCountInterval,
  messageCountWidgetOf,
  withMessageCountInterval,
} from "../../../ui/search/logic/message-count-interval.ts";
import { DEFAULT_SEARCH_STATE, parseSearchUrl, toSearchParams } from "../../../ui/view/url-state.ts";
import {
  ALL_MESSAGES_WIDGET_ID,
  defaultSearchView,
  MESSAGE_COUNT_WIDGET_ID,
  messageCountWidget,
} from "../../../ui/widgets/logic/default-search-view.ts";
import type { ViewWidgets } from "../../../ui/view/view-widgets.ts";

const minutes = (value: number): PivotInterval => ({ type: "timeunit", value, unit: "minutes" });

Deno.test("an interval is a count and a unit letter, months upper-case and minutes lower-case", () => {
  assert.deepEqual(parseIntervalParam("30s"), { type: "timeunit", value: 30, unit: "seconds" });
  assert.deepEqual(parseIntervalParam("5m"), minutes(5));
  assert.deepEqual(parseIntervalParam("1h"), { type: "timeunit", value: 1, unit: "hours" });
  assert.deepEqual(parseIntervalParam("2d"), { type: "timeunit", value: 2, unit: "days" });
  assert.deepEqual(parseIntervalParam("1w"), { type: "timeunit", value: 1, unit: "weeks" });
  assert.deepEqual(parseIntervalParam("1M"), { type: "timeunit", value: 1, unit: "months" });
});

Deno.test("older search URLs' interval names keep working: a quarter is 3 months, a year 12", () => {
  assert.deepEqual(parseIntervalParam("minute"), minutes(1));
  assert.deepEqual(parseIntervalParam("Hour"), { type: "timeunit", value: 1, unit: "hours" });
  assert.deepEqual(parseIntervalParam("quarter"), { type: "timeunit", value: 3, unit: "months" });
  assert.deepEqual(parseIntervalParam("year"), { type: "timeunit", value: 12, unit: "months" });
  assert.deepEqual(parseIntervalParam("auto"), AUTO_INTERVAL);
});

Deno.test("no interval, or an empty one, leaves the chart's own grouping", () => {
  assert.equal(parseIntervalParam(null), null);
  assert.equal(parseIntervalParam(" "), null);
  const parsed = parseSearchUrl(new URLSearchParams("q=a&interval="));
  assert.ok(parsed.ok);
  assert.equal("interval" in parsed, false, "the parsed URL names no interval");
});

Deno.test("a malformed interval is an error naming the value and the accepted form", () => {
  for (const raw of ["0m", "5", "m", "5 minutes", "1.5h", "-1h", "5y", "10001s", "constructor", "toString"]) {
    assert.equal(parseIntervalParam(raw), invalidIntervalText(raw), raw);
  }
  assert.deepEqual(parseSearchUrl(new URLSearchParams("interval=5x")), { ok: false, error: invalidIntervalText("5x") });
});

Deno.test("fixed intervals are written in the short form; the automatic one is left out of the URL", () => {
  assert.equal(formatIntervalParam(minutes(5)), "5m");
  assert.equal(formatIntervalParam({ type: "timeunit", value: 1, unit: "months" }), "1M");
  assert.equal(formatIntervalParam(AUTO_INTERVAL), null);
  assert.equal(toSearchParams(DEFAULT_SEARCH_STATE, AUTO_INTERVAL).toString(), "rangetype=relative&relative=300");
  assert.equal(toSearchParams(DEFAULT_SEARCH_STATE, null).has("interval"), false);
});

Deno.test("the interval survives writing and reading the URL next to the search", () => {
  const interval: PivotInterval = { type: "timeunit", value: 15, unit: "minutes" };
  const params = toSearchParams({ ...DEFAULT_SEARCH_STATE, query: "source:a" }, interval);
  assert.equal(params.get("interval"), "15m");
  assert.deepEqual(parseSearchUrl(new URLSearchParams(params.toString())), {
    ok: true,
    state: { ...DEFAULT_SEARCH_STATE, query: "source:a" },
    interval,
  });
});

Deno.test("the default search's 'Message Count' chart is found by its id and starts automatic", () => {
  const view = defaultSearchView();
  assert.equal(messageCountWidgetOf(view)?.id, MESSAGE_COUNT_WIDGET_ID);
  assert.deepEqual(messageCountInterval(view), AUTO_INTERVAL);
});

Deno.test("setting the interval changes only the 'Message Count' chart's time grouping", () => {
  const view = defaultSearchView();
  const next = withMessageCountInterval(view, minutes(5));
  assert.deepEqual(messageCountInterval(next), minutes(5));
  const chart = next.widgets.find((widget) => widget.id === MESSAGE_COUNT_WIDGET_ID);
  assert.ok(chart?.type === "aggregation");
  assert.deepEqual(chart.config.row_pivots[0], { type: "time", fields: ["timestamp"], config: { interval: minutes(5) } });
  assert.deepEqual(chart.config.series, view.widgets[0].type === "aggregation" ? view.widgets[0].config.series : null);
  assert.equal(next.widgets.find((widget) => widget.id === ALL_MESSAGES_WIDGET_ID), view.widgets[1]);
  assert.equal(withMessageCountInterval(next, minutes(5)), next, "an unchanged interval keeps the same view");
});

Deno.test("in a saved search the chart titled 'Message Count' is the one, whatever its id", () => {
  const other = { ...messageCountWidget("chart-a") };
  const counted = { ...messageCountWidget("chart-b") };
  const view: ViewWidgets = {
    widgets: [other, counted],
    positions: {},
    titles: { "chart-a": "Per host", "chart-b": "Message Count" },
    highlighting: [],
    unknownWidgets: [],
  };
  assert.equal(messageCountWidgetOf(view)?.id, "chart-b");
  const untitled: ViewWidgets = { ...view, titles: {} };
  assert.equal(messageCountWidgetOf(untitled)?.id, "chart-a", "else the first chart grouped by time");
});

Deno.test("a page without a time-grouped chart ignores the interval", () => {
  const view: ViewWidgets = { ...defaultSearchView(), widgets: [defaultSearchView().widgets[1]] };
  assert.equal(messageCountInterval(view), null);
  assert.equal(withMessageCountInterval(view, minutes(5)), view);
});
