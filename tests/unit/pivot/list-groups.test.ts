import assert from "node:assert/strict";
import type { Database } from "../../../mock-backend/database.ts";
import { DEFAULT_STREAM_ID } from "../../../shared/product.ts";
import { fixtureMessages, type TestMessage, withPivotStore } from "./pivot-fixture.ts";

const COUNT = { type: "count", id: "count()" };
const SUM_BYTES = { type: "sum", id: "sum(bytes)", field: "bytes" };

/** The fixture with a third of the messages web requests (the Web stream, beside the default stream). */
function webAndOther(): TestMessage[] {
  return fixtureMessages().map((message, i) =>
    i % 3 === 0 ? { ...message, fields: { ...message.fields, http_method: i % 2 ? "GET" : "POST" } } : message
  );
}

/** Each message's streams and fields as stored (the routing decides the streams). */
async function storedRows(db: Database) {
  return await db.all<{ streams: string[]; source: string; bytes: bigint }>(
    `SELECT streams, lower(source) AS source, f_bytes AS bytes FROM messages`,
  );
}

const pairs = (rows: { rows: { key: string[]; values: { key: string[]; value: unknown }[]; source: string }[] }) =>
  rows.rows.filter((row) => row.source === "leaf").map((row) => [row.key.join("/"), row.values.map((v) => v.value)])
    .sort(([a], [b]) => String(a).localeCompare(String(b)));

Deno.test("a values grouping on streams puts each message in the bucket of every stream it is in", async () => {
  await withPivotStore(async ({ run, db, messages }) => {
    const rows = await storedRows(db);
    const expected = new Map<string, [number, number]>();
    for (const row of rows) {
      for (const stream of row.streams) {
        const [n, sum] = expected.get(stream) ?? [0, 0];
        expected.set(stream, [n + 1, sum + Number(row.bytes)]);
      }
    }
    assert.ok(expected.size >= 2, `messages in several streams: ${[...expected.keys()]}`);
    assert.equal(expected.get(DEFAULT_STREAM_ID)?.[0], messages.length);
    const result = await run({ row_groups: [{ type: "values", fields: ["streams"] }], series: [COUNT, SUM_BYTES] });
    assert.deepEqual(pairs(result), [...expected].map(([stream, values]) => [stream, values]).sort(([a], [b]) => String(a).localeCompare(String(b))));
    // The totals count each message once, however many streams it is in.
    const total = result.rows.find((row) => row.source === "non-leaf")!;
    assert.deepEqual(total.values.map((v) => v.value), [messages.length, rows.reduce((s, r) => s + Number(r.bytes), 0)]);
    assert.equal(result.total, messages.length);
  }, webAndOther());
});

Deno.test("a grouping above a streams grouping counts each message once; below it, once per stream", async () => {
  await withPivotStore(async ({ run, db }) => {
    const rows = await storedRows(db);
    const bySource = new Map<string, number>();
    const bySourceStream = new Map<string, number>();
    for (const row of rows) {
      bySource.set(row.source, (bySource.get(row.source) ?? 0) + 1);
      for (const stream of row.streams) {
        const key = `${row.source}/${stream}`;
        bySourceStream.set(key, (bySourceStream.get(key) ?? 0) + 1);
      }
    }
    const result = await run({
      row_groups: [{ type: "values", fields: ["source"] }, { type: "values", fields: ["streams"] }],
      series: [COUNT],
      rollup: true,
    });
    // Leaves: source × stream.
    assert.deepEqual(pairs(result), [...bySourceStream].map(([key, n]) => [key, [n]]).sort(([a], [b]) => String(a).localeCompare(String(b))));
    // Column groups split a source's row into its streams; the row's rollup stays the source's message count.
    const columns = await run({
      row_groups: [{ type: "values", fields: ["source"] }],
      column_groups: [{ type: "values", fields: ["streams"] }],
      series: [COUNT],
      rollup: true,
    });
    for (const row of columns.rows.filter((r) => r.source === "leaf")) {
      const rollup = row.values.find((v) => v.key.length === 1);
      assert.equal(rollup?.value, bySource.get(row.key[0]), `rollup of ${row.key[0]}`);
      for (const value of row.values.filter((v) => v.key.length === 2)) {
        assert.equal(value.value, bySourceStream.get(`${row.key[0]}/${value.key[0]}`), `${row.key[0]} in ${value.key[0]}`);
      }
    }
  }, webAndOther());
});
