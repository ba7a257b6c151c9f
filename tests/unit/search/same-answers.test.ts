import assert from "node:assert/strict";
import type { SearchScope } from "../../../api/schemas/backend.ts";
import { ExecutionStateSchema, SearchSchema } from "../../../api/schemas/search.ts";
import { generateDemoMessages } from "../../../fixtures/demo-messages.ts";
import { Database } from "../../../mock-backend/database.ts";
import { MessageStore } from "../../../mock-backend/message-store.ts";
import { migrate } from "../../../mock-backend/schema.ts";
import { seedEntities } from "../../../mock-backend/seed.ts";
import { SearchExecutor } from "../../../mock-backend/search/search-executor.ts";

const END = Date.UTC(2024, 5, 8);
const ADMIN: SearchScope = { owner: "admin", readableStreams: null };

const topSources = (id: string, name?: string) => ({
  type: "pivot",
  id,
  ...(name ? { name } : {}),
  row_groups: [{ type: "values", fields: ["source"], limit: 5 }],
  series: [{ type: "count", id: "count()" }],
  rollup: true,
});

Deno.test("search types of a query asking the same question are answered by one statement, each under its own id and name", async () => {
  const db = await Database.open({ path: ":memory:" });
  try {
    await migrate(db);
    const { identity } = await seedEntities(db, "test");
    const store = await MessageStore.open(db, { nodeId: identity.nodeId });
    await store.ingest(generateDemoMessages({ count: 2000, end: END, spanMs: 86_400_000 }));
    const executor = new SearchExecutor(db, store);
    const statements: string[] = [];
    const all = db.all.bind(db);
    db.all = ((sql: string, params?: Parameters<typeof all>[1]) => {
      statements.push(sql);
      return all(sql, params);
    }) as typeof db.all;
    const search = SearchSchema.parse({
      queries: [{
        id: "q1",
        timerange: { type: "absolute", from: new Date(END - 86_400_000).toISOString(), to: new Date(END).toISOString() },
        search_types: [
          topSources("a", "Top sources"),
          topSources("b"),
          { ...topSources("c"), row_groups: [{ type: "values", fields: ["source"], limit: 3 }] },
        ],
      }],
    });
    const job = await executor.execute(search, ExecutionStateSchema.parse({}), ADMIN, END);
    const { a, b, c } = job.results.q1.search_types;
    assert.deepEqual(job.results.q1.errors, []);
    assert.equal(statements.filter((sql) => /FROM messages\b/.test(sql)).length, 2, "two different questions, two statements");
    assert.equal(a.id, "a");
    assert.equal(a.name, "Top sources");
    assert.equal(b.id, "b");
    assert.equal("name" in b, false, "b has no name of its own");
    assert.ok(a.type === "pivot" && b.type === "pivot" && c.type === "pivot");
    assert.deepEqual(b.rows, a.rows);
    assert.ok(a.rows.length > c.rows.length, "the other question has its own answer");

    // Executed alone, each answers the same.
    const alone = await executor.execute(
      SearchSchema.parse({ queries: [{ ...search.queries[0], search_types: [topSources("b")] }] }),
      ExecutionStateSchema.parse({}),
      ADMIN,
      END,
    );
    assert.deepEqual(alone.results.q1.search_types.b, b);
  } finally {
    db.close();
  }
});
