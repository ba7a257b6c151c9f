import assert from "node:assert/strict";
import { cellPath, pivotToTableData } from "../../../ui/visualizations/logic/table-data.ts";
import { nextTableSort, sortTableRows } from "../../../ui/visualizations/logic/table-sort.ts";
import { pivotResult, widgetConfig } from "./pivot-fixtures.ts";

const config = widgetConfig({
  visualization: "table",
  row_pivots: [
    { type: "values", fields: ["source"], config: { limit: 5 } },
    { type: "values", fields: ["http_method"], config: { limit: 5 } },
  ],
  column_pivots: [{ type: "values", fields: ["region"], config: { limit: 5 } }],
  series: [{ function: "count()", config: {} }, { function: "max(bytes)", config: { name: "Biggest" } }],
});
const result = pivotResult({
  rows: [["web-01", "GET"], ["db-01", "POST"], ["cache-01", "GET"]],
  columns: [["eu"], ["us"]],
  series: ["count()", "max(bytes)"],
  value: (row, column, series) => [30, 5, 12][row] + column + series * 100,
});

Deno.test("the table has row field columns, rollup columns, then a metric column per column key", () => {
  const table = pivotToTableData(result, config);
  assert.deepEqual(table.columns.map((c) => [c.kind, c.title, c.columnKeys.join()]), [
    ["row-field", "source", ""],
    ["row-field", "http_method", ""],
    ["rollup", "count()", ""],
    ["rollup", "Biggest", ""],
    ["series", "count()", "eu"],
    ["series", "Biggest", "eu"],
    ["series", "count()", "us"],
    ["series", "Biggest", "us"],
  ]);
  assert.deepEqual(table.columnGroups, [{ title: "", span: 4 }, { title: "eu", span: 2 }, {
    title: "us",
    span: 2,
  }]);
  assert.equal(table.rows.length, 3, "the grand total row is not shown");
  const cells = table.columns.map((c) => table.rows[1].cells[c.id]);
  assert.deepEqual(cells, ["db-01", "POST", 4, 104, 5, 105, 6, 106]);
});

Deno.test("pinned row fields come first and are marked; unknown pins are ignored", () => {
  const table = pivotToTableData(result, config, ["http_method", "nope"]);
  assert.deepEqual(table.columns.slice(0, 2).map((c) => [c.title, c.pinned]), [["http_method", true], [
    "source",
    false,
  ]]);
});

Deno.test("rollup off: no rollup columns", () => {
  const table = pivotToTableData(
    pivotResult({ rows: [["a", "GET"]], columns: [["eu"]], rollup: false }),
    config,
  );
  assert.deepEqual(table.columns.map((c) => c.kind), ["row-field", "row-field", "series"]);
});

Deno.test("a cell's value path: a field cell is its own value, a metric cell the row plus its column values", () => {
  const table = pivotToTableData(result, config);
  const row = table.rows[0];
  assert.deepEqual(cellPath(row, table.columns[1], config), [{ field: "http_method", value: "GET" }]);
  assert.deepEqual(cellPath(row, table.columns[6], config), [
    { field: "source", value: "web-01" },
    { field: "http_method", value: "GET" },
    { field: "region", value: "us" },
  ]);
  assert.deepEqual(cellPath(row, table.columns[2], config), row.path);
});

Deno.test("header clicks cycle ascending, descending, unsorted; another column starts ascending", () => {
  const first = nextTableSort(null, "a");
  assert.deepEqual(first, { columnId: "a", direction: "Ascending" });
  const second = nextTableSort(first, "a");
  assert.deepEqual(second, { columnId: "a", direction: "Descending" });
  assert.equal(nextTableSort(second, "a"), null);
  assert.deepEqual(nextTableSort(second, "b"), { columnId: "b", direction: "Ascending" });
});

Deno.test("sorting orders numbers numerically and text naturally, empty cells last", () => {
  const table = pivotToTableData(result, config);
  const count = table.columns[2].id;
  const source = table.columns[0].id;
  const titles = (rows: typeof table.rows) => rows.map((r) => r.cells[source]);
  assert.deepEqual(titles(sortTableRows(table.rows, { columnId: count, direction: "Ascending" })), [
    "db-01",
    "cache-01",
    "web-01",
  ]);
  assert.deepEqual(titles(sortTableRows(table.rows, { columnId: count, direction: "Descending" })), [
    "web-01",
    "cache-01",
    "db-01",
  ]);
  assert.deepEqual(titles(sortTableRows(table.rows, { columnId: source, direction: "Ascending" })), [
    "cache-01",
    "db-01",
    "web-01",
  ]);
  assert.deepEqual(titles(sortTableRows(table.rows, null)), ["web-01", "db-01", "cache-01"]);
  const withGap = table.rows.map((r, i) => (i === 2 ? { ...r, cells: { ...r.cells, [count]: null } } : r));
  for (const direction of ["Ascending", "Descending"] as const) {
    assert.equal(sortTableRows(withGap, { columnId: count, direction }).at(-1)?.cells[source], "cache-01");
  }
  const natural = [{ id: "1", cells: { x: "host-10" }, path: [] }, {
    id: "2",
    cells: { x: "host-9" },
    path: [],
  }];
  assert.deepEqual(sortTableRows(natural, { columnId: "x", direction: "Ascending" }).map((r) => r.id), [
    "2",
    "1",
  ]);
});
