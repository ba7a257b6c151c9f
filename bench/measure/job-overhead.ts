/**
 * `deno run -A bench/measure/job-overhead.ts DBPATH [kind] [range] [runs]`: the standard job by hand and through
 * the engine, alternating, with min and median, and where the engine's time goes: the statements' wall time
 * (their union, as they overlap) against the rest (JS: parsing, decoding rows, decorators, shaping), on a kept
 * database (bench/measure/make-db.ts). Min is the figure to read on a shared machine.
 */
import { Database } from "../../mock-backend/database.ts";
import { MessageStore } from "../../mock-backend/message-store.ts";
import { EmbeddedSearch } from "../../mock-backend/search/embedded-search.ts";
import { handWrittenRunner, oursRunner, QUERY_TEXT, type QueryKind } from "../search.ts";
import { summarize } from "../stats.ts";
import { observeStatements } from "./observe-statements.ts";

const [path, kind = "_exists_", rangeLabel = "1h", runsText = "25"] = Deno.args;
const db = await Database.open({ path });
const store = await MessageStore.open(db, { nodeId: "bench" });
const end = Date.UTC(2024, 5, 8);
const rangeMs = { "1h": 3600_000, "1d": 86_400_000, "7d": 7 * 86_400_000 }[rangeLabel]!;
const intervalMs = { "1h": 60_000, "1d": 30 * 60_000, "7d": 2 * 3600_000 }[rangeLabel]!;
const job = {
  kind: kind as QueryKind,
  query: QUERY_TEXT[kind as QueryKind],
  fromMs: end - rangeMs,
  toMs: end,
  intervalMs,
};

let spans: [number, number][] = [];
observeStatements(db, ({ start, end }) => spans.push([start, end]));
/** Milliseconds covered by at least one span. */
function covered(list: [number, number][]): number {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let [from, to] = sorted[0] ?? [0, 0];
  for (const [start, stop] of sorted.slice(1)) {
    if (start > to) (total += to - from, from = start, to = stop);
    else to = Math.max(to, stop);
  }
  return total + to - from;
}
const ours = oursRunner(new EmbeddedSearch(db, store));
const hand = handWrittenRunner(store, db);
const samples = {
  hand: [] as number[],
  ours: [] as number[],
  oursSql: [] as number[],
  oursStatements: [] as number[],
};
await hand(job);
await ours(job);
for (let i = 0; i < Number(runsText); i++) {
  let started = performance.now();
  await hand(job);
  samples.hand.push(performance.now() - started);
  spans = [];
  started = performance.now();
  await ours(job);
  samples.ours.push(performance.now() - started);
  samples.oursSql.push(covered(spans));
  samples.oursStatements.push(spans.length);
  await ours.settled?.();
}
for (const [name, s] of Object.entries(samples)) {
  console.log(
    `${kind} ${rangeLabel} ${name.padEnd(15)} min ${Math.min(...s).toFixed(1)}  median ${
      summarize(s).median.toFixed(1)
    }`,
  );
}
db.close();
