import assert from "node:assert/strict";
import type { Database } from "../../../mock-backend/database.ts";
import { compileQueryString } from "../../../mock-backend/query/mod.ts";
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

Deno.test("the unscoped catalog offers the keyword values of every string keyword field; a scoped one does not", async () => {
  await withStore(async (store) => {
    await store.ingest(MESSAGES);
    assert.deepEqual(
      [...store.catalog().keywordValues!.fields].sort(),
      ["action", "facility", "gl2_message_id", "gl2_remote_ip", "path", "user"],
    );
    assert.equal(store.catalog({ from: 0 }).keywordValues, undefined);
  });
});

Deno.test("bare terms decided on the keyword values match keyword fields exactly and case-sensitively", async () => {
  await withStore(async (store, db) => {
    await store.ingest(MESSAGES);
    // One test of the keyword values made of the fields' columns, not one per field.
    assert.match(compileQueryString("alice", store.catalog(), { now: 0 }).sql, /chr\(31\) \|\| concat\(/);
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
