import assert from "node:assert/strict";
import { importsOf, sourceFiles } from "./import-graph.ts";

/**
 * Feature zones (STYLE.md): a folder under ui/ is one feature. A feature imports another only through
 * `ui/common` and `ui/api` (shared by all) or the other feature's public entry: the modules at the top level
 * of its folder. Its subfolders (`logic/`, `sidebar/`, `export/`, …) are its internals.
 */
const SHARED_FEATURES = new Set(["common", "api"]);

/** Why a listed import still reaches into another feature's internals. */
const SERIES_MODEL = "series functions are part of the aggregation model; to move to ui/view/ beside the search types (viewcore)";
const WIDGET_PRESETS = "the aggregation widget presets are shared by the search page and the widgets; to a public module (viewcore)";
const COLOR_SCALES = "highlighting rules reuse the charts' colour scales; to move to a public module (viewcore)";
const TABLE_DATA = "the aggregation CSV download reuses the data table's rows; to move to a public module (viewcore)";
const WIDGET_TYPE_MODELS =
  "the view core (ui/view/) builds each widget type's search types and results with that type's own logic (an exhaustive record over widget types)";
const DEFAULT_WIDGETS = "the search page opens with the default widgets the widgets' Create section also makes";
const MESSAGE_DETAILS = "the single-message page shows a message with the message table widget's details";

/** Imports from another feature's internals that are known and being removed: `from → to`, with why. */
const ALLOWED: Record<string, string> = {
  "ui/aggregation/logic/form-conversion.ts → ui/widgets/logic/series-function.ts": SERIES_MODEL,
  "ui/aggregation/logic/pivot-search-type.ts → ui/widgets/logic/series-function.ts": SERIES_MODEL,
  "ui/aggregation/logic/widget-presets.ts → ui/widgets/logic/series-function.ts": SERIES_MODEL,
  "ui/dashboards/CreateWidgetDialog.tsx → ui/widgets/logic/create-widget.ts": DEFAULT_WIDGETS,
  "ui/dashboards/DashboardPage.tsx → ui/widgets/logic/create-widget.ts": DEFAULT_WIDGETS,
  "ui/dashboards/DashboardPage.tsx → ui/widgets/logic/widget-focus.ts":
    "dashboards hold widget focus in the same URL parameters as the search page (spec 001 §2)",
  "ui/dashboards/DashboardPage.tsx → ui/search/logic/value-actions.ts":
    "a dashboard widget's value actions change its page's query as the search page's do",
  "ui/search/MessagePage.tsx → ui/widgets/messages/MessageDetails.tsx": MESSAGE_DETAILS,
  "ui/search/MessagePage.tsx → ui/widgets/messages/logic/message-rows.ts": MESSAGE_DETAILS,
  "ui/search/SearchPage.tsx → ui/aggregation/logic/widget-presets.ts": WIDGET_PRESETS,
  "ui/search/SearchPage.tsx → ui/widgets/logic/create-widget.ts": DEFAULT_WIDGETS,
  "ui/search/SearchPage.tsx → ui/widgets/logic/default-search-view.ts": DEFAULT_WIDGETS,
  "ui/search/SearchPage.tsx → ui/widgets/logic/widget-focus.ts":
    "the page keeps the widget focus in its URL; to a public widgets module (viewcore)",
  "ui/search/logic/message-count-interval.ts → ui/widgets/logic/default-search-view.ts": DEFAULT_WIDGETS,
  "ui/search/logic/search-page-view.ts → ui/widgets/logic/default-search-view.ts": DEFAULT_WIDGETS,
  "ui/search/sidebar/CreateSection.tsx → ui/widgets/logic/create-widget.ts": DEFAULT_WIDGETS,
  "ui/search/sidebar/HighlightingRuleDialog.tsx → ui/visualizations/logic/color-scales.ts": COLOR_SCALES,
  "ui/search/sidebar/HighlightingSection.tsx → ui/visualizations/logic/color-scales.ts": COLOR_SCALES,
  "ui/view/highlighting-rules.ts → ui/visualizations/logic/color-scales.ts": COLOR_SCALES,
  "ui/view/trend-range.ts → ui/visualizations/numeric/logic/previous-period.ts":
    "the trend range reuses the single number's previous period",
  "ui/view/widget-results.ts → ui/widgets/messages/logic/message-rows.ts": WIDGET_TYPE_MODELS,
  "ui/view/widget-search-types.ts → ui/aggregation/logic/pivot-search-type.ts": WIDGET_TYPE_MODELS,
  "ui/widgets/AggregationWidgetView.tsx → ui/aggregation/logic/widget-presets.ts": WIDGET_PRESETS,
  "ui/widgets/messages/MessagesWidgetDecorators.tsx → ui/decorators/logic/decorator-list.ts":
    "the message table's decorator editor reuses the decorator list's ordering; to import it from a public decorators module (viewcore)",
  "ui/widgets/download-aggregation-csv.ts → ui/search/export/download-export.ts":
    "the aggregation CSV download reuses the search export's file download; to move to ui/common (viewcore)",
  "ui/widgets/download-aggregation-csv.ts → ui/visualizations/logic/table-data.ts": TABLE_DATA,
  "ui/widgets/logic/aggregation-csv.ts → ui/visualizations/logic/table-data.ts": TABLE_DATA,
  "ui/widgets/widget-types.tsx → ui/aggregation/logic/widget-title.ts": WIDGET_PRESETS,
};

/** `ui/x/y/z.ts` → feature `x`, internal (in a subfolder) or not. */
function featureOf(path: string): { feature: string; internal: boolean } | null {
  const parts = path.split("/");
  if (parts[0] !== "ui" || parts.length < 3) return null;
  return { feature: parts[1], internal: parts.length > 3 };
}

/** Every import in ui/ of another feature's internals. */
function crossFeatureImports(): string[] {
  const found: string[] = [];
  for (const file of sourceFiles("ui")) {
    const from = featureOf(file)!;
    for (const { target } of importsOf(file)) {
      const to = target === null ? null : featureOf(target);
      if (!to || to.feature === from.feature || SHARED_FEATURES.has(to.feature) || !to.internal) continue;
      found.push(`${file} → ${target}`);
    }
  }
  return found.sort();
}

Deno.test("a ui/ feature imports another only through ui/common, ui/api or the other's public (top-level) modules", () => {
  const violations = crossFeatureImports().filter((entry) => !(entry in ALLOWED));
  assert.deepEqual(violations, [], `imports of another feature's internals:\n${violations.join("\n")}`);
});

Deno.test("every allowed cross-feature import still exists (remove the entry once it is gone)", () => {
  const found = new Set(crossFeatureImports());
  const stale = Object.keys(ALLOWED).filter((entry) => !found.has(entry));
  assert.deepEqual(stale, [], `allow-list entries no longer needed:\n${stale.join("\n")}`);
});

Deno.test("a module in a feature's subfolder is internal; one at its top level is its public entry", () => {
  assert.deepEqual(featureOf("ui/widgets/logic/series-function.ts"), { feature: "widgets", internal: true });
  assert.deepEqual(featureOf("ui/session/current-user.tsx"), { feature: "session", internal: false });
  assert.equal(featureOf("routes/route-table.tsx"), null);
});
