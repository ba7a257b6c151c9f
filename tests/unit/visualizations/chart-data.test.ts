import assert from "node:assert/strict";
import { pivotToChartData, pointPath } from "../../../ui/visualizations/logic/chart-data.ts";
import { FROM, pivotResult, timeRows, widgetConfig } from "./pivot-fixtures.ts";

const byTime = widgetConfig();
const bySourceAndMethod = widgetConfig({
  row_pivots: [{ type: "values", fields: ["source"], config: { limit: 5 } }],
  column_pivots: [{ type: "values", fields: ["http_method"], config: { limit: 5 } }],
  series: [{ function: "count()", config: {} }, { function: "avg(took_ms)", config: { name: "Latency" } }],
});

Deno.test("a time grouping gives a time axis with the bucket starts as dates and one series per metric", () => {
  const chart = pivotToChartData(pivotResult({ rows: timeRows(3), value: (row) => row * 5 }), byTime);
  assert.equal(chart.axis, "time");
  assert.deepEqual(chart.points.map((p) => p.x), [FROM, FROM + 60_000, FROM + 120_000]);
  assert.deepEqual(chart.series.map((s) => [s.name, s.rollup, s.values]), [["count()", true, [0, 5, 10]]]);
  assert.deepEqual(chart.points[1].path, [{
    field: "timestamp",
    value: new Date(FROM + 60_000).toISOString(),
  }]);
});

Deno.test("the grand total row is not a point", () => {
  const result = pivotResult({ rows: timeRows(2) });
  assert.equal(result.rows.length, 3);
  assert.equal(pivotToChartData(result, byTime).points.length, 2);
});

Deno.test("column groupings give a series per column key and metric, rollup series named by the metric", () => {
  const result = pivotResult({
    rows: [["web-01"], ["db-01"]],
    columns: [["GET"], ["POST"]],
    series: ["count()", "avg(took_ms)"],
    value: (row, column, series) => row * 1000 + (column + 1) * 10 + series,
  });
  const chart = pivotToChartData(result, bySourceAndMethod);
  assert.equal(chart.axis, "category");
  assert.deepEqual(chart.points.map((p) => [p.x, p.label]), [[0, "web-01"], [1, "db-01"]]);
  assert.deepEqual(chart.series.map((s) => s.name), [
    "count()",
    "Latency",
    "GET-count()",
    "GET-Latency",
    "POST-count()",
    "POST-Latency",
  ]);
  assert.deepEqual(chart.series.find((s) => s.name === "POST-Latency")?.values, [21, 1021]);
  assert.deepEqual(chart.series.find((s) => s.name === "count()")?.values, [0, 1000]);
  assert.deepEqual(chart.series[3].columnKeys, ["GET"]);
});

Deno.test("rollup off leaves only the per-column series", () => {
  const result = pivotResult({ rows: [["web-01"]], columns: [["GET"]], rollup: false });
  assert.deepEqual(pivotToChartData(result, bySourceAndMethod).series.map((s) => s.name), ["GET-count()"]);
});

Deno.test("several row fields join their keys into the x label", () => {
  const config = widgetConfig({
    row_pivots: [{ type: "values", fields: ["http_method", "http_status"], config: { limit: 5 } }],
  });
  const chart = pivotToChartData(pivotResult({ rows: [["GET", "200"], ["GET", "404"]] }), config);
  assert.deepEqual(chart.points.map((p) => p.label), ["GET-200", "GET-404"]);
  assert.deepEqual(chart.points[1].path, [{ field: "http_method", value: "GET" }, {
    field: "http_status",
    value: "404",
  }]);
});

Deno.test("a time grouping sorted by a metric is still drawn in time order", () => {
  const rows = timeRows(3).reverse();
  const chart = pivotToChartData(pivotResult({ rows, value: (row) => row }), byTime);
  assert.deepEqual(chart.points.map((p) => p.x), [FROM, FROM + 60_000, FROM + 120_000]);
  assert.deepEqual(chart.series[0].values, [2, 1, 0]);
});

Deno.test("values that are not finite numbers become gaps; numeric strings are read as numbers", () => {
  const chart = pivotToChartData(pivotResult({ rows: timeRows(2), value: () => null }), byTime);
  assert.deepEqual(chart.series[0].values, [null, null]);
  const result = pivotResult({ rows: timeRows(2) });
  result.rows[0].values[0].value = "12.5";
  result.rows[1].values[0].value = "host-a";
  assert.deepEqual(pivotToChartData(result, byTime).series[0].values, [12.5, null]);
});

Deno.test("no row grouping gives one point holding the totals", () => {
  const config = widgetConfig({ row_pivots: [] });
  const chart = pivotToChartData(pivotResult({ rows: [[]], rollup: false, value: () => 7 }), config);
  assert.equal(chart.axis, "category");
  assert.deepEqual(chart.points.map((p) => p.label), [""]);
  assert.deepEqual(chart.series[0].values, [7]);
});

Deno.test("a point's value path adds the series' column values to the row's", () => {
  const result = pivotResult({ rows: [["web-01"]], columns: [["GET"]] });
  const chart = pivotToChartData(result, bySourceAndMethod);
  const get = chart.series.findIndex((s) => s.name === "GET-count()");
  assert.deepEqual(pointPath(chart, bySourceAndMethod, 0, get), [
    { field: "source", value: "web-01" },
    { field: "http_method", value: "GET" },
  ]);
  assert.deepEqual(pointPath(chart, bySourceAndMethod, 0), [{ field: "source", value: "web-01" }]);
});
