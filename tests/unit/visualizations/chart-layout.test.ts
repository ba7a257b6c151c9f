import assert from "node:assert/strict";
import {
  barDrawWidth,
  barExtent,
  barSegments,
  OVERLAY_OPACITY,
} from "../../../ui/visualizations/logic/bar-layout.ts";
import { chartColorMap, DEFAULT_CHART_PALETTE } from "../../../ui/visualizations/logic/chart-palette.ts";
import type { ChartSeries } from "../../../ui/visualizations/logic/chart-data.ts";
import { CURVE_TYPES } from "../../../ui/visualizations/logic/curve-type.ts";
import { barAt, nearestSeries } from "../../../ui/visualizations/logic/hit-test.ts";
import { legendHeight } from "../../../ui/visualizations/logic/legend-layout.ts";
import { pieData, sliceLabels } from "../../../ui/visualizations/logic/pie-data.ts";
import { pieGrid } from "../../../ui/visualizations/logic/pie-grid.ts";
import { plotRect, xScale, yScale } from "../../../ui/visualizations/logic/plot-geometry.ts";
import { metricNames, seriesName } from "../../../ui/visualizations/logic/series-names.ts";
import { dotsPath, rectsPath } from "../../../ui/visualizations/logic/series-paths.ts";
import { zoomRange } from "../../../ui/visualizations/logic/zoom-range.ts";
import { formatValue } from "../../../ui/visualizations/logic/format-value.ts";

const series = (name: string, values: (number | null)[]): ChartSeries => ({
  name,
  metric: name,
  columnKeys: [],
  rollup: true,
  values,
});

Deno.test("the default palette has 16 distinct colours; chosen chart colours win, others keep their place", () => {
  assert.equal(DEFAULT_CHART_PALETTE.length, 16);
  assert.equal(new Set(DEFAULT_CHART_PALETTE).size, 16);
  const names = Array.from({ length: 18 }, (_, i) => `s${i}`);
  const colors = chartColorMap(names, [{ field_name: "s1", chart_color: "#123456" }]);
  assert.equal(colors.get("s0"), DEFAULT_CHART_PALETTE[0]);
  assert.equal(colors.get("s1"), "#123456");
  assert.equal(colors.get("s2"), DEFAULT_CHART_PALETTE[2]);
  assert.equal(colors.get("s17"), DEFAULT_CHART_PALETTE[1], "the 17th name starts the palette over");
  assert.equal(chartColorMap(["a"], null).get("a"), DEFAULT_CHART_PALETTE[0]);
});

Deno.test("metrics are named by their given name, else their function; series by column keys and metric", () => {
  const names = metricNames({
    series: [{ function: "count()", config: {} }, { function: "avg(x)", config: { name: " Mean " } }, {
      function: "max(x)",
      config: { name: "" },
    }],
  });
  assert.deepEqual([...names], [["count()", "count()"], ["avg(x)", "Mean"], ["max(x)", "max(x)"]]);
  assert.equal(seriesName(["eu", "GET"], "Mean"), "eu-GET-Mean");
  assert.equal(seriesName([], "count()"), "count()");
});

Deno.test("bar modes: group side by side, stack on the running sum, relative by sign, overlay from zero", () => {
  const data = [series("a", [3, -2]), series("b", [4, -1]), series("c", [null, 5])];
  const group = barSegments(data, "group");
  assert.deepEqual(group[1][0], { base: 0, top: 4, slot: 1 / 3, slotWidth: 1 / 3 });
  assert.equal(group[2][0], null);
  const stack = barSegments(data, "stack");
  assert.deepEqual(stack.map((s) => s[1] && [s[1].base, s[1].top]), [[0, -2], [-2, -3], [-3, 2]]);
  const relative = barSegments(data, "relative");
  assert.deepEqual(relative.map((s) => s[1] && [s[1].base, s[1].top]), [[0, -2], [-2, -3], [0, 5]]);
  assert.deepEqual(relative.map((s) => s[0] && [s[0].base, s[0].top]), [[0, 3], [3, 7], null]);
  const overlay = barSegments(data, "overlay");
  assert.ok(overlay.flat().every((s) => s === null || (s.base === 0 && s.slot === 0 && s.slotWidth === 1)));
  assert.equal(OVERLAY_OPACITY, 0.75);
  assert.deepEqual(barExtent(stack), [-3, 7]);
  assert.deepEqual(barExtent(relative), [-3, 7]);
  assert.deepEqual(barExtent([[null]]), [0, 0]);
});

