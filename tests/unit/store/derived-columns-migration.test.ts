import assert from "node:assert/strict";
import { Database } from "../../../mock-backend/database.ts";
import { compileQueryString } from "../../../mock-backend/query/mod.ts";
import { migrate } from "../../../mock-backend/schema.ts";
import type { MessageStore } from "../../../mock-backend/message-store.ts";
import { aMessage, withStore } from "./with-store.ts";

/** `_id`s of the messages a query selects over the whole store. */
async function idsFor(store: MessageStore, db: Database, query: string): Promise<string[]> {
  const { sql, params } = compileQueryString(query, store.catalog(), { now: Date.now() });
  const rows = await db.all<{ _id: string }>(`SELECT _id FROM messages WHERE ${sql} ORDER BY _id`, params);
  return rows.map((row) => row._id);
}

const MESSAGES = [
  aMessage({ id: "a", message: "Connection refused by peer", facility: "auth", fields: { user: "alice" } }),
  aMessage({ id: "b", message: "connection accepted", fullMessage: "Connection accepted from 10.0.0.7" }),
  aMessage({ id: "c", message: "alice logged in", remoteIp: "10.0.0.7" }),
];

const QUERIES = [
  "refused",
  '"connection refused"',
  "connection",
  "accepted",
  "alice",
  "10.0.0.7",
  "refus*",
  "auth",
];

Deno.test("a database written with the derived columns (token texts, keyword values) opens without them and finds the same", async () => {
  const dir = await Deno.makeTempDir({ prefix: "sluice-derived-" });
  const path = `${dir}/old.duckdb`;
  try {
    const before = await withStore(async (store, db) => {
      await store.ingest(MESSAGES);
      await store.indexTerms();
      // The columns earlier versions wrote (their content is not read again).
      for (const column of ["message_terms", "full_message_terms", "keyword_values"]) {
        await db.run(`ALTER TABLE messages ADD COLUMN ${column} VARCHAR DEFAULT ' x '`);
      }
      const found: string[][] = [];
      for (const query of QUERIES) found.push(await idsFor(store, db, query));
      return found;
    }, { path });
    const db = await Database.open({ path });
    try {
      await migrate(db);
      const columns = await db.all<{ column_name: string }>(
        "SELECT column_name FROM information_schema.columns WHERE table_name = 'messages'",
      );
      const names = columns.map((column) => column.column_name);
      for (const gone of ["message_terms", "full_message_terms", "keyword_values"]) {
        assert.ok(!names.includes(gone), `${gone} is dropped`);
      }
      assert.ok(names.includes("message") && names.includes("full_message"));
    } finally {
      db.close();
    }
    await withStore(async (store, db) => {
      // The term index is kept (all three messages indexed), not rebuilt.
      assert.equal(store.catalog().termIndex?.indexedRows, 3);
      const found: string[][] = [];
      for (const query of QUERIES) found.push(await idsFor(store, db, query));
      assert.deepEqual(found, before);
      assert.deepEqual(found[0], ["a"]);
      assert.deepEqual(found[1], ["a"]);
      assert.deepEqual(found[4], ["a", "c"]);
      // Messages written after the migration are stored and found.
      await store.ingest([aMessage({ id: "d", message: "refused again", fields: { user: "alice" } })]);
      assert.deepEqual(await idsFor(store, db, "refused"), ["a", "d"]);
      assert.deepEqual(await idsFor(store, db, "alice"), ["a", "c", "d"]);
    }, { path });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});

Deno.test("a search of a fully indexed store makes no token text per row; rows not indexed yet are scanned", async () => {
  await withStore(async (store, db) => {
    await store.ingest(MESSAGES);
    await store.indexTerms();
    const indexed = compileQueryString('refused OR "connection refused"', store.catalog(), { now: 0 });
    assert.doesNotMatch(indexed.sql, /regexp_extract_all/);
    assert.deepEqual(await idsFor(store, db, "refused"), ["a"]);
    await store.ingest([aMessage({ id: "e", message: "refused later" })]);
    const tail = compileQueryString("refused", store.catalog(), { now: 0 });
    assert.match(tail.sql, /regexp_extract_all/);
    assert.deepEqual(await idsFor(store, db, "refused"), ["a", "e"]);
  });
});
