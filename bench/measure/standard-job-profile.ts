/**
 * `deno run -A bench/measure/standard-job-profile.ts DBPATH [kind] [range]`: runs the standard job through the
 * engine and by hand on a kept database (bench/measure/make-db.ts), prints the statements the engine ran,
 * per-statement timings and EXPLAIN ANALYZE of each.
 */
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { EmbeddedSearch } from "../../mock-backend/search/embedded-search.ts";
import { handWrittenRunner, oursRunner, type QueryKind, QUERY_TEXT } from "../search.ts";
import { summarize } from "../stats.ts";
import { observeStatements } from "./observe-statements.ts";

const [path, kind = "match-all", rangeLabel = "1d", explain = "explain"] = Deno.args;
const db = await Database.open({ path });
const store = await MessageStore.open(db, { nodeId: "bench" });
const end = Date.UTC(2024, 5, 8);
const rangeMs = { "1h": 3600_000, "1d": 86_400_000, "7d": 7 * 86_400_000 }[rangeLabel]!;
const intervalMs = { "1h": 60_000, "1d": 30 * 60_000, "7d": 2 * 3600_000 }[rangeLabel]!;
const job = { kind: kind as QueryKind, query: QUERY_TEXT[kind as QueryKind], fromMs: end - rangeMs, toMs: end, intervalMs };

const statements: { sql: string; params: unknown[]; ms: number }[] = [];
let recording = false;
// Time every statement the engine runs.
observeStatements(db, ({ sql, params, start, end }) => {
  if (recording) statements.push({ sql, params, ms: end - start });
});
const ours = oursRunner(new EmbeddedSearch(db, store));
const hand = handWrittenRunner(store, db);
for (const [name, run] of [["hand", hand], ["ours", ours]] as const) {
  await run(job);
  const samples: number[] = [];
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    await run(job);
    samples.push(performance.now() - started);
  }
  console.log(`${name}: median ${summarize(samples).median.toFixed(1)} ms  (${samples.map((s) => s.toFixed(0)).join(" ")})`);
}
recording = true;
await ours(job);
recording = false;
for (const statement of statements) {
  console.log(`\n--- ${statement.ms.toFixed(1)} ms (concurrent)\n${statement.sql}\n${JSON.stringify(statement.params)}`);
  // Statements over shared hits (search/shared-hits.ts) read a table dropped at the end of the job.
  if (statement.sql.includes("sluice_scratch")) continue;
  const alone: number[] = [];
  for (let i = 0; i < 5; i++) {
    const started = performance.now();
    await db.all(statement.sql, statement.params as never);
    alone.push(performance.now() - started);
  }
  console.log(`alone: median ${summarize(alone).median.toFixed(1)} ms`);
  if (explain === "explain") {
    const plan = await db.all(`EXPLAIN ANALYZE ${statement.sql}`, statement.params as never);
    console.log(String(plan[0]?.explain_value ?? JSON.stringify(plan)));
  }
}
db.close();
