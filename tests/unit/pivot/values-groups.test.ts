import assert from "node:assert/strict";
import { EMPTY_VALUE } from "../../../mock-backend/search/pivot/mod.ts";
import {
  close,
  FROM,
  numbers,
  stats,
  type TestMessage,
  valueTable,
  withPivotStore,
} from "./pivot-fixture.ts";
import { compareKeys, referenceLeaves, type ReferenceLevel, referenceLevel } from "./reference-pivot.ts";

const COUNT = { type: "count", id: "count()" };
const leafRows = (
  result: { rows: { key: string[]; values: { key: string[]; value: unknown }[]; source: string }[] },
) => result.rows.filter((row) => row.source === "leaf");
const counts = (result: Parameters<typeof leafRows>[0]) =>
  leafRows(result).map((row) => [row.key, row.values.find((v) => v.key.length === 1)!.value]);
const expectedCounts = (messages: TestMessage[], levels: ReferenceLevel[]) =>
  referenceLeaves(messages, levels).map((b) => [b.keys, b.messages.length]);

Deno.test("a values grouping shows the top 15 keys by count (the default limit), ties broken by key", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({ row_groups: [{ type: "values", fields: ["category"] }], series: [COUNT] });
    assert.equal(leafRows(result).length, 15);
    assert.deepEqual(counts(result), expectedCounts(messages, [{ fields: ["category"], limit: 15 }]));
    assert.equal(result.total, messages.length);
    assert.deepEqual(result.rows.at(-1), {
      key: [],
      values: [{ key: ["count()"], value: messages.length, rollup: true, source: "row-inner" }],
      source: "non-leaf",
    });
  });
});

Deno.test("messages without the field form an '(Empty Value)' bucket after the top keys, outside the limit", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({
      row_groups: [{ type: "values", fields: ["region"], limit: 2 }],
      series: [COUNT],
    });
    const rows = counts(result);
    assert.equal(rows.length, 3);
    assert.deepEqual(rows.at(-1), [[EMPTY_VALUE], messages.filter((m) => !("region" in m.fields)).length]);
    assert.deepEqual(rows, expectedCounts(messages, [{ fields: ["region"], limit: 2 }]));
  });
});

Deno.test("skip_empty_values drops messages without the field from the grouping but not from the totals", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({
      row_groups: [{ type: "values", fields: ["user"], limit: 50, skip_empty_values: true }],
      series: [COUNT],
    });
    assert.ok(leafRows(result).every((row) => row.key[0] !== EMPTY_VALUE));
    assert.deepEqual(counts(result), expectedCounts(messages, [{ fields: ["user"], limit: 50, skip: true }]));
    assert.equal(result.rows.at(-1)!.values[0].value, messages.length);
    assert.equal(result.total, messages.length);
  });
});

Deno.test("several fields in one grouping make combined keys, one key element per field", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({
      row_groups: [{ type: "values", fields: ["region", "http_response_code"], limit: 10 }],
      series: [COUNT],
    });
    assert.ok(leafRows(result).every((row) => row.key.length === 2));
    assert.deepEqual(
      counts(result),
      expectedCounts(messages, [{ fields: ["region", "http_response_code"], limit: 10 }]),
    );
    const skipped = await run({
      row_groups: [{ type: "values", fields: ["region", "user"], limit: 200, skip_empty_values: true }],
      series: [COUNT],
    });
    assert.ok(
      leafRows(skipped).every((row) => !row.key.includes(EMPTY_VALUE)),
      "skipping drops messages missing any of the fields",
    );
    assert.deepEqual(
      counts(skipped),
      expectedCounts(messages, [{ fields: ["region", "user"], limit: 200, skip: true }]),
    );
  });
});

Deno.test("partly missing combined keys show '(Empty Value)' for the missing field and rank with the others", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({
      row_groups: [{ type: "values", fields: ["region", "user"], limit: 100 }],
      series: [COUNT],
    });
    const keys = leafRows(result).map((row) => row.key);
    assert.ok(keys.some((key) => key[0] === EMPTY_VALUE && key[1] !== EMPTY_VALUE));
    assert.ok(keys.some((key) => key[0] !== EMPTY_VALUE && key[1] === EMPTY_VALUE));
    assert.deepEqual(counts(result), expectedCounts(messages, [{ fields: ["region", "user"], limit: 100 }]));
  });
});

Deno.test("nested groupings limit each level independently, like nested terms aggregations", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({
      row_groups: [{ type: "values", fields: ["source"], limit: 3 }, {
        type: "values",
        fields: ["user"],
        limit: 2,
      }, { type: "values", fields: ["http_response_code"], limit: 2 }],
      series: [COUNT, { type: "avg", id: "avg(took_ms)", field: "took_ms" }],
    });
    const levels = [{ fields: ["source"], limit: 3 }, { fields: ["user"], limit: 2 }, {
      fields: ["http_response_code"],
      limit: 2,
    }];
    const expected = referenceLeaves(messages, levels);
    assert.deepEqual(counts(result), expected.map((b) => [b.keys, b.messages.length]));
    leafRows(result).forEach((row, index) =>
      close(row.values[1].value, stats.avg(numbers(expected[index].messages, "took_ms")), row.key.join("/"))
    );
    assert.equal(new Set(leafRows(result).map((row) => row.key[0])).size, 3);
  });
});

