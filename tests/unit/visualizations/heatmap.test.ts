import assert from "node:assert/strict";
import type { PivotResult } from "../../../api/schemas/search.ts";
import type { VisualizationConfigs } from "../../../api/schemas/widgets.ts";
import { axisLabel } from "../../../ui/visualizations/heatmap/logic/axis-labels.ts";
import { heatmapGrid } from "../../../ui/visualizations/heatmap/logic/heatmap-grid.ts";
import {
  cellAt,
  cellOrigin,
  heatmapLayout,
  shorten,
} from "../../../ui/visualizations/heatmap/logic/heatmap-layout.ts";

type Row = PivotResult["rows"][number];

/** A leaf row with column values `[column, count]` for the series `count()` (plus a rollup value). */
const row = (key: string[], cells: Array<[string, number | null]>): Row => ({
  key,
  source: "leaf",
  values: [
    {
      key: ["count()"],
      value: cells.reduce((sum, [, v]) => sum + (v ?? 0), 0),
      rollup: true,
      source: "row-leaf",
    },
    ...cells.flatMap(([column, value]) => [
      { key: [column, "count()"], value, rollup: false, source: "col-leaf" as const },
      { key: [column, "avg(took)"], value: 999, rollup: false, source: "col-leaf" as const },
    ]),
  ],
});

const pivot = (rows: Row[]): PivotResult => ({
  id: "heat",
  type: "pivot",
  rows: [...rows, {
    key: [],
    values: [{ key: ["count()"], value: 0, rollup: true, source: "row-inner" }],
    source: "non-leaf",
  }],
  total: 0,
  effective_timerange: { type: "absolute", from: "2026-11-22T10:00:00.000Z", to: "2026-11-22T11:00:00.000Z" },
});

const config = { series: [{ function: "count()", config: {} }, { function: "avg(took)", config: {} }] };
const heatmapConfig = (
  overrides: Partial<VisualizationConfigs["heatmap"]> = {},
): VisualizationConfigs["heatmap"] => ({
  color_scale: "Viridis",
  reverse_scale: false,
  auto_scale: true,
  use_smallest_as_default: false,
  ...overrides,
});

const data = pivot([
  row(["GET"], [["200", 10], ["404", 2]]),
  row(["POST"], [["200", 4], ["500", 1]]),
]);

Deno.test("rows come from row keys, columns from column keys in order of appearance, colour from the first metric", () => {
  const grid = heatmapGrid(data, config, heatmapConfig());
  assert.deepEqual(grid.rows, [["GET"], ["POST"]]);
  assert.deepEqual(grid.columns, [["200"], ["404"], ["500"]]);
  assert.deepEqual(grid.cells.map((cells) => cells.map((c) => c.value)), [[10, 2, null], [4, null, 1]]);
  assert.equal(grid.seriesName, "count()");
  assert.deepEqual([grid.zMin, grid.zMax], [1, 10]);
});

Deno.test("the metric's own name labels the heatmap", () => {
  const named = { series: [{ function: "count()", config: { name: "Requests" } }] };
  assert.equal(heatmapGrid(data, named, heatmapConfig()).seriesName, "Requests");
});

Deno.test("empty cells take the smallest value when use_smallest_as_default is on", () => {
  const grid = heatmapGrid(data, config, heatmapConfig({ use_smallest_as_default: true, default_value: 77 }));
  assert.deepEqual(grid.cells[0][2], { value: 1, isDefault: true });
  assert.deepEqual(grid.cells[1][1], { value: 1, isDefault: true });
  assert.deepEqual(grid.cells[0][0], { value: 10, isDefault: false });
});

Deno.test("empty cells take the default value when one is set, and it counts for the auto scale", () => {
  const grid = heatmapGrid(data, config, heatmapConfig({ default_value: 0 }));
  assert.deepEqual(grid.cells[0][2], { value: 0, isDefault: true });
  assert.deepEqual([grid.zMin, grid.zMax], [0, 10]);
});

Deno.test("without auto scale the colour range is z min to z max", () => {
  const grid = heatmapGrid(data, config, heatmapConfig({ auto_scale: false, z_min: 5, z_max: 50 }));
  assert.deepEqual([grid.zMin, grid.zMax], [5, 50]);
  const partly = heatmapGrid(data, config, heatmapConfig({ auto_scale: false, z_max: 50 }));
  assert.deepEqual([partly.zMin, partly.zMax], [1, 50]);
});

