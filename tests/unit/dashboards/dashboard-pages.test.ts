import assert from "node:assert/strict";
import type { Widget } from "../../../api/schemas/widgets.ts";
import {
  activeAfterRemoval,
  addPage,
  duplicatePage,
  moveWidgetToPage,
  movePageTargets,
  newDashboardPages,
  removePage,
  renamePage,
  reorderPages,
  withPageWidgets,
} from "../../../ui/dashboards/logic/dashboard-pages.ts";
import { andQueries, applyOverride, readGlobalOverride, withGlobalOverride } from "../../../ui/dashboards/logic/global-override.ts";
import { cycledTab, readWallDisplayConfig, wallDisplayParams } from "../../../ui/dashboards/logic/wall-display.ts";
import { addWidget, EMPTY_VIEW_WIDGETS } from "../../../ui/view/view-widgets.ts";

const widget = (id: string): Widget => ({ id, type: "messages", config: { fields: ["timestamp"], show_message_row: true, show_summary: false, sort: [], decorators: [] } } as unknown as Widget);

const twoPages = () => addPage(newDashboardPages("p1"), "p2");

Deno.test("new pages are titled Page#N with the first N no page has", () => {
  assert.deepEqual(twoPages().map((page) => page.title), ["Page#1", "Page#2"]);
  const renamed = renamePage(twoPages(), "p2", "Page#3");
  assert.deepEqual(addPage(renamed, "p3").map((page) => page.title), ["Page#1", "Page#3", "Page#4"]);
});

Deno.test("a blank or longer than 40 characters page title leaves the title as it was", () => {
  assert.equal(renamePage(twoPages(), "p1", "   ")[0].title, "Page#1");
  assert.equal(renamePage(twoPages(), "p1", "x".repeat(41))[0].title, "Page#1");
  assert.equal(renamePage(twoPages(), "p1", "  Traffic ")[0].title, "Traffic");
});

Deno.test("duplicating a page appends ' (Copy)' and gives every widget a new id with its position and title", () => {
  const widgets = addWidget(EMPTY_VIEW_WIDGETS, widget("w1"), { height: 3, width: 6 }, "Errors");
  const pages = withPageWidgets(twoPages(), "p1", widgets);
  let n = 0;
  const duplicated = duplicatePage(pages, "p1", "p1-copy", () => `new-${++n}`);
  assert.deepEqual(duplicated.map((page) => page.id), ["p1", "p1-copy", "p2"]);
  const copy = duplicated[1];
  assert.equal(copy.title, "Page#1 (Copy)");
  assert.deepEqual(copy.widgets.widgets.map((w) => w.id), ["new-1"]);
  assert.deepEqual(copy.widgets.titles, { "new-1": "Errors" });
  assert.deepEqual(copy.widgets.positions["new-1"], widgets.positions.w1);
});

Deno.test("the last page cannot be removed; removing the active page shows the previous page, else the first left", () => {
  assert.equal(removePage(newDashboardPages("p1"), "p1").length, 1);
  const three = addPage(twoPages(), "p3");
  assert.deepEqual(removePage(three, "p2").map((page) => page.id), ["p1", "p3"]);
  assert.equal(activeAfterRemoval(three, "p2", "p2"), "p1");
  assert.equal(activeAfterRemoval(three, "p1", "p1"), "p2");
  assert.equal(activeAfterRemoval(three, "p3", "p1"), "p1");
});

Deno.test("pages reorder; an index out of range changes nothing", () => {
  const three = addPage(twoPages(), "p3");
  assert.deepEqual(reorderPages(three, 2, 0).map((page) => page.id), ["p3", "p1", "p2"]);
  assert.deepEqual(reorderPages(three, 0, 5).map((page) => page.id), ["p1", "p2", "p3"]);
});

Deno.test("Move to Page takes the widget off its page onto the top left of the other, which excludes the current page", () => {
  const pages = withPageWidgets(twoPages(), "p2", addWidget(EMPTY_VIEW_WIDGETS, widget("w2"), { height: 2, width: 4 }));
  const start = withPageWidgets(pages, "p1", addWidget(EMPTY_VIEW_WIDGETS, widget("w1"), { height: 3, width: 6 }, "Errors"));
  assert.deepEqual(movePageTargets(start, "p1").map((page) => page.id), ["p2"]);
  const moved = moveWidgetToPage(start, "p1", "w1", "p2");
  assert.deepEqual(moved[0].widgets.widgets, []);
  assert.deepEqual(moved[1].widgets.widgets.map((w) => w.id), ["w1", "w2"]);
  assert.deepEqual(moved[1].widgets.positions.w1, { col: 1, row: 1, height: 3, width: 6 });
  assert.equal(moved[1].widgets.positions.w2.row, 4, "the others move down by the new widget's height");
  assert.equal(moved[1].widgets.titles.w1, "Errors");
});

Deno.test("the global override replaces every page's range and query; the filter is ANDed; all round-trip through the URL", () => {
  const params = new URLSearchParams("page=p2&rangetype=relative&relative=3600&filter=source:web");
  const override = readGlobalOverride(params);
  assert.ok(typeof override !== "string");
  assert.deepEqual(override, { timerange: { type: "relative", range: 3600 }, query: null, filter: "source:web" });
  const page = { query: "status:500", timerange: { type: "relative" as const, range: 300 }, streams: ["s1"] };
  assert.deepEqual(applyOverride(page, override), {
    query: "(status:500) AND (source:web)",
    timerange: { type: "relative", range: 3600 },
    streams: ["s1"],
  });
  assert.equal(withGlobalOverride(params, { timerange: null, query: "", filter: "" }).toString(), "page=p2&q=");
  assert.equal(andQueries("", "a"), "a");
  assert.equal(typeof readGlobalOverride(new URLSearchParams("rangetype=weekly")), "string");
});

Deno.test("the wall display reads tabs, interval and refresh with defaults and a minimum of 1, and cycles wrapping around", () => {
  assert.deepEqual(readWallDisplayConfig(new URLSearchParams(""), 3), { tabs: [0, 1, 2], intervalSeconds: 30, refreshSeconds: 10 });
  assert.deepEqual(readWallDisplayConfig(new URLSearchParams("tabs=2,0,9&interval=0&refresh=5"), 3), { tabs: [0, 2], intervalSeconds: 30, refreshSeconds: 5 });
  assert.deepEqual([0, 1, 2, 3].map((tick) => cycledTab([0, 2], tick)), [0, 2, 0, 2]);
  assert.equal(wallDisplayParams({ tabs: [0, 1], intervalSeconds: 1, refreshSeconds: 10 }, 2).toString(), "interval=1&refresh=10");
  assert.equal(wallDisplayParams({ tabs: [1], intervalSeconds: 1, refreshSeconds: 10 }, 2).toString(), "interval=1&refresh=10&tabs=1");
});
