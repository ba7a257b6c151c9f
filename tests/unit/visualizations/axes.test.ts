import assert from "node:assert/strict";
import type { ChartData } from "../../../ui/visualizations/logic/chart-data.ts";
import {
  LEGEND_MIN_ENTRY_WIDTH,
  legendColumns,
  legendHeight,
} from "../../../ui/visualizations/logic/legend-layout.ts";
import { formatFull, timeTicks } from "../../../ui/visualizations/logic/time-axis.ts";
import { drawableValue, formatTickValue, valueAxis } from "../../../ui/visualizations/logic/value-axis.ts";
import {
  bandPixels,
  nearestPointIndex,
  SINGLE_BAR_MIN_WIDTH,
  xAxisLayout,
  xValueLabel,
} from "../../../ui/visualizations/logic/x-axis.ts";

const T = Date.UTC(2024, 0, 1, 10, 3, 0);

Deno.test("a linear value axis gets round ticks from zero and a domain ending on ticks", () => {
  assert.deepEqual(valueAxis(0, 47, "linear"), { domain: [0, 50], ticks: [0, 10, 20, 30, 40, 50] });
  assert.deepEqual(valueAxis(-3, 7, "linear"), { domain: [-4, 8], ticks: [-4, -2, 0, 2, 4, 6, 8] });
  assert.deepEqual(valueAxis(0, 0.3, "linear").ticks, [0, 0.1, 0.2, 0.3]);
  assert.deepEqual(valueAxis(0, 0, "linear").domain, [0, 1]);
  assert.deepEqual(valueAxis(5, 5, "linear").domain, [0, 5]);
});

Deno.test("a logarithmic axis spans powers of ten around the positive values; zero and below are not drawn", () => {
  assert.deepEqual(valueAxis(3, 420, "logarithmic"), { domain: [1, 1000], ticks: [1, 10, 100, 1000] });
  assert.deepEqual(valueAxis(0, 0.5, "logarithmic").domain, [0.1, 1]);
  assert.equal(drawableValue(0, "logarithmic"), null);
  assert.equal(drawableValue(-1, "logarithmic"), null);
  assert.equal(drawableValue(0, "linear"), 0);
});

Deno.test("tick values are compact", () => {
  assert.deepEqual([5, 0.25, 12_000, 2_500_000, 3e9].map(formatTickValue), [
    "5",
    "0.25",
    "12k",
    "2.5M",
    "3G",
  ]);
});

Deno.test("time ticks are round steps in the user's zone, the date shown where it changes", () => {
  const from = Date.UTC(2024, 0, 1, 22, 50);
  const ticks = timeTicks(from, from + 40 * 60_000, "Europe/Berlin", 5);
  assert.deepEqual(ticks.map((t) => t.label), ["01-01 23:50", "01-02 00:00", "00:10", "00:20", "00:30"]);
  assert.equal(ticks[1].time, Date.UTC(2024, 0, 1, 23, 0), "midnight in Berlin is 23:00 UTC");
});

Deno.test("day steps start at the zone's midnight; month steps label year and month", () => {
  const days = timeTicks(Date.UTC(2024, 2, 1), Date.UTC(2024, 2, 8), "America/New_York", 8);
  assert.equal(days[0].label, "03-01");
  assert.equal(days[0].time, Date.UTC(2024, 2, 1, 5));
  const months = timeTicks(Date.UTC(2023, 0, 15), Date.UTC(2024, 0, 15), "UTC", 5);
  assert.deepEqual(months.map((t) => t.label), ["2023-04", "2023-07", "2023-10", "2024-01"]);
  assert.equal(formatFull(T, "Asia/Tokyo"), "2024-01-01 19:03:00");
  assert.equal(formatFull(T, "Not/AZone"), "2024-01-01 10:03:00", "an unknown zone reads as UTC");
});

function timeChart(xs: number[]): ChartData {
  return {
    axis: "time",
    points: xs.map((x) => ({ x, label: new Date(x).toISOString(), path: [] })),
    series: [{ name: "count()", metric: "count()", columnKeys: [], rollup: true, values: xs.map(() => 1) }],
  };
}

Deno.test("a time x axis spans the points, half a band more on each side for bars", () => {
  const chart = timeChart([T, T + 60_000, T + 120_000]);
  const lines = xAxisLayout(chart, 600, "UTC", { bars: false });
  assert.deepEqual(lines.domain, [T, T + 120_000]);
  assert.equal(lines.band, 60_000);
  const bars = xAxisLayout(chart, 600, "UTC", { bars: true });
  assert.deepEqual(bars.domain, [T - 30_000, T + 150_000]);
  assert.equal(bandPixels(bars, 600, 3), 200);
  assert.ok(bars.ticks.every((tick) => bars.tickLabels.has(tick)));
});

