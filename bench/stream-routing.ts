/**
 * `deno run -A bench/stream-routing.ts [--count 200000] [--runs 3] [--dry]`: what stream routing costs per message
 * (issue 15 item 8) with 50 running streams of 5 rules each (exact, contains, regex, greater, presence; AND and OR)
 * against no streams but the default one, in the same run on the same messages:
 * - the router alone (`StreamRouter.route` over every message), and
 * - the whole ingest (`MessageStore.ingest` into a fresh in-memory database, routing and storing),
 * each by wall time and by process CPU time over all threads (on a shared, loaded machine the wall time mostly
 * measures waiting for a core; the CPU time is what the work costs).
 * Aim: the ingest rate falls by at most 20 % with the 50 streams. Medians of the runs go to bench/RESULTS.md
 * ("Stream routing").
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { STREAM_RULE_TYPES } from "../api/schemas/streams.ts";
import { generateDemoMessages } from "../fixtures/demo-messages.ts";
import { Database } from "../mock-backend/database.ts";
import { MessageStore } from "../mock-backend/message-store.ts";
import { migrate } from "../mock-backend/schema.ts";
import { seedEntities } from "../mock-backend/seed.ts";
import { StreamRouter } from "../mock-backend/store/stream-router.ts";
import { EmbeddedStreamStore } from "../mock-backend/streams/stream-store.ts";
import type { CreateStreamRequest } from "../api/schemas/streams.ts";
import { writeResults } from "./results.ts";
import { round, summarize } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    count: { type: "string", default: "200000" },
    runs: { type: "string", default: "3" },
    dry: { type: "boolean", default: false },
  },
});
const count = Number(values.count);
const runs = Number(values.runs);
const STREAM_COUNT = 50;

const messages = [...generateDemoMessages({ count, end: Date.UTC(2024, 5, 8), spanMs: 86_400_000 })];
console.log(`generated ${count} messages`);

/** Stream i: five rules over fields the demo messages have, so some match and most are checked to the end. */
function streamBody(i: number): CreateStreamRequest {
  const rule = (field: string, type: keyof typeof STREAM_RULE_TYPES, value: string, inverted = false) => ({
    field,
    type: STREAM_RULE_TYPES[type],
    value,
    inverted,
    description: "",
  });
  return {
    title: `Bench stream ${i}`,
    description: null,
    rules: [
      rule("source", "contains", `-0${i % 10}`),
      rule("http_method", "presence", ""),
      rule("http_response_code", "greater", String(100 + (i % 5) * 100)),
      rule("message", "regex", i % 2 === 0 ? "GET /[a-z]+" : "(error|refused|timeout)"),
      rule("application_name", "exact", i % 3 === 0 ? "nginx" : "sshd", i % 7 === 0),
    ],
    content_pack: null,
    matching_type: i % 4 === 0 ? "OR" : "AND",
    remove_matches_from_default_stream: false,
    index_set_id: null,
  };
}

interface Setup {
  db: Database;
  store: MessageStore;
}

async function open(withStreams: boolean): Promise<Setup> {
  const db = await Database.open({ path: ":memory:" });
  await migrate(db);
  const { identity } = await seedEntities(db, "bench");
  const store = await MessageStore.open(db, { nodeId: identity.nodeId });
  // Only the default stream routes in the reference: the seeded ones are paused.
  const streams = new EmbeddedStreamStore(db, store);
  for (const stream of await streams.all()) if (!stream.is_default) await streams.setDisabled(stream.id, true);
  if (withStreams) {
    for (let i = 0; i < STREAM_COUNT; i++) {
      const created = await streams.create(streamBody(i), "admin");
      await streams.setDisabled(created.id, false);
    }
  }
  return { db, store };
}

interface Run {
  routeMs: number;
  routeCpuMs: number;
  routed: number;
  ingestMs: number;
  ingestCpuMs: number;
}

