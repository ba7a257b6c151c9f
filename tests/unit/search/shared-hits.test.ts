import assert from "node:assert/strict";
import {
  type ExecutionState,
  ExecutionStateSchema,
  type Search,
  type SearchJob,
  SearchSchema,
} from "../../../api/schemas/search.ts";
import type { SearchScope } from "../../../api/schemas/backend.ts";
import { generateDemoMessages } from "../../../fixtures/demo-messages.ts";
import { Database } from "../../../mock-backend/database.ts";
import { MessageStore } from "../../../mock-backend/message-store.ts";
import { parseQuery } from "../../../mock-backend/query/mod.ts";
import { migrate } from "../../../mock-backend/schema.ts";
import { seedEntities } from "../../../mock-backend/seed.ts";
import { SearchExecutor } from "../../../mock-backend/search/search-executor.ts";
import { readsText } from "../../../mock-backend/search/shared-hits.ts";
import { testCatalog } from "../query/message-fixture.ts";

const CATALOG = testCatalog({ storeColumns: true });

Deno.test("a query reads message text when a leaf compares analysed text, a bare term, or a pattern", () => {
  const cases: [string, boolean][] = [
    ["*", false],
    ["", false],
    ["_exists_:user", false],
    ["http_response_code:500", false],
    ["http_response_code:[400 TO 499] AND NOT action:login", false],
    ["source:web-01", false],
    ['user:"alice smith"', false],
    ["ssh", true],
    ['"connection refused"', true],
    ["message:failed", true],
    ['full_message:"a b"~2', true],
    ["http_response_code:500 AND (action:login OR failed)", true],
    ["NOT failed", true],
    ["user:ali*", true],
    ["user:/al.*/", true],
    ["user:alice~1", true],
    ["message:[a TO c]", true],
    ["(http_response_code:500)^2", false],
  ];
  for (const [text, expected] of cases) {
    assert.equal(readsText(parseQuery(text, { allowLeadingWildcard: true }), CATALOG), expected, text);
  }
});

const END = Date.UTC(2024, 5, 8);
const ADMIN: SearchScope = { owner: "admin", readableStreams: null };
const NO_OVERRIDE: ExecutionState = ExecutionStateSchema.parse({});

/** The search page's job (newest 20 + total, histogram) and a top-values pivot, or any subset of them. */
function search(query: string, only?: string, order: "ASC" | "DESC" = "DESC"): Search {
  const types = [
    { type: "messages", id: "messages", limit: 20, sort: [{ field: "timestamp", order }] },
    {
      type: "pivot",
      id: "histogram",
      row_groups: [{ type: "time", fields: ["timestamp"], interval: { type: "auto", scaling: 1 } }],
      series: [{ type: "count", id: "count()" }],
      rollup: true,
    },
    {
      type: "pivot",
      id: "top",
      row_groups: [{ type: "values", fields: ["source"], limit: 5 }],
      series: [{ type: "count", id: "count()" }],
      rollup: true,
    },
  ];
  return SearchSchema.parse({
    queries: [{
      id: "q1",
      timerange: {
        type: "absolute",
        from: new Date(END - 2 * 86_400_000).toISOString(),
        to: new Date(END).toISOString(),
      },
      query: { type: "elasticsearch", query_string: query },
      search_types: only ? types.filter((type) => type.id === only) : types,
    }],
  });
}

function resultsOf(job: SearchJob) {
  assert.deepEqual(job.results.q1.errors, []);
  return job.results.q1.search_types;
}

Deno.test("search types sharing one evaluation of a text query answer exactly as each run alone", async () => {
  const db = await Database.open({ path: ":memory:" });
  try {
    await migrate(db);
    const { identity } = await seedEntities(db, "test");
    const store = await MessageStore.open(db, { nodeId: identity.nodeId });
    await store.ingest(generateDemoMessages({ count: 4000, end: END, spanMs: 3 * 86_400_000 }));
    const executor = new SearchExecutor(db, store);
    const statements: string[] = [];
    const all = db.all.bind(db);
    db.all = ((sql: string, params?: Parameters<typeof all>[1]) => {
      statements.push(sql);
      return all(sql, params);
    }) as typeof db.all;
    const table = db.table.bind(db);
    db.table = ((sql: string, params?: Parameters<typeof table>[1]) => {
      statements.push(sql);
      return table(sql, params);
    }) as typeof db.table;
    let sharedHits = 0;
    // Pages: the first, one further on, one across the last hits and one past them; newest or oldest first.
    const pages: { offset?: number; limit?: number }[] = [
      {},
      { offset: 13, limit: 7 },
      { offset: 95, limit: 10 },
      { offset: 5000, limit: 10 },
    ];
    for (
      const query of [
        "failed",
        '"connection refused"',
        "refus*",
        "NOT failed",
        "GET OR http_response_code:404",
        '"apparmor denied"',
        "nomatchatall",
      ]
    ) {
      for (const order of ["DESC", "ASC"] as const) {
        for (const page of pages) {
          const state = ExecutionStateSchema.parse({ global_override: { search_types: { messages: page } } });
          const label = `${query} ${order} ${JSON.stringify(page)}`;
          statements.length = 0;
          const together = resultsOf(await executor.execute(search(query, undefined, order), state, ADMIN, END));
          const created = statements.filter((sql) => sql.startsWith("CREATE TABLE sluice_scratch.")).length;
          assert.equal(created, 1, `${label}: the filter was evaluated once into a table`);
          // The total and the histogram read the hits' table; the messages are read for the hits, the page (when
          // there is one) and the top values.
          const total = together.messages.type === "messages" ? together.messages.total_results : 0;
          const reads = statements.filter((sql) => /FROM messages\b/.test(sql)).length;
          assert.equal(reads, (page.offset ?? 0) < total ? 3 : 2, `${label}: reads of messages`);
          for (const id of ["messages", "histogram", "top"]) {
            const alone = resultsOf(await executor.execute(search(query, id, order), state, ADMIN, END));
            assert.deepEqual(together[id], alone[id], `${label}: ${id}`);
          }
          const messages = together.messages;
          if (messages.type === "messages" && order === "DESC" && page.offset === undefined) {
            sharedHits += messages.total_results;
          }
        }
      }
    }
    assert.ok(sharedHits > 100, `the queries found messages (${sharedHits})`);
    await executor.settled();
    const left = await db.first<{ n: bigint }>(
      "SELECT count(*) AS n FROM duckdb_tables() WHERE database_name = 'sluice_scratch'",
    );
    assert.equal(Number(left?.n), 0, "every hits table was dropped");

    // A cheap filter is evaluated by each search type as before.
    statements.length = 0;
    resultsOf(await executor.execute(search("http_response_code:500"), NO_OVERRIDE, ADMIN, END));
    assert.equal(statements.filter((sql) => sql.startsWith("CREATE TABLE")).length, 0);
  } finally {
    db.close();
  }
});