Deno.test("bars fill 80% of a band, thin bands entirely", () => {
  assert.equal(barDrawWidth(50), 40);
  assert.equal(barDrawWidth(2), 2);
});

Deno.test("the bar under the pointer: by slot and height; overlaid bars answer the top one", () => {
  const group = barSegments([series("a", [3]), series("b", [6])], "group");
  assert.equal(barAt(group, 0, 0.25, 2), 0);
  assert.equal(barAt(group, 0, 0.75, 5), 1);
  assert.equal(barAt(group, 0, 0.25, 4), -1, "above a's bar");
  const overlay = barSegments([series("a", [3]), series("b", [6])], "overlay");
  assert.equal(barAt(overlay, 0, 0.5, 2), 1);
  assert.equal(nearestSeries([10, null, 4], 5), 2);
  assert.equal(nearestSeries([null], 5), -1);
});

Deno.test("line interpolations map to recharts curves", () => {
  assert.deepEqual(CURVE_TYPES, { linear: "linear", "step-after": "stepAfter", spline: "monotoneX" });
});

Deno.test("the legend takes 22 px per row of 5 entries, at most 100 px, none without series", () => {
  assert.equal(legendHeight(0), 0);
  assert.equal(legendHeight(5), 28);
  assert.equal(legendHeight(6), 50);
  assert.equal(legendHeight(100), 100);
});

Deno.test("one pie per series, a slice per positive value, 4 pies per row", () => {
  const chart = {
    axis: "category" as const,
    points: [{ x: 0, label: "web", path: [] }, { x: 1, label: "db", path: [] }],
    series: [series("count()", [5, 0]), series("GET-count()", [null, 3])],
  };
  const pies = pieData(chart);
  assert.deepEqual(pies.map((p) => [p.name, p.slices.map((s) => [s.label, s.value, s.pointIndex])]), [
    ["count()", [["web", 5, 0]]],
    ["GET-count()", [["db", 3, 1]]],
  ]);
  assert.deepEqual(sliceLabels(pies), ["web", "db"]);
  assert.deepEqual(pieGrid(6, 800, 400), {
    columns: 4,
    rows: 2,
    cellWidth: 200,
    cellHeight: 200,
    radius: 82,
  });
  assert.equal(pieGrid(1, 300, 300).columns, 1);
  assert.equal(pieGrid(9, 800, 600).rows, 3);
});

Deno.test("scales map the domain onto the plot area, logarithmically when asked", () => {
  const rect = plotRect(400, 200);
  assert.deepEqual(rect, { left: 60, top: 12, width: 320, height: 154 });
  const x = xScale([0, 10], rect);
  assert.equal(x.toPixel(5), 220);
  assert.equal(x.toValue(220), 5);
  const log = yScale([1, 1000], rect, "logarithmic");
  assert.equal(log.toPixel(1), 166);
  assert.equal(log.toPixel(1000), 12);
  assert.ok(Math.abs(log.toPixel(10) - (166 - 154 / 3)) < 1e-9);
  assert.ok(Math.abs(log.toValue(log.toPixel(100)) - 100) < 1e-9);
  assert.equal(yScale([0, 10], rect, "linear").toPixel(5), 89);
});

Deno.test("a whole series is one path: a rectangle per bar, two arcs per dot, empty ones skipped", () => {
  assert.equal(
    rectsPath([{ x: 1, y: 2, width: 3, height: 4 }, { x: 0, y: 0, width: 0, height: 5 }]),
    "M1 2h3v4h-3Z",
  );
  assert.equal(dotsPath([{ x: 10, y: 5 }, { x: NaN, y: 1 }], 2), "M8 5a2 2 0 1 0 4 0a2 2 0 1 0 -4 0");
});

Deno.test("a drag selects an absolute range, earliest first; a short drag is a click", () => {
  const from = Date.UTC(2024, 0, 1, 10);
  const to = from + 60_000;
  assert.deepEqual(zoomRange({ pixel: 200, time: to }, { pixel: 100, time: from }), {
    from: "2024-01-01T10:00:00.000Z",
    to: "2024-01-01T10:01:00.000Z",
  });
  assert.equal(zoomRange({ pixel: 100, time: from }, { pixel: 103, time: to }), null);
});

Deno.test("values read with grouped thousands and at most 7 decimals; empty values are '-'", () => {
  assert.deepEqual(
    [1234567.891, -1000, 0.123456789, 42, null, "host-a", 1e21].map(formatValue),
    ["1,234,567.891", "-1,000", "0.1234568", "42", "-", "host-a", "1e+21"],
  );
});