Deno.test("a single time bar spans the effective range and is 3% of it, at least 30 px", () => {
  const chart = timeChart([T]);
  const range = { from: T - 1_800_000, to: T + 1_800_000 };
  const layout = xAxisLayout(chart, 600, "UTC", { bars: true, range });
  assert.deepEqual(layout.domain, [range.from, range.to]);
  assert.equal(layout.band, 3_600_000 * 0.03);
  assert.equal(bandPixels(layout, 600, 1), SINGLE_BAR_MIN_WIDTH, "3% of 600 px is 18 px, below the minimum");
  assert.equal(bandPixels(layout, 2000, 1), 60);
});

Deno.test("a category axis shows every k-th label so they do not overlap", () => {
  const chart: ChartData = {
    axis: "category",
    points: Array.from({ length: 20 }, (_, i) => ({ x: i, label: `host-${i}`, path: [] })),
    series: [],
  };
  const layout = xAxisLayout(chart, 350, "UTC", { bars: true });
  assert.deepEqual(layout.domain, [-0.5, 19.5]);
  assert.deepEqual(layout.ticks, [0, 4, 8, 12, 16]);
  assert.equal(layout.tickLabels.get(4), "host-4");
  assert.equal(xValueLabel(chart, 3, "UTC"), "host-3");
  assert.equal(xValueLabel(timeChart([T]), 0, "Europe/Berlin"), "2024-01-01 11:03:00");
});

Deno.test("regression: long category labels are cut with '…' to the room of their k categories, not overlapped", () => {
  const hosts = Array.from({ length: 20 }, (_, i) => `web-frontend-${i}.example.org`);
  const chart: ChartData = {
    axis: "category",
    points: hosts.map((label, i) => ({ x: i, label, path: [] })),
    series: [],
  };
  // 350 px for 20 categories, every 4th labelled: each label has 4 × 17.5 = 70 px, less an 8 px gap to its
  // neighbour: 9 characters.
  const narrow = xAxisLayout(chart, 350, "UTC", { bars: true });
  assert.deepEqual(narrow.ticks, [0, 4, 8, 12, 16]);
  assert.equal(narrow.tickLabels.get(0), "web-fron…");
  assert.equal(narrow.tickLabels.get(12), "web-fron…");
  for (const label of narrow.tickLabels.values()) {
    assert.ok(label.length * 6.5 <= 70 - 8, `"${label}" fits its 70 px with a gap`);
  }
  assert.equal(
    xValueLabel(chart, 12, "UTC"),
    "web-frontend-12.example.org",
    "the tooltip keeps the whole name",
  );

  // With room to spare the labels stay whole.
  const few: ChartData = { ...chart, points: chart.points.slice(0, 3) };
  const wide = xAxisLayout(few, 600, "UTC", { bars: true });
  assert.deepEqual([...wide.tickLabels.values()], hosts.slice(0, 3));
});

Deno.test("the point nearest the pointer is found by bisection", () => {
  const xs = [0, 10, 20, 30];
  assert.deepEqual([-5, 4, 6, 29, 100].map((x) => nearestPointIndex(xs, x)), [0, 0, 1, 3, 3]);
  assert.equal(nearestPointIndex([], 1), -1);
});

// The legend sits under the x axis; its layout lives beside the axes'.
Deno.test("a legend keeps 5 entries per row while they stay readable, fewer on a narrow chart", () => {
  assert.equal(legendColumns(8, 1200), 5, "a wide chart: the spec's 5");
  assert.equal(legendColumns(3, 1200), 3, "no more columns than entries");
  // A 4-column widget is about 380 px wide: 5 entries left names like 'PO…'.
  assert.equal(legendColumns(8, 380), 3);
  assert.equal(legendColumns(8, 200), 1);
  assert.equal(legendColumns(8, 40), 1, "never fewer than one");
  assert.equal(legendColumns(8), 5, "not measured yet: the spec's 5");
  for (const width of [200, 300, 380, 500, 600]) {
    const columns = legendColumns(20, width);
    const entryWidth = (width - 16 - 16 * (columns - 1)) / columns;
    assert.ok(entryWidth >= LEGEND_MIN_ENTRY_WIDTH, `${columns} entries of ${entryWidth} px in ${width} px`);
    if (columns < 5) {
      const one = (width - 16 - 16 * columns) / (columns + 1);
      assert.ok(one < LEGEND_MIN_ENTRY_WIDTH, `one more entry would not fit in ${width} px`);
    }
  }
});

Deno.test("a narrow legend is taller by its extra rows, still at most 100 px", () => {
  assert.equal(legendHeight(5, 1200), 28);
  assert.equal(legendHeight(5, 380), 50, "3 + 2 entries");
  assert.equal(legendHeight(5, 200), 100, "5 rows of one reach the cap");
  assert.equal(legendHeight(5), 28, "without a width as before");
  assert.equal(legendHeight(0, 200), 0);
});