Deno.test("column groups split each row into col-leaf values; rollup keeps the row totals beside them", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({
      row_groups: [{ type: "values", fields: ["source"], limit: 4 }],
      column_groups: [{ type: "values", fields: ["region"], limit: 2 }],
      series: [COUNT],
    });
    const rows = referenceLevel(messages, { fields: ["source"], limit: 4 });
    assert.deepEqual(leafRows(result).map((row) => row.key), rows.map((b) => b.keys));
    leafRows(result).forEach((row, index) => {
      const columns = referenceLevel(rows[index].messages, { fields: ["region"], limit: 2 });
      assert.deepEqual(row.values, [
        { key: ["count()"], value: rows[index].messages.length, rollup: true, source: "row-leaf" },
        ...columns.map((c) => ({
          key: [...c.keys, "count()"],
          value: c.messages.length,
          rollup: false,
          source: "col-leaf",
        })),
      ]);
    });
  });
});

Deno.test("a pivot sort orders by that grouping's key and picks the top keys in that order", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const spec = (direction: string, limit: number) => ({
      row_groups: [{ type: "values", fields: ["source"], limit }],
      series: [COUNT],
      sort: [{ type: "pivot", field: "source", direction }],
    });
    const ascending = await run(spec("Ascending", 2));
    assert.deepEqual(leafRows(ascending).map((row) => row.key[0]), ["cache-01", "db-01"]);
    const descending = await run(spec("Descending", 10));
    const all = [...new Set(messages.map((m) => m.source.toLowerCase()))].sort().reverse();
    assert.deepEqual(leafRows(descending).map((row) => row.key[0]), all);
  });
});

Deno.test("a series sort orders buckets by that series and picks the top buckets by it", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const avg = { type: "avg", id: "avg(took_ms)", field: "took_ms" };
    const result = await run({
      row_groups: [{ type: "values", fields: ["category"], limit: 5 }],
      series: [COUNT, avg],
      sort: [{ type: "series", field: "avg(took_ms)", direction: "Ascending" }],
    });
    const order = (
      a: { messages: TestMessage[]; keys: string[] },
      b: { messages: TestMessage[]; keys: string[] },
    ) =>
      (stats.avg(numbers(a.messages, "took_ms")) ?? Infinity) -
        (stats.avg(numbers(b.messages, "took_ms")) ?? Infinity) || compareKeys(a.keys, b.keys);
    const expected = referenceLevel(messages, { fields: ["category"], limit: 5, order });
    assert.deepEqual(leafRows(result).map((row) => row.key), expected.map((b) => b.keys));
    const values = leafRows(result).map((row) => row.values[1].value as number);
    assert.deepEqual(values, [...values].sort((a, b) => a - b));
    const byCount = await run({
      row_groups: [{ type: "values", fields: ["category"], limit: 30 }],
      series: [COUNT],
      sort: [{ type: "series", field: "count()", direction: "Ascending" }],
    });
    const countsAscending = leafRows(byCount).map((row) => row.values[0].value as number);
    assert.deepEqual(countsAscending, [...countsAscending].sort((a, b) => a - b));
  });
});

Deno.test("numeric keys sort as numbers, not as text", async () => {
  const messages = [5, 40, 300, 40, 5, 5].map((size, i) => ({
    timestamp: FROM + i * 1000,
    source: "h",
    fields: { size },
  }));
  await withPivotStore(async ({ run }) => {
    const result = await run({
      row_groups: [{ type: "values", fields: ["size"] }],
      series: [COUNT],
      sort: [{ type: "pivot", field: "size", direction: "Ascending" }],
    });
    assert.deepEqual(leafRows(result).map((row) => row.key[0]), ["5", "40", "300"]);
    const byCount = await run({ row_groups: [{ type: "values", fields: ["size"] }], series: [COUNT] });
    assert.deepEqual(counts(byCount), [[["5"], 3], [["40"], 2], [["300"], 1]]);
  }, messages);
});

Deno.test("the query restricts what is grouped and counted", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({ row_groups: [{ type: "values", fields: ["source"] }], series: [COUNT] }, {
      query: "http_response_code:500",
    });
    const matching = messages.filter((m) => m.fields.http_response_code === 500);
    assert.equal(result.total, matching.length);
    assert.deepEqual(counts(result), expectedCounts(matching, [{ fields: ["source"], limit: 15 }]));
  });
});

Deno.test("an unknown field groups every message into '(Empty Value)', or nothing when empty values are skipped", async () => {
  await withPivotStore(async ({ run, messages }) => {
    assert.deepEqual(
      counts(await run({ row_groups: [{ type: "values", fields: ["nope"] }], series: [COUNT] })),
      [[[EMPTY_VALUE], messages.length]],
    );
    const skipped = await run({
      row_groups: [{ type: "values", fields: ["nope"], skip_empty_values: true }],
      series: [COUNT],
    });
    assert.deepEqual(skipped.rows.map((row) => row.source), ["non-leaf"]);
  });
});

Deno.test("column groups are limited per row: each row gets its own top columns", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({
      row_groups: [{ type: "values", fields: ["region"] }],
      column_groups: [{ type: "values", fields: ["category"], limit: 1 }],
      series: [COUNT],
    });
    const table = valueTable(result);
    for (const bucket of referenceLevel(messages, { fields: ["region"], limit: 15 })) {
      const values = table.get(`leaf:${bucket.keys.join("|")}`)!;
      const [top] = referenceLevel(bucket.messages, { fields: ["category"], limit: 1 });
      assert.deepEqual(
        [...values.keys()],
        ["count()", `${top.keys[0]}|count()`],
        `columns of ${bucket.keys[0]}`,
      );
      assert.equal(values.get(`${top.keys[0]}|count()`), top.messages.length);
    }
  });
});
