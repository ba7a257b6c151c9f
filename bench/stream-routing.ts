/**
 * `deno run -A bench/stream-routing.ts [--count 200000] [--runs 3] [--dry]`: what stream routing costs per message
 * (issue 15 item 8) with 50 running streams of 5 rules each against no streams but the default one, in the same
 * run on the same messages, with two rule sets:
 * - broad: exact, contains, regex, greater, presence; AND and OR; about 9 streams per message, and
 * - selective, as real rules are: each stream takes one host number's messages of one application (AND of a
 *   source regex, an exact application name and three rules most messages pass); 1–2 streams per message.
 * Each is measured as:
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

const rule = (field: string, type: keyof typeof STREAM_RULE_TYPES, value: string, inverted = false) => ({
  field,
  type: STREAM_RULE_TYPES[type],
  value,
  inverted,
  description: "",
});

/** Stream i: five rules over fields the demo messages have, so some match and most are checked to the end. */
function broadStream(i: number): CreateStreamRequest {
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

/** The demo messages' applications: nginx on the web hosts, the services on the app hosts (fixtures/demo-messages.ts). */
const APPLICATIONS = ["nginx", "checkout", "inventory", "payments", "auth", "search", "notifications"];

/** Stream i: the messages of host number 1–6 from one application; streams 42–49 repeat some pairs. */
function selectiveStream(i: number): CreateStreamRequest {
  const host = 1 + (i % 6);
  return {
    title: `Bench stream ${i}`,
    description: null,
    rules: [
      rule("source", "regex", `^(web|app)-0${host}\\.`),
      rule("application_name", "exact", APPLICATIONS[Math.floor(i / 6) % APPLICATIONS.length]),
      rule("message", "presence", ""),
      rule("facility", "exact", "kernel", true),
      rule("source", "contains", "example.net"),
    ],
    content_pack: null,
    matching_type: "AND",
    remove_matches_from_default_stream: false,
    index_set_id: null,
  };
}

type RuleSet = "none" | "broad" | "selective";

const STREAM_BODIES: Record<Exclude<RuleSet, "none">, (i: number) => CreateStreamRequest> = {
  broad: broadStream,
  selective: selectiveStream,
};

interface Setup {
  db: Database;
  store: MessageStore;
}

async function open(rules: RuleSet): Promise<Setup> {
  const db = await Database.open({ path: ":memory:" });
  await migrate(db);
  const { identity } = await seedEntities(db, "bench");
  const store = await MessageStore.open(db, { nodeId: identity.nodeId });
  // Only the default stream routes in the reference: the seeded ones are paused.
  const streams = new EmbeddedStreamStore(db, store);
  for (const stream of await streams.all()) if (!stream.is_default) await streams.setDisabled(stream.id, true);
  if (rules !== "none") {
    for (let i = 0; i < STREAM_COUNT; i++) {
      const created = await streams.create(STREAM_BODIES[rules](i), "admin");
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

async function measure(rules: RuleSet): Promise<Run> {
  const { db, store } = await open(rules);
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
const RULE_SETS: RuleSet[] = ["none", "broad", "selective"];
const measured: Record<RuleSet, Run[]> = { none: [], broad: [], selective: [] };
for (let run = 0; run < runs; run++) {
  // Alternate, so that a busier moment of the machine does not fall on one side only.
  for (const rules of RULE_SETS) measured[rules].push(await measure(rules));
  console.log(`run ${run + 1}: ${RULE_SETS.map((rules) => `${rules} ${round(measured[rules][run].ingestMs)} ms`).join(", ")}`);
}

const perMessageUs = (ms: number) => round((ms * 1000) / count, 2);
const rate = (ms: number) => Math.round(count / (ms / 1000)).toLocaleString("en-US");
const median = (rules: RuleSet, of: (run: Run) => number) => summarize(measured[rules].map(of)).median;
const routeMs = (run: Run) => run.routeMs;
const ingestMs = (run: Run) => run.ingestMs;
const routeCpuMs = (run: Run) => run.routeCpuMs;
const ingestCpuMs = (run: Run) => run.ingestCpuMs;
const ratio = (rules: RuleSet, of: (run: Run) => number) => `${round(median(rules, of) / median("none", of), 2)}×`;
const slower = (rules: RuleSet) => `${round((1 - median("none", ingestMs) / median(rules, ingestMs)) * 100, 1)} % slower`;
const lowerAtFullCpu = (rules: RuleSet) =>
  `${round((1 - median("none", ingestCpuMs) / median(rules, ingestCpuMs)) * 100, 1)} % lower rate at full CPU`;
const addedCpu = (rules: RuleSet) => `+${round(perMessageUs(median(rules, routeCpuMs)) - perMessageUs(median("none", routeCpuMs)), 2)} µs`;
const perSet = (value: (rules: RuleSet) => string) => RULE_SETS.map(value);
const rows = [
  ["router alone: µs per message", ...perSet((rules) => String(perMessageUs(median(rules, routeMs)))), ratio("broad", routeMs), ratio("selective", routeMs)],
  ["ingest: messages per second", ...perSet((rules) => rate(median(rules, ingestMs))), slower("broad"), slower("selective")],
  ["ingest: µs per message", ...perSet((rules) => String(perMessageUs(median(rules, ingestMs)))), ratio("broad", ingestMs), ratio("selective", ingestMs)],
  ["router alone: CPU µs per message", ...perSet((rules) => String(perMessageUs(median(rules, routeCpuMs)))), addedCpu("broad"), addedCpu("selective")],
  [
    "ingest: CPU µs per message (all threads)",
    ...perSet((rules) => String(perMessageUs(median(rules, ingestCpuMs)))),
    lowerAtFullCpu("broad"),
    lowerAtFullCpu("selective"),
  ],
  ["stream assignments per message", ...perSet((rules) => String(round(measured[rules][0].routed / count, 2))), "", ""],
];
console.table(rows);
if (!values.dry) {
  await writeResults(
    "Stream routing (issue 15 item 8)",
    ["measure", "default stream only", "50 streams × 5 broad rules", "50 streams × 5 selective rules", "broad against default", "selective against default"],
    rows,
    `${count.toLocaleString("en-US")} generated demo messages, medians of ${runs} alternating runs in one process; ingest into a fresh in-memory database (MessageStore.ingest: the JS chain, routing and storing); wall time and process CPU time (all threads). Load average at the start ${loadAtStart}, at the end ${Deno.loadavg().join(" ")}. Aim: the ingest rate falls by at most 20 %.`,
  );
}
