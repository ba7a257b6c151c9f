import assert from "node:assert/strict";
import { FROM, type TestMessage, withPivotStore } from "./pivot-fixture.ts";

const COUNT = { type: "count", id: "count()" };
const sources = (result: { rows: { source: string }[] }) => result.rows.map((row) => row.source);

Deno.test("a pivot without groupings answers one leaf row with the totals (the Message Count widget)", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({ series: [COUNT, { type: "max", id: "max(bytes)", field: "bytes" }] });
    assert.deepEqual(result.rows, [{
      key: [],
      values: [
        { key: ["count()"], value: messages.length, rollup: true, source: "row-leaf" },
        {
          key: ["max(bytes)"],
          value: Math.max(...messages.map((m) => m.fields.bytes as number)),
          rollup: true,
          source: "row-leaf",
        },
      ],
      source: "leaf",
    }]);
    assert.equal(result.total, messages.length);
    assert.equal(result.id, "pivot-1");
    assert.equal(result.type, "pivot");
  });
});

Deno.test("rollup off drops the row totals beside columns and the grand total row", async () => {
  await withPivotStore(async ({ run }) => {
    const spec = {
      row_groups: [{ type: "values", fields: ["source"], limit: 2 }],
      column_groups: [{ type: "values", fields: ["region"], limit: 1 }],
      series: [COUNT],
    };
    const on = await run(spec);
    assert.deepEqual(sources(on), ["leaf", "leaf", "non-leaf"]);
    assert.deepEqual(
      on.rows[0].values.map((v) => v.source),
      ["row-leaf", "col-leaf", "col-leaf"],
      "the top region and the (Empty Value) column",
    );
    const off = await run({ ...spec, rollup: false });
    assert.deepEqual(sources(off), ["leaf", "leaf"]);
    assert.ok(
      off.rows.every((row) => row.values.every((v) => v.source === "col-leaf" && v.rollup === false)),
    );
  });
});

Deno.test("columns without rows give one leaf row keyed [] with the totals and a value per column", async () => {
  await withPivotStore(async ({ run, messages }) => {
    const result = await run({
      column_groups: [{ type: "values", fields: ["region"], skip_empty_values: true }],
      series: [COUNT],
    });
    assert.equal(result.rows.length, 1);
    const [row] = result.rows;
    assert.deepEqual([row.key, row.source], [[], "leaf"]);
    assert.deepEqual(row.values[0], {
      key: ["count()"],
      value: messages.length,
      rollup: true,
      source: "row-leaf",
    });
    const perRegion = Object.fromEntries(row.values.slice(1).map((v) => [v.key[0], v.value]));
    for (const region of ["eu", "us", "ap"]) {
      assert.equal(
        perRegion[region],
        messages.filter((m) => m.fields.region === region).length,
      );
    }
  });
});

Deno.test("no matching messages: zero totals, no buckets", async () => {
  await withPivotStore(async ({ run }) => {
    const single = await run({ series: [COUNT, { type: "avg", id: "avg(took_ms)", field: "took_ms" }] }, {
      query: "source:nowhere",
    });
    assert.deepEqual(single.rows, [{
      key: [],
      values: [{ key: ["count()"], value: 0, rollup: true, source: "row-leaf" }, {
        key: ["avg(took_ms)"],
        value: null,
        rollup: true,
        source: "row-leaf",
      }],
      source: "leaf",
    }]);
    assert.equal(single.total, 0);
    const grouped = await run({
      row_groups: [{ type: "values", fields: ["source"] }, { type: "time", fields: ["timestamp"] }],
      series: [COUNT],
    }, { query: "source:nowhere" });
    assert.deepEqual(grouped.rows, [{
      key: [],
      values: [{ key: ["count()"], value: 0, rollup: true, source: "row-inner" }],
      source: "non-leaf",
    }]);
  });
});

Deno.test("a search type name is echoed; series ids are the last element of every value key", async () => {
  await withPivotStore(async ({ run }) => {
    const result = await run({
      name: "chart",
      row_groups: [{ type: "values", fields: ["region"] }],
      series: [{ type: "count", id: "Requests" }],
    });
    assert.equal(result.name, "chart");
    assert.ok(result.rows.every((row) => row.values.every((v) => v.key.at(-1) === "Requests")));
  });
});

Deno.test("field names and values that look like SQL are data, never SQL", async () => {
  const messages: TestMessage[] = ["a'b", 'x"); DROP TABLE messages; --', "a'b"].map((value, i) => ({
    timestamp: FROM + i * 1000,
    source: "h",
    fields: { 'we"ird name': value, "drop table": i },
  }));
  await withPivotStore(async ({ run, db }) => {
    const result = await run({
      row_groups: [{ type: "values", fields: ['we"ird name'] }],
      series: [COUNT, { type: "sum", id: "s", field: "drop table" }],
    });
    assert.deepEqual(
      result.rows.slice(0, 2).map((row) => [row.key[0], row.values[0].value, row.values[1].value]),
      [["a'b", 2, 2], ['x"); DROP TABLE messages; --', 1, 1]],
    );
    const count = await db.first<{ n: bigint }>("SELECT count(*) AS n FROM messages");
    assert.equal(Number(count!.n), 3);
  }, messages);
});

Deno.test("keys of numbers, dates and case-insensitive sources print as Graylog shows them", async () => {
  const messages: TestMessage[] = [
    { timestamp: FROM, source: "Host-A", fields: { code: 404, ratio: 0.5 } },
    { timestamp: FROM + 1000, source: "host-a", fields: { code: 404, ratio: 1.25 } },
  ];
  await withPivotStore(async ({ run }) => {
    const result = await run({
      row_groups: [{ type: "values", fields: ["source", "code", "ratio"] }],
      series: [COUNT],
    });
    assert.deepEqual(result.rows.filter((row) => row.source === "leaf").map((row) => row.key), [[
      "host-a",
      "404",
      "0.5",
    ], ["host-a", "404", "1.25"]]);
    const byTime = await run({
      row_groups: [{ type: "values", fields: ["timestamp"], limit: 1 }],
      series: [COUNT],
      sort: [{ type: "pivot", field: "timestamp", direction: "Ascending" }],
    });
    assert.deepEqual(byTime.rows[0].key, [new Date(FROM).toISOString()]);
  }, messages);
});
