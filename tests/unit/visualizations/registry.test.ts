import assert from "node:assert/strict";
import { VISUALIZATION_TYPES } from "../../../api/schemas/widgets.ts";
import {
  configFieldValue,
  missingRequiredFields,
  withConfigFieldValue,
} from "../../../ui/visualizations/config-fields.ts";
import {
  preloadVisualization,
  visualizationConfigOf,
  visualizationDefinition,
  VISUALIZATIONS,
} from "../../../ui/visualizations/registry.ts";
import { widgetConfig } from "./pivot-fixtures.ts";

Deno.test("every visualization type is registered under its display name", () => {
  assert.deepEqual(
    VISUALIZATION_TYPES.map((type) => [type, VISUALIZATIONS[type].type, VISUALIZATIONS[type].title]),
    [
      ["table", "table", "Data Table"],
      ["bar", "bar", "Bar Chart"],
      ["line", "line", "Line Chart"],
      ["area", "area", "Area Chart"],
      ["scatter", "scatter", "Scatter Plot"],
      ["pie", "pie", "Pie Chart"],
      ["heatmap", "heatmap", "Heatmap"],
      ["numeric", "numeric", "Single Number"],
      ["map", "map", "World Map"],
    ],
  );
});

Deno.test("default configs are the schema defaults of spec 001 §3", () => {
  assert.deepEqual(VISUALIZATIONS.bar.defaultConfig, { barmode: "group", axis_type: "linear" });
  assert.deepEqual(VISUALIZATIONS.line.defaultConfig, { interpolation: "linear", axis_type: "linear" });
  assert.deepEqual(VISUALIZATIONS.table.defaultConfig, { pinned_columns: [] });
  assert.equal(VISUALIZATIONS.heatmap.defaultConfig.color_scale, "Viridis");
  assert.equal(VISUALIZATIONS.heatmap.defaultConfig.auto_scale, true);
  assert.deepEqual(VISUALIZATIONS.map.defaultConfig, { viewport: { center_x: 0, center_y: 0, zoom: 1 } });
  assert.deepEqual(VISUALIZATIONS.pie.defaultConfig, {});
});

Deno.test("editor fields: options, required, and when they are shown", () => {
  const bar = VISUALIZATIONS.bar.fields;
  assert.deepEqual(bar.map((f) => [f.name, f.title, f.type, f.required]), [[
    "barmode",
    "Mode",
    "select",
    true,
  ], ["axis_type", "Axis Type", "select", true]]);
  const mode = bar[0];
  assert.ok(mode.type === "select");
  assert.deepEqual(mode.options.map((o) => o.label), ["Group", "Stack", "Relative", "Overlay"]);
  const interpolation = VISUALIZATIONS.line.fields[0];
  assert.ok(interpolation.type === "select");
  assert.deepEqual(interpolation.options.map((o) => [o.value, o.label]), [["linear", "Linear"], [
    "step-after",
    "Step-After",
  ], ["spline", "Spline"]]);
  const zMin = VISUALIZATIONS.heatmap.fields.find((f) => f.name === "z_min")!;
  const heatmap = VISUALIZATIONS.heatmap.defaultConfig;
  assert.equal(zMin.isShown?.(heatmap), false);
  assert.equal(zMin.isShown?.({ ...heatmap, auto_scale: false }), true);
  const preference = VISUALIZATIONS.numeric.fields.find((f) => f.name === "trend_preference")!;
  assert.equal(preference.isShown?.({ trend: true, trend_preference: "LOWER" }), true);
  const pinned = VISUALIZATIONS.table.fields[0];
  assert.ok(pinned.type === "multi-select");
  const widget = widgetConfig({
    row_pivots: [{ type: "values", fields: ["source", "http_method"], config: { limit: 5 } }],
  });
  assert.deepEqual(pinned.options(widget).map((o) => o.value), ["source", "http_method"]);
});

Deno.test("required fields are missing only when shown and empty; nested names reach into the viewport", () => {
  const heatmap = { ...VISUALIZATIONS.heatmap.defaultConfig, auto_scale: false, z_min: 1 };
  assert.deepEqual(missingRequiredFields(VISUALIZATIONS.heatmap.fields, heatmap).map((f) => f.title), [
    "Max",
  ]);
  assert.deepEqual(
    missingRequiredFields(VISUALIZATIONS.heatmap.fields, VISUALIZATIONS.heatmap.defaultConfig),
    [],
  );
  const map = VISUALIZATIONS.map.defaultConfig;
  assert.equal(configFieldValue(map, "viewport.zoom"), 1);
  const moved = withConfigFieldValue(map, "viewport.center_x", 48.2);
  assert.deepEqual(moved, { viewport: { center_x: 48.2, center_y: 0, zoom: 1 } });
  assert.equal(map.viewport.center_x, 0, "the original is unchanged");
});

Deno.test("chart needs: a metric for charts, row and column groupings for the heatmap", () => {
  const empty = widgetConfig({ series: [] });
  assert.deepEqual(VISUALIZATIONS.bar.validate(empty), ["Bar Chart requires at least one metric"]);
  assert.deepEqual(VISUALIZATIONS.pie.validate(empty), ["Pie Chart requires at least one metric"]);
  assert.deepEqual(VISUALIZATIONS.line.validate(widgetConfig()), []);
  assert.deepEqual(VISUALIZATIONS.heatmap.validate(empty), [
    "Heatmap requires at least two groupings.",
    "Groupings must include row and column groupings.",
    "At least one metric must be configured.",
  ]);
  const both = widgetConfig({
    column_pivots: [{ type: "values", fields: ["source"], config: { limit: 5 } }],
  });
  assert.deepEqual(VISUALIZATIONS.heatmap.validate(both), []);
});

Deno.test("a stored config is read through its type's schema; one that does not fit falls back to defaults", () => {
  assert.deepEqual(visualizationConfigOf("bar", { barmode: "stack" }), {
    barmode: "stack",
    axis_type: "linear",
  });
  assert.deepEqual(visualizationConfigOf("bar", { barmode: "sideways" }), {
    barmode: "group",
    axis_type: "linear",
  });
  assert.deepEqual(visualizationConfigOf("line", null), { interpolation: "linear", axis_type: "linear" });
  assert.equal(visualizationDefinition("scatter").title, "Scatter Plot");
});

Deno.test("preloading a type loads the module its component comes from", async () => {
  const loaded = await preloadVisualization("bar") as { default: unknown };
  const { BarVisualization } = await import("../../../ui/visualizations/bar/BarVisualization.tsx");
  assert.equal(loaded.default, BarVisualization);
});
