import assert from "node:assert/strict";
import { Database } from "../../../mock-backend/database.ts";
import { compileQueryString } from "../../../mock-backend/query/mod.ts";
import { migrate } from "../../../mock-backend/schema.ts";
import { aMessage, withStore } from "./with-store.ts";
import type { MessageStore } from "../../../mock-backend/message-store.ts";

/** `_id`s of the messages a query selects over the whole store. */
async function idsFor(store: MessageStore, db: Database, query: string): Promise<string[]> {
  const { sql, params } = compileQueryString(query, store.catalog(), { now: Date.now() });
  const rows = await db.all<{ _id: string }>(`SELECT _id FROM messages WHERE ${sql} ORDER BY _id`, params);
  return rows.map((row) => row._id);
}

const MESSAGES = [
  aMessage({ id: "a", facility: "auth", fields: { user: "alice", action: "Login", http_response_code: 200 } }),
  aMessage({ id: "b", fields: { user: "Alice", path: "/x\u001fy" } }),
  aMessage({ id: "c", message: "alice logged in", remoteIp: "10.0.0.7" }),
];

Deno.test("the unscoped catalog offers keyword_values for every string keyword field; a scoped one does not", async () => {
  await withStore(async (store) => {
    await store.ingest(MESSAGES);
    assert.deepEqual(
      [...store.catalog().keywordValues!.fields].sort(),
      ["action", "facility", "gl2_message_id", "gl2_remote_ip", "path", "user"],
    );
    assert.equal(store.catalog({ from: 0 }).keywordValues, undefined);
  });
});

Deno.test("bare terms decided on keyword_values match keyword fields exactly and case-sensitively", async () => {
  await withStore(async (store, db) => {
    await store.ingest(MESSAGES);
    assert.match(compileQueryString("alice", store.catalog(), { now: 0 }).sql, /keyword_values/);
    assert.deepEqual(await idsFor(store, db, "alice"), ["a", "c"]); // user:alice, and the word in c's message
    assert.deepEqual(await idsFor(store, db, "Alice"), ["b", "c"]); // user:Alice exactly; text ignores case
    assert.deepEqual(await idsFor(store, db, "Logi*"), ["a"]);
    assert.deepEqual(await idsFor(store, db, "action:logi*"), []);
    assert.deepEqual(await idsFor(store, db, "auth"), ["a"]);
    assert.deepEqual(await idsFor(store, db, "10.0.0.7"), ["c"]);
    assert.deepEqual(await idsFor(store, db, '"/x\u001fy"'), ["b"]);
    assert.deepEqual(await idsFor(store, db, "y"), []); // the separator inside a value splits nothing
    assert.deepEqual(await idsFor(store, db, "NOT alice"), ["b"]);
  });
});

Deno.test("a database written before keyword_values existed gets the column filled from its fields", async () => {
  const dir = await Deno.makeTempDir({ prefix: "sluice-kv-" });
  const path = `${dir}/old.duckdb`;
  try {
    await withStore(async (store, db) => {
      await store.ingest(MESSAGES);
      await db.run("ALTER TABLE messages DROP COLUMN keyword_values");
    }, { path });
    const db = await Database.open({ path });
    try {
      await migrate(db);
      const rows = await db.all<{ _id: string; keyword_values: string; gl2_message_id: string }>(
        "SELECT _id, keyword_values, gl2_message_id FROM messages ORDER BY _id",
      );
      const values = (text: string) => text.split("\u001f").filter((part) => part !== "").sort();
      assert.deepEqual(values(rows[0].keyword_values), ["Login", "alice", "auth", rows[0].gl2_message_id].sort());
      assert.deepEqual(values(rows[1].keyword_values), ["/x\u001e\u001dy", "Alice", rows[1].gl2_message_id].sort());
      assert.deepEqual(values(rows[2].keyword_values), ["10.0.0.7", rows[2].gl2_message_id].sort());
    } finally {
      db.close();
    }
    await withStore(async (store, db) => {
      assert.deepEqual(await idsFor(store, db, "Alice"), ["b", "c"]);
    }, { path });
  } finally {
    await Deno.remove(dir, { recursive: true });
  }
});
