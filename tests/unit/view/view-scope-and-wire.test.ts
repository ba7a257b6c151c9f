import assert from "node:assert/strict";
import { fromQueryViewState, toQueryViewState } from "../../../ui/view/view-state-wire.ts";
import { createViewStore } from "../../../ui/view/view-scope.ts";
import { openViewAtom, viewWidgetsAtom } from "../../../ui/view/view-state.ts";
import { gridWidgetIds, removeWidget } from "../../../ui/view/view-widgets.ts";
import { widgetSearchTypes } from "../../../ui/view/widget-search-types.ts";
import { defaultSearchView } from "../../../ui/widgets/logic/default-search-view.ts";

const pluginWidget = { id: "w-plugin", type: "enterprise-report", config: { secret: [1, 2, 3] }, filters: [] };

function storedWithPluginWidget() {
  const state = toQueryViewState(defaultSearchView());
  return {
    ...state,
    widgets: [...state.widgets, pluginWidget],
    positions: { ...state.positions, "w-plugin": { col: 1, row: 9, height: 3, width: 6 } },
  };
}

Deno.test("a stored view with an unknown widget type is read: the known widgets as widgets, the other one opaque", () => {
  const view = fromQueryViewState(storedWithPluginWidget());
  assert.ok(view, "the view is not dropped");
  assert.deepEqual(view.widgets.map((widget) => widget.id), ["message-count", "all-messages"]);
  assert.deepEqual(view.unknownWidgets, [{ id: "w-plugin", type: "enterprise-report", stored: pluginWidget }]);
  assert.deepEqual(gridWidgetIds(view), ["message-count", "all-messages", "w-plugin"]);
  assert.deepEqual(view.positions["w-plugin"], { col: 1, row: 9, height: 3, width: 6 });
});

Deno.test("an unknown widget is saved back exactly as it was stored and runs no search type", () => {
  const view = fromQueryViewState(storedWithPluginWidget());
  assert.ok(view);
  const saved = toQueryViewState(view);
  assert.deepEqual(saved.widgets.at(-1), pluginWidget);
  assert.equal(widgetSearchTypes(view.widgets, {}).searchTypes.some((type) => type.id === "w-plugin"), false);
  assert.ok(!("w-plugin" in saved.widget_mapping));
});

Deno.test("a known widget type whose config cannot be read becomes an unknown widget too; removing it removes it", () => {
  const state = toQueryViewState(defaultSearchView());
  const broken = { id: "w-broken", type: "aggregation", config: { row_pivots: "not a list" } };
  const view = fromQueryViewState({ ...state, widgets: [...state.widgets, broken] });
  assert.ok(view);
  assert.deepEqual(view.unknownWidgets.map((widget) => [widget.id, widget.type]), [["w-broken", "aggregation"]]);
  assert.deepEqual(removeWidget(view, "w-broken").unknownWidgets, []);
});

Deno.test("a view store starts with what the page loaded, without any later copying", () => {
  const widgets = defaultSearchView(["s1"]);
  const store = createViewStore({ widgets, open: null });
  assert.equal(store.get(viewWidgetsAtom), widgets);
  assert.equal(store.get(openViewAtom), null);
  // Two views' stores are apart: a change in one is not seen by the other.
  const other = createViewStore({ widgets: defaultSearchView(), open: null });
  store.set(viewWidgetsAtom, removeWidget(widgets, "all-messages"));
  assert.deepEqual(gridWidgetIds(other.get(viewWidgetsAtom)), ["message-count", "all-messages"]);
  assert.deepEqual(gridWidgetIds(store.get(viewWidgetsAtom)), ["message-count"]);
});
