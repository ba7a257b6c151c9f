import assert from "node:assert/strict";
import type { Widget } from "../../../api/schemas/widgets.ts";
import { addPage, newDashboardPages, withoutWidget, withPageSearch, withPageWidgets } from "../../../ui/dashboards/logic/dashboard-pages.ts";
import { undeclaredParameters, undeclaredParametersTitle } from "../../../ui/dashboards/logic/undeclared-parameters.ts";
import { addWidget, addWidgetAt, EMPTY_VIEW_WIDGETS } from "../../../ui/view/view-widgets.ts";
import { DEFAULT_SEARCH_STATE } from "../../../ui/view/url-state.ts";

const widget = (id: string, overrides: Partial<Widget> = {}): Widget =>
  ({
    id,
    type: "messages",
    config: { fields: ["timestamp"], show_message_row: true, show_summary: false, sort: [], decorators: [] },
    filters: [],
    streams: [],
    ...overrides,
  }) as Widget;

const size = { height: 2, width: 4 };

Deno.test("a dashboard without $name$ in its queries has no undeclared parameters", () => {
  const pages = withPageWidgets(newDashboardPages("p1"), "p1", addWidget(EMPTY_VIEW_WIDGETS, widget("w1"), size));
  assert.deepEqual(undeclaredParameters(pages), []);
});

Deno.test("parameters used in page queries, widget queries and widget filters are undeclared, each named once", () => {
  let pages = addPage(newDashboardPages("p1"), "p2");
  pages = withPageSearch(pages, "p1", { ...DEFAULT_SEARCH_STATE, query: "source:$host$ AND $host$" });
  pages = withPageWidgets(
    pages,
    "p2",
    addWidget(
      addWidget(EMPTY_VIEW_WIDGETS, widget("w1", { filter: "http_method:$method$" }), size),
      widget("w2", { query: { type: "elasticsearch", query_string: "level:$level$ AND price:$5" } }),
      size,
    ),
  );
  assert.deepEqual(undeclaredParameters(pages), ["host", "level", "method"]);
  assert.match(undeclaredParametersTitle(["host", "level"]), /\$host\$, \$level\$$/);
});

Deno.test("Move to Dashboard: the widget leaves whichever page holds it, with its position and title", () => {
  const onSecond = addWidget(addWidget(EMPTY_VIEW_WIDGETS, widget("keep"), size, "Kept"), widget("gone"), size, "Gone");
  const pages = withPageWidgets(addPage(newDashboardPages("p1"), "p2"), "p2", onSecond);
  const after = withoutWidget(pages, "gone");
  assert.deepEqual(after[1].widgets.widgets.map((candidate) => candidate.id), ["keep"]);
  assert.deepEqual(Object.keys(after[1].widgets.positions), ["keep"]);
  assert.deepEqual(after[1].widgets.titles, { keep: "Kept" });
  assert.equal(after[0], pages[0], "the other page is untouched");
});

Deno.test("a widget created in an empty slot takes the slot's place and moves no other widget", () => {
  const before = addWidget(EMPTY_VIEW_WIDGETS, widget("left"), size);
  const after = addWidgetAt(before, widget("new"), { col: 5, row: 1, height: 2, width: 8 }, "New");
  assert.deepEqual(after.positions.left, before.positions.left);
  assert.deepEqual(after.positions.new, { col: 5, row: 1, height: 2, width: 8 });
  assert.equal(after.titles.new, "New");
});
