/**
 * `deno run -A bench/event-evaluation.ts [--count 1000000] [--runs 15] [--data-dir DIR] [--dry]`: one evaluation of an
 * aggregation event definition over COUNT stored messages that all lie in its 5-minute window (issue 15 item 8,
 * aim ≤ 50 ms median): `evaluateDefinition` for the window, as the scheduler runs it, for
 * - a count() with a query (`http_method:GET`, about a third of the messages), no group-by, and
 * - the same grouped by source (a few dozen keys) with count() and avg(response_time_ms), and
 * - the count() with a threshold it does not reach (most scheduled evaluations fire nothing: no source streams read).
 * Wall time and process CPU time (all threads; on a loaded shared machine the wall time mostly measures waiting).
 * The messages are generated (fixed seed) into a fresh file database, or one kept in --data-dir from an earlier run.
 * Median and p95 go to bench/RESULTS.md ("Event definition evaluation").
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { DEFAULT_EVENTS_STREAM_ID, type EventDefinition } from "../api/schemas/events.ts";
import { generateDemoMessages } from "../fixtures/demo-messages.ts";
import { Database } from "../mock-backend/database.ts";
import { evaluateDefinition } from "../mock-backend/events/event-processor.ts";
import { type CatalogScope, MessageStore } from "../mock-backend/message-store.ts";
import { migrate } from "../mock-backend/schema.ts";
import { seedEntities } from "../mock-backend/seed.ts";
import { writeResults } from "./results.ts";
import { round, summarize } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    count: { type: "string", default: "1000000" },
    runs: { type: "string", default: "15" },
    "data-dir": { type: "string" },
    dry: { type: "boolean", default: false },
  },
});
const count = Number(values.count);
const runs = Number(values.runs);
const WINDOW_MS = 5 * 60_000;
/** The window's end: a multiple of its length, as the scheduler's windows are. */
const END = Date.UTC(2024, 5, 8);

function definition(title: string, config: Partial<EventDefinition["config"]>): EventDefinition {
  return {
    id: "5f0c1e5a00000000000009aa",
    title,
    description: "",
    priority: 2,
    alert: true,
    config: {
      type: "aggregation-v1",
      query: "http_method:GET",
      query_parameters: [],
      streams: [],
      search_within_ms: WINDOW_MS,
      execute_every_ms: WINDOW_MS,
      group_by: [],
      series: [{ id: "count-", type: "count", field: null }],
      conditions: { expression: { expr: ">", left: { expr: "number-ref", ref: "count-" }, right: { expr: "number", value: 0 } } },
      ...config,
    },
    field_spec: {},
    key_spec: [],
    notification_settings: { grace_period_ms: 0, backlog_size: 0 },
    notifications: [],
    storage: [{ type: "persist-to-streams-v1", streams: [DEFAULT_EVENTS_STREAM_ID] }],
    _scope: "DEFAULT",
    updated_at: null,
    matched_at: null,
  };
}

const DEFINITIONS = [
  definition("count() of GET requests", {}),
  definition("count() of GET requests, not firing (count() > 10M)", {
    conditions: { expression: { expr: ">", left: { expr: "number-ref", ref: "count-" }, right: { expr: "number", value: 10_000_000 } } },
  }),
  definition("count() and avg(response_time_ms) of GET requests by source", {
    group_by: ["source"],
    series: [{ id: "count-", type: "count", field: null }, { id: "avg-response_time_ms", type: "avg", field: "response_time_ms" }],
  }),
];

const dir = values["data-dir"] ?? await Deno.makeTempDir({ prefix: "sluice-bench-events-" });
const kept = values["data-dir"] !== undefined && (await Deno.stat(`${dir}/store.duckdb`).catch(() => null)) !== null;
const db = await Database.open({ path: `${dir}/store.duckdb` });
try {
  await migrate(db);
  const { identity } = await seedEntities(db, "bench");
  const store = await MessageStore.open(db, { nodeId: identity.nodeId });
  if (kept) {
    const stored = await store.count();
    if (stored !== count) throw new Error(`${dir} holds ${stored} messages, not ${count}: remove it to start over`);
    console.log(`Reusing the ${count} messages kept in ${dir}`);
  } else {
    const started = performance.now();
    await store.ingest(generateDemoMessages({ count, end: END, spanMs: WINDOW_MS }));
    console.log(`Stored ${count} messages within 5 minutes in ${Math.round(performance.now() - started)} ms`);
  }
  const context = {
    db,
    catalog: store.catalog(),
    messageStreams: store.streams().map((stream) => stream.id),
    fieldIndices: (scope: CatalogScope) => store.fieldIndices(scope),
    source: "bench",
    now: END + 60_000,
  };
  const window = { from: END - WINDOW_MS, to: END - 1 };
  const rows: string[][] = [];
  const loadAtStart = Deno.loadavg().join(" ");
  for (const subject of DEFINITIONS) {
    const first = await evaluateDefinition(subject, context, window); // warm-up (and the events it gives)
    const samples: number[] = [];
    const cpuSamples: number[] = [];
    for (let run = 0; run < runs; run++) {
      const started = performance.now();
      const cpu = process.cpuUsage();
      await evaluateDefinition(subject, context, window);
      samples.push(performance.now() - started);
      const used = process.cpuUsage(cpu);
      cpuSamples.push((used.user + used.system) / 1000);
    }
    const stats = summarize(samples);
    const cpuMedian = summarize(cpuSamples).median;
    console.log(`${subject.title}: median ${round(stats.median, 1)} ms (CPU ${round(cpuMedian, 1)} ms), p95 ${round(stats.p95, 1)} ms, ${first.length} events`);
    rows.push([
      subject.title,
      String(count),
      String(first.length),
      String(round(stats.median, 1)),
      String(round(stats.p95, 1)),
      String(round(cpuMedian, 1)),
      "≤ 50 ms",
    ]);
  }
  console.table(rows);
  if (!values.dry) {
    await writeResults(
      "Event definition evaluation (issue 15 item 8)",
      ["definition", "messages in the 5-minute window", "events", "median ms", "p95 ms", "median CPU ms (all threads)", "aim"],
      rows,
      `evaluateDefinition of one 5-minute window holding every stored message (generated demo messages, fixed seed), file database, 2 DuckDB threads, ${runs} runs after a warm-up; load average at the start ${loadAtStart}, at the end ${Deno.loadavg().join(" ")}.`,
    );
  }
} finally {
  db.close();
  if (values["data-dir"] === undefined) await Deno.remove(dir, { recursive: true });
}
