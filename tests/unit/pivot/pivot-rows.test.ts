import assert from "node:assert/strict";
import type { Bucket } from "../../../mock-backend/search/pivot/bucket-tree.ts";
import { type PivotLayout, shapePivotRows } from "../../../mock-backend/search/pivot/mod.ts";

/** A bucket from keys, a count (also the only series value) and children. */
function bucket(keys: string[], count: number, children: Bucket[] = []): Bucket {
  return { keys, count, values: [count], children };
}

const layout = (overrides: Partial<PivotLayout>): PivotLayout => ({
  rowLevels: 0,
  columnLevels: 0,
  seriesIds: ["count()"],
  rollup: true,
  ...overrides,
});

Deno.test("without groups there is one leaf row with key [] holding the totals (a single-number widget)", () => {
  const rows = shapePivotRows(bucket([], 42), layout({}));
  assert.deepEqual(rows, [{
    key: [],
    values: [{ key: ["count()"], value: 42, rollup: true, source: "row-leaf" }],
    source: "leaf",
  }]);
});

Deno.test("row groups give a leaf row per bucket and, with rollup, a non-leaf grand total row last", () => {
  const root = bucket([], 10, [bucket(["a"], 7), bucket(["b"], 3)]);
  assert.deepEqual(shapePivotRows(root, layout({ rowLevels: 1 })), [
    {
      key: ["a"],
      values: [{ key: ["count()"], value: 7, rollup: true, source: "row-leaf" }],
      source: "leaf",
    },
    {
      key: ["b"],
      values: [{ key: ["count()"], value: 3, rollup: true, source: "row-leaf" }],
      source: "leaf",
    },
    {
      key: [],
      values: [{ key: ["count()"], value: 10, rollup: true, source: "row-inner" }],
      source: "non-leaf",
    },
  ]);
  const withoutRollup = shapePivotRows(root, layout({ rowLevels: 1, rollup: false }));
  assert.deepEqual(withoutRollup.map((row) => row.source), ["leaf", "leaf"], "no total row without rollup");
  assert.equal(
    withoutRollup[0].values[0].source,
    "row-leaf",
    "rows still carry their own values without column groups",
  );
});

Deno.test("nested row groups concatenate their keys; only the last level makes rows", () => {
  const root = bucket([], 6, [
    bucket(["a"], 4, [bucket(["x"], 3), bucket(["y"], 1)]),
    bucket(["b"], 2, [bucket(["x"], 2)]),
  ]);
  const rows = shapePivotRows(root, layout({ rowLevels: 2, rollup: false }));
  assert.deepEqual(rows.map((row) => [row.key, row.values[0].value]), [[["a", "x"], 3], [["a", "y"], 1], [[
    "b",
    "x",
  ], 2]]);
});

Deno.test("column groups add col-leaf values keyed by column keys and series; rollup adds the row's totals first", () => {
  const root = bucket([], 5, [bucket(["a"], 5, [bucket(["eu", "GET"], 3), bucket(["us", "PUT"], 2)])]);
  const [row, total] = shapePivotRows(root, layout({ rowLevels: 1, columnLevels: 1 }));
  assert.deepEqual(row, {
    key: ["a"],
    values: [
      { key: ["count()"], value: 5, rollup: true, source: "row-leaf" },
      { key: ["eu", "GET", "count()"], value: 3, rollup: false, source: "col-leaf" },
      { key: ["us", "PUT", "count()"], value: 2, rollup: false, source: "col-leaf" },
    ],
    source: "leaf",
  });
  assert.deepEqual(total, {
    key: [],
    values: [{ key: ["count()"], value: 5, rollup: true, source: "row-inner" }],
    source: "non-leaf",
  });
  const [plain, ...rest] = shapePivotRows(root, layout({ rowLevels: 1, columnLevels: 1, rollup: false }));
  assert.deepEqual(plain.values.map((v) => v.source), ["col-leaf", "col-leaf"]);
  assert.equal(rest.length, 0);
});

Deno.test("column groups without row groups give one leaf row with key [] and no non-leaf row", () => {
  const root = bucket([], 5, [bucket(["eu"], 3), bucket(["us"], 2)]);
  const rows = shapePivotRows(root, layout({ columnLevels: 1 }));
  assert.equal(rows.length, 1);
  assert.deepEqual(rows[0].key, []);
  assert.deepEqual(rows[0].values.map((v) => [v.key, v.source]), [[["count()"], "row-leaf"], [[
    "eu",
    "count()",
  ], "col-leaf"], [["us", "count()"], "col-leaf"]]);
});

Deno.test("several series appear in their order for every bucket", () => {
  const root: Bucket = {
    keys: [],
    count: 2,
    values: [2, 1.5],
    children: [{ keys: ["a"], count: 2, values: [2, 1.5], children: [] }],
  };
  const rows = shapePivotRows(root, layout({ rowLevels: 1, seriesIds: ["count()", "avg(x)"] }));
  assert.deepEqual(rows[0].values.map((v) => [v.key[0], v.value]), [["count()", 2], ["avg(x)", 1.5]]);
  assert.deepEqual(rows[1].values.map((v) => v.source), ["row-inner", "row-inner"]);
});

Deno.test("a row bucket above the last row level without children yields no row", () => {
  const root = bucket([], 1, [
    bucket(["2026-11-22T02:00:00.000Z"], 0),
    bucket(["2026-11-22T03:00:00.000Z"], 1, [bucket(["a"], 1)]),
  ]);
  const rows = shapePivotRows(root, layout({ rowLevels: 2, rollup: false }));
  assert.deepEqual(rows.map((row) => row.key), [["2026-11-22T03:00:00.000Z", "a"]]);
});