/** Process CPU time (user and system, all threads) since `since`, in ms. */
const cpuMsSince = (since: ReturnType<typeof process.cpuUsage>) => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

async function measure(withStreams: boolean): Promise<Run> {
  const { db, store } = await open(withStreams);
  try {
    const router = new StreamRouter(store.streams());
    let started = performance.now();
    let cpu = process.cpuUsage();
    let routed = 0;
    for (const message of messages) routed += router.route(message).length;
    const routeMs = performance.now() - started;
    const routeCpuMs = cpuMsSince(cpu);
    started = performance.now();
    cpu = process.cpuUsage();
    await store.ingest(messages);
    const ingestMs = performance.now() - started;
    const ingestCpuMs = cpuMsSince(cpu);
    return { routeMs, routeCpuMs, routed, ingestMs, ingestCpuMs };
  } finally {
    db.close();
  }
}

const loadAtStart = Deno.loadavg().join(" ");
const without: Run[] = [];
const withRules: Run[] = [];
for (let run = 0; run < runs; run++) {
  // Alternate, so that a busier moment of the machine does not fall on one side only.
  without.push(await measure(false));
  withRules.push(await measure(true));
  console.log(`run ${run + 1}: no streams ${round(without[run].ingestMs)} ms, 50×5 rules ${round(withRules[run].ingestMs)} ms`);
}

const perMessageUs = (ms: number) => round((ms * 1000) / count, 2);
const rate = (ms: number) => Math.round(count / (ms / 1000)).toLocaleString("en-US");
const median = (samples: number[]) => summarize(samples).median;
const routeWithout = median(without.map((r) => r.routeMs));
const routeWith = median(withRules.map((r) => r.routeMs));
const ingestWithout = median(without.map((r) => r.ingestMs));
const ingestWith = median(withRules.map((r) => r.ingestMs));
const routeCpuWithout = median(without.map((r) => r.routeCpuMs));
const routeCpuWith = median(withRules.map((r) => r.routeCpuMs));
const ingestCpuWithout = median(without.map((r) => r.ingestCpuMs));
const ingestCpuWith = median(withRules.map((r) => r.ingestCpuMs));
const rows = [
  ["router alone: µs per message", String(perMessageUs(routeWithout)), String(perMessageUs(routeWith)), `${round(routeWith / routeWithout, 2)}×`],
  ["ingest: messages per second", rate(ingestWithout), rate(ingestWith), `${round((1 - ingestWithout / ingestWith) * 100, 1)} % slower`],
  ["ingest: µs per message", String(perMessageUs(ingestWithout)), String(perMessageUs(ingestWith)), `${round(ingestWith / ingestWithout, 2)}×`],
  ["router alone: CPU µs per message", String(perMessageUs(routeCpuWithout)), String(perMessageUs(routeCpuWith)), `+${round(perMessageUs(routeCpuWith) - perMessageUs(routeCpuWithout), 2)} µs`],
  [
    "ingest: CPU µs per message (all threads)",
    String(perMessageUs(ingestCpuWithout)),
    String(perMessageUs(ingestCpuWith)),
    `${round((1 - ingestCpuWithout / ingestCpuWith) * 100, 1)} % lower rate at full CPU`,
  ],
  ["stream assignments per message", String(round(without[0].routed / count, 2)), String(round(withRules[0].routed / count, 2)), ""],
];
console.table(rows);
if (!values.dry) {
  await writeResults(
    "Stream routing (issue 15 item 8)",
    ["measure", "default stream only", "50 streams × 5 rules", "ratio"],
    rows,
    `${count.toLocaleString("en-US")} generated demo messages, medians of ${runs} alternating runs in one process; ingest into a fresh in-memory database (MessageStore.ingest: the JS chain, routing and storing); wall time and process CPU time (all threads). Load average at the start ${loadAtStart}, at the end ${Deno.loadavg().join(" ")}. Aim: the ingest rate falls by at most 20 %.`,
  );
}
