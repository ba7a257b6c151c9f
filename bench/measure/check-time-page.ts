/** One-off check: the time-narrowed messages page equals the plain top-N, for sorts, offsets and queries. */
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { compileQuery, parseQuery } from "../../mock-backend/query/mod.ts";
import { executeMessages } from "../../mock-backend/search/messages-search-type.ts";
import { allOf, timePredicate } from "../../mock-backend/search/stream-predicate.ts";
import { MessagesSearchTypeSchema } from "../../api/schemas/search.ts";

const db = await Database.open({ path: Deno.args[0] });
const store = await MessageStore.open(db, { nodeId: "bench" });
const end = Date.UTC(2024, 5, 8);
let failures = 0;
for (const query of ["*", "failed", "http_status:500", "certbot"]) {
  for (const [from, to] of [[end - 3600_000, end], [end - 86_400_000, end - 1], [0, end + 86_400_000]]) {
    for (const order of ["DESC", "ASC"] as const) {
      for (const offset of [0, 150, 2000, 9850]) {
        const catalog = store.catalog();
        const filter = allOf(timePredicate(from, to), compileQuery(parseQuery(query), catalog, { now: end }));
        const searchType = MessagesSearchTypeSchema.parse({ type: "messages", id: "m", limit: 150, offset, sort: [{ field: "timestamp", order }] });
        const result = await executeMessages(searchType, { db, store, catalog, filter, from, to, now: end }, { highlight: [] });
        const expected = await db.all<{ _id: string }>(
          `SELECT _id FROM messages WHERE ${filter.sql} ORDER BY timestamp ${order}, gl2_message_id ${order} LIMIT 150 OFFSET ${offset}`,
          filter.params,
        );
        const count = await db.first<{ n: bigint }>(`SELECT count(*) AS n FROM messages WHERE ${filter.sql}`, filter.params);
        const got = result.messages.map((m) => m.message._id).join(",");
        const want = expected.map((r) => r._id).join(",");
        if (got !== want || result.total_results !== Number(count!.n)) {
          failures++;
          console.log(`MISMATCH ${query} ${from}-${to} ${order} offset ${offset}: ${result.messages.length} vs ${expected.length}, total ${result.total_results} vs ${count!.n}`);
        }
      }
    }
  }
}
console.log(failures === 0 ? "all pages equal" : `${failures} mismatches`);
db.close();
