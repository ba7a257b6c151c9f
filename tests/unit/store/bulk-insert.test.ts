import assert from "node:assert/strict";
import type { DuckDBConnection } from "@duckdb/node-api";
import { aMessage, withStore } from "./with-store.ts";

const ROW_GROUP = 122_880;

Deno.test("a batch of a whole row group is stored with one DuckDB thread, and the database's thread count comes back", async () => {
  await withStore(async (store, db) => {
    const start = Date.UTC(2024, 5, 7);
    const messages = Array.from(
      { length: ROW_GROUP + 5 },
      (_, i) => aMessage({ id: `m${i}`, timestamp: start + i, message: `line ${i}`, fields: { n: i } }),
    );
    const threads = async (connection: DuckDBConnection) =>
      String((await connection.runAndReadAll("SELECT current_setting('threads')")).getRows()[0][0]);
    const during: string[] = [];
    const seen: string[] = [];
    const original = db.transaction.bind(db);
    // Watch the (global) setting from inside each write: while the messages are inserted, and after.
    db.transaction = (work) =>
      original(async (connection) => {
        const run = connection.run.bind(connection);
        connection.run = async (sql, ...rest) => {
          if (sql.includes("INSERT INTO messages")) during.push(await threads(connection));
          return await run(sql, ...rest);
        };
        try {
          const result = await work(connection);
          seen.push(await threads(connection));
          return result;
        } finally {
          connection.run = run;
        }
      });
    const result = await store.ingest(messages);
    assert.equal(result.messages, ROW_GROUP + 5);
    assert.equal(await store.count(), ROW_GROUP + 5);
    // One thread for the whole row group, the database's two for the 5 after it, and two after each write.
    assert.deepEqual(during, ["1", "2"]);
    assert.deepEqual(seen, ["2", "2"]);
    const last = await store.getMessage("graylog_0", `m${ROW_GROUP + 4}`);
    assert.equal(last?.fields.message, `line ${ROW_GROUP + 4}`);
    assert.equal(last?.fields.n, ROW_GROUP + 4);
    const first = await db.first<{ threads: string }>("SELECT current_setting('threads') AS threads");
    assert.equal(String(first?.threads), "2");
  });
});

Deno.test("a sync iterable, an async iterable and chunks store the same messages", async () => {
  const messages = Array.from(
    { length: 9000 },
    (_, i) => aMessage({ id: `m${i}`, timestamp: Date.UTC(2024, 5, 7) + i }),
  );
  async function* one(): AsyncGenerator<(typeof messages)[number]> {
    yield* messages;
  }
  async function* blocks(): AsyncGenerator<(typeof messages)[number][]> {
    for (let i = 0; i < messages.length; i += 1000) yield messages.slice(i, i + 1000);
  }
  for (const ingest of ["sync", "async", "chunks"] as const) {
    await withStore(async (store) => {
      const result = ingest === "sync"
        ? await store.ingest(messages)
        : ingest === "async"
        ? await store.ingest(one())
        : await store.ingestChunks(blocks());
      assert.equal(result.messages, 9000, ingest);
      assert.equal(await store.count(), 9000, ingest);
      assert.ok(await store.getMessage("graylog_0", "m8999"), ingest);
    }, { batchSize: 4000 });
  }
});
