/** One-off check: a database with token lists (before token texts) converts in place on open. */
import { Database } from "../../mock-backend/database.ts";
import { migrateMessageStore } from "../../mock-backend/store/message-schema.ts";
const db = await Database.open({ path: ":memory:" });
await db.run(`CREATE TABLE messages (index_name VARCHAR NOT NULL, _id VARCHAR, message VARCHAR, message_tokens VARCHAR[] NOT NULL,
  full_message VARCHAR, full_message_tokens VARCHAR[])`);
await db.run(`INSERT INTO messages VALUES ('graylog_0', 'a', 'Hello World', ['hello', 'world'], NULL, NULL), ('graylog_0', 'b', '', [], 'x', ['x'])`);
await migrateMessageStore(db);
console.log(await db.all("SELECT * FROM messages ORDER BY _id"));
db.close();
