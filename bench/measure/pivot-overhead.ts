/**
 * `deno run -A bench/measure/pivot-overhead.ts DBPATH [range]`: where the top-15 values pivot's time goes beyond
 * its SQL — the whole execute, each statement it ran (alone), and the hand-written GROUP BY — on a kept database
 * (bench/measure/make-db.ts).
 */
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { EmbeddedSearch } from "../../mock-backend/search/embedded-search.ts";
import { ExecutionStateSchema, SearchSchema } from "../../api/schemas/search.ts";
import { summarize } from "../stats.ts";

const [path, rangeLabel = "1d"] = Deno.args;
const db = await Database.open({ path });
const store = await MessageStore.open(db, { nodeId: "bench" });
const engine = new EmbeddedSearch(db, store);
const end = Date.UTC(2024, 5, 8);
const rangeMs = { "1h": 3600_000, "1d": 86_400_000, "7d": 7 * 86_400_000 }[rangeLabel]!;
const request = SearchSchema.parse({
  queries: [{
    id: "q1",
    timerange: {
      type: "absolute",
      from: new Date(end - rangeMs).toISOString(),
      to: new Date(end - 1).toISOString(),
    },
    query: { type: "elasticsearch", query_string: "" },
    search_types: [{
      type: "pivot",
      id: "top",
      row_groups: [{ type: "values", fields: ["source"], limit: 15 }],
      series: [{ type: "count", id: "count()" }],
      rollup: true,
    }],
  }],
});
const state = ExecutionStateSchema.parse({});
const statements: { sql: string; params: unknown[] }[] = [];
const all = db.all.bind(db);
db.all = ((sql: string, params: Parameters<typeof all>[1] = []) => {
  statements.push({ sql, params });
  return all(sql, params);
}) as typeof db.all;

async function median(run: () => Promise<unknown>, n = 15): Promise<number> {
  await run();
  const samples: number[] = [];
  for (let i = 0; i < n; i++) {
    const started = performance.now();
    await run();
    samples.push(performance.now() - started);
  }
  return summarize(samples).median;
}
const scope = { owner: "admin", readableStreams: null };
const hand = `SELECT source, count(*) AS n FROM messages WHERE timestamp >= epoch_ms(${
  end - rangeMs
}) AND timestamp < epoch_ms(${end}) GROUP BY source ORDER BY n DESC LIMIT 15`;
for (let round = 0; round < 2; round++) {
  console.log(`hand-written GROUP BY: ${(await median(() => all(hand))).toFixed(2)} ms`);
  statements.length = 0;
  console.log(
    `EmbeddedSearch.execute: ${(await median(() => engine.execute(request, state, scope))).toFixed(2)} ms`,
  );
  const ran = statements.slice(0, statements.length / 16);
  for (const statement of ran) {
    console.log(
      `  statement alone: ${
        (await median(() => all(statement.sql, statement.params as never))).toFixed(2)
      } ms  ${statement.sql.slice(0, 100)}…`,
    );
  }
}
db.close();