Deno.test("several column groupings make one column per combination", () => {
  const multi = pivot([{
    key: ["a"],
    source: "leaf",
    values: [
      { key: ["x", "1", "count()"], value: 3, rollup: false, source: "col-leaf" },
      { key: ["x", "2", "count()"], value: 4, rollup: false, source: "col-leaf" },
    ],
  }]);
  const grid = heatmapGrid(multi, { series: [{ function: "count()", config: {} }] }, heatmapConfig());
  assert.deepEqual(grid.columns, [["x", "1"], ["x", "2"]]);
  assert.equal(axisLabel(grid.columns[1], "UTC"), "x ⸱ 2");
});

Deno.test("a result without column values has no cells", () => {
  const grid = heatmapGrid(pivot([]), config, heatmapConfig());
  assert.equal(grid.rows.length, 0);
  assert.equal(grid.columns.length, 0);
});

Deno.test("time keys read in the user's zone, other keys stay as they are", () => {
  assert.equal(axisLabel(["2026-11-22T10:00:00.000Z"], "Europe/Berlin"), "2026-11-22 11:00");
  assert.equal(axisLabel(["2026-11-22T10:00:30.000Z"], "UTC"), "2026-11-22 10:00:30");
  assert.equal(axisLabel(["<b>GET</b>", "2026"], "UTC"), "<b>GET</b> ⸱ 2026");
  assert.equal(axisLabel(["2026-11-22T10:00:00.000Z"], "Not/AZone"), "2026-11-22 10:00");
});

Deno.test("the layout places row 0 at the bottom and finds the cell under the pointer", () => {
  const layout = heatmapLayout(600, 400, ["GET", "POST"], ["200", "404", "500"]);
  assert.ok(layout.plot.x >= 30);
  assert.ok(layout.legend.x > layout.plot.x + layout.plot.width);
  const bottomLeft = cellOrigin(layout, 0, 0);
  assert.equal(bottomLeft.y, layout.plot.y + layout.plot.height - layout.cellHeight);
  assert.deepEqual(cellAt(layout, bottomLeft.x + 1, bottomLeft.y + 1, 2, 3), { row: 0, column: 0 });
  const topRight = cellOrigin(layout, 1, 2);
  assert.deepEqual(cellAt(layout, topRight.x + 1, topRight.y + 1, 2, 3), { row: 1, column: 2 });
  assert.equal(cellAt(layout, 0, 0, 2, 3), null);
});

Deno.test("labels are thinned so 50 columns do not overlap, and long labels are shortened", () => {
  const columns = Array.from({ length: 50 }, (_, i) => `2026-11-22 10:${String(i).padStart(2, "0")}`);
  const layout = heatmapLayout(800, 400, columns, columns);
  assert.ok(layout.xTicks.length < 50 && layout.xTicks.length >= 3, `${layout.xTicks.length} x labels`);
  const gaps = layout.xTicks.slice(1).map((tick, i) => tick.position - layout.xTicks[i].position);
  assert.ok(Math.min(...gaps) >= 16 * 6.4, "x labels keep apart");
  const long = heatmapLayout(800, 400, ["a".repeat(80)], ["b"]);
  assert.equal(long.yTicks[0].label.length, 24);
  assert.ok(long.yTicks[0].label.endsWith("…"));
});

Deno.test("regression: row labels of a narrow heatmap are cut to the capped left margin, not run off the box", () => {
  // 300 px wide: the margin is capped at 35% (105 px), room for 14 characters after the label gaps.
  const rows = ["api-gateway.internal.example.org", "db"];
  const layout = heatmapLayout(300, 200, rows, ["200", "404"]);
  assert.equal(layout.plot.x, 105);
  assert.deepEqual(layout.yTicks.map((tick) => tick.label), ["api-gateway.i…", "db"]);
  for (const tick of layout.yTicks) {
    assert.ok(tick.label.length * 6.4 <= layout.plot.x - 6, `"${tick.label}" fits left of the plot`);
  }
});

Deno.test("shorten cuts a label to the given number of characters, the last being '…'", () => {
  assert.equal(shorten("abcdef", 4), "abc…");
  assert.equal(shorten("abcd", 4), "abcd");
  assert.equal(shorten("x".repeat(30)), `${"x".repeat(23)}…`, "24 characters by default");
});

Deno.test("time columns are put in time order even when the first row lacks some of them", () => {
  const t = (minute: number) => `2026-11-22T10:0${minute}:00.000Z`;
  const data = pivot([row(["a"], [[t(2), 1], [t(3), 2]]), row(["b"], [[t(1), 5], [t(2), 6]])]);
  const grid = heatmapGrid(data, config, heatmapConfig());
  assert.deepEqual(grid.columns, [[t(1)], [t(2)], [t(3)]]);
  assert.deepEqual(grid.cells.map((cells) => cells.map((c) => c.value)), [[null, 1, 2], [5, 6, null]]);
});
