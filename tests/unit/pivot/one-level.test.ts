import assert from "node:assert/strict";
import { close, numbers, stats, valueTable, withPivotStore } from "./pivot-fixture.ts";

/**
 * One-level pivots take a shorter query (pivot-sql.ts `oneLevel`): a top-N instead of ranking windows, and with
 * count/sum/min/max only, grand totals from the buckets instead of GROUPING SETS. Adding `avg` (which cannot be
 * made from buckets) switches the totals back to GROUPING SETS, so each case is checked both ways and against
 * totals over the fixture's messages.
 */
const DECOMPOSABLE = [
  { type: "count", id: "count()" },
  { type: "count", id: "count(took_ms)", field: "took_ms" },
  { type: "sum", id: "sum(bytes)", field: "bytes" },
  { type: "min", id: "min(took_ms)", field: "took_ms" },
  { type: "max", id: "max(took_ms)", field: "took_ms" },
];
const AVG = { type: "avg", id: "avg(bytes)", field: "bytes" };

const GROUPINGS: [string, Record<string, unknown>][] = [
  ["values with empty bucket, cut by the limit", { type: "values", fields: ["region"], limit: 2 }],
  ["values skipping empty values", { type: "values", fields: ["region"], limit: 2, skip_empty_values: true }],
  ["two fields, partly missing, skipping", {
    type: "values",
    fields: ["region", "user"],
    limit: 5,
    skip_empty_values: true,
  }],
  ["values by series sort", { type: "values", fields: ["category"], limit: 4 }],
  ["time", { type: "time", fields: ["timestamp"], interval: { type: "timeunit", timeunit: "1h" } }],
  ["time on a field no message has", { type: "time", fields: ["nope"] }],
];

Deno.test("one-level pivots with totals from their buckets answer as with GROUPING SETS, and their totals are right", async () => {
  await withPivotStore(async ({ run, messages }) => {
    for (const [name, grouping] of GROUPINGS) {
      const sort = name === "values by series sort"
        ? [{ type: "series", field: "sum(bytes)", direction: "Ascending" }]
        : [];
      const fast = await run({ row_groups: [grouping], series: DECOMPOSABLE, rollup: true, sort });
      const general = await run({
        row_groups: [grouping],
        series: [...DECOMPOSABLE, AVG],
        rollup: true,
        sort,
      });
      const withoutAvg = general.rows.map((row) => ({
        ...row,
        values: row.values.filter((value) => value.key.at(-1) !== AVG.id),
      }));
      assert.deepEqual(fast.rows, withoutAvg, name);
      assert.equal(fast.total, messages.length, name);
      const totals = valueTable(fast).get("non-leaf:")!;
      assert.equal(totals.get("count()"), messages.length, name);
      assert.equal(totals.get("count(took_ms)"), numbers(messages, "took_ms").length, name);
      assert.equal(totals.get("sum(bytes)"), stats.sum(numbers(messages, "bytes")), name);
      close(totals.get("min(took_ms)"), Math.min(...numbers(messages, "took_ms")), name);
      close(totals.get("max(took_ms)"), Math.max(...numbers(messages, "took_ms")), name);
    }
    const time = await run({ row_groups: [GROUPINGS[4][1]], series: DECOMPOSABLE, rollup: true });
    // 00:00–06:00, the quiet hour filled with an empty bucket.
    assert.equal(time.rows.filter((row) => row.source === "leaf").length, 6);
    const region = await run({ row_groups: [GROUPINGS[0][1]], series: DECOMPOSABLE, rollup: true });
    assert.deepEqual(region.rows.filter((row) => row.source === "leaf").map((row) => row.key).at(-1), [
      "(Empty Value)",
    ]);
  });
});

Deno.test("a one-level pivot over no messages has only its zero totals", async () => {
  await withPivotStore(async ({ run }) => {
    const result = await run({
      row_groups: [{ type: "values", fields: ["region"] }],
      series: DECOMPOSABLE,
      rollup: true,
    }, {
      query: "region:nowhere",
    });
    assert.equal(result.total, 0);
    assert.deepEqual(result.rows.map((row) => row.source), ["non-leaf"]);
    const totals = valueTable(result).get("non-leaf:")!;
    assert.deepEqual([totals.get("count()"), totals.get("sum(bytes)"), totals.get("min(took_ms)")], [
      0,
      0,
      null,
    ]);
  });
});
