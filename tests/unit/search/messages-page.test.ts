import assert from "node:assert/strict";
import { MessagesSearchTypeSchema } from "../../../api/schemas/search.ts";
import { generateDemoMessages } from "../../../fixtures/demo-messages.ts";
import { Database } from "../../../mock-backend/database.ts";
import { MessageStore } from "../../../mock-backend/message-store.ts";
import { compileQuery, parseQuery } from "../../../mock-backend/query/mod.ts";
import { migrate } from "../../../mock-backend/schema.ts";
import { seedEntities } from "../../../mock-backend/seed.ts";
import { executeMessages } from "../../../mock-backend/search/messages-search-type.ts";
import type { SearchTypeContext } from "../../../mock-backend/search/search-context.ts";
import { allOf, timePredicate } from "../../../mock-backend/search/stream-predicate.ts";

const END = Date.UTC(2024, 5, 8);

/**
 * The messages search type reads a time-sorted page two ways: from the time buckets holding it (a costly filter)
 * or from the slice after the page's edge beside the count (a cheap one). Both must give the same page and total
 * for any filter.
 */
Deno.test("the page from the time buckets holding it equals the top-N page, at every offset and in both directions", async () => {
  const db = await Database.open({ path: ":memory:" });
  try {
    await migrate(db);
    const { identity } = await seedEntities(db, "test");
    const store = await MessageStore.open(db, { nodeId: identity.nodeId });
    await store.ingest(generateDemoMessages({ count: 3000, end: END, spanMs: 2 * 86_400_000 }));
    const catalog = store.catalog();
    const from = END - 86_400_000;
    const to = END - 1;
    let compared = 0;
    for (const query of ["*", "failed", "http_response_code:[400 TO 599]", "nomatchatall"]) {
      const filter = allOf(timePredicate(from, to), compileQuery(parseQuery(query), catalog, { now: END }));
      const context = (costlyFilter: boolean): SearchTypeContext => ({
        db,
        store,
        catalog,
        filter,
        from,
        to,
        now: END,
        costlyFilter,
      });
      for (const order of ["DESC", "ASC"] as const) {
        for (const [limit, offset] of [[150, 0], [20, 40], [50, 1000], [10, 5000]]) {
          const searchType = MessagesSearchTypeSchema.parse({
            type: "messages",
            id: "m",
            limit,
            offset,
            sort: [{ field: "timestamp", order }],
          });
          const execution = { highlight: [], streams: [] };
          const narrowed = await executeMessages(searchType, context(true), execution);
          const topN = await executeMessages(searchType, context(false), execution);
          assert.deepEqual(narrowed, topN, `${query} ${order} limit ${limit} offset ${offset}`);
          compared += narrowed.messages.length;
        }
      }
    }
    assert.ok(compared > 500, `pages held messages (${compared})`);
  } finally {
    db.close();
  }
});
