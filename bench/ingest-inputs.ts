/**
 * Live ingest through the inputs (issue 16 item 8): GELF TCP and GELF HTTP sustained, and GELF UDP at a fixed rate,
 * each through the full chain (codec → static fields → extractors → stream rules → pipelines → index set → outputs →
 * store) of an in-process embedded backend, the shipper in a process of its own (bench/ingest-sender.ts). Messages
 * lost = sent − stored (found by `gl2_source_input`). Also the server's CPU per stored message (this process, all
 * threads, from the first message sent until the last stored, and until its terms are indexed too) and what that allows on 2 free cores, since wall-clock
 * rates on the shared machine follow the load. `--soak-seconds` runs GELF TCP at `--soak-rate` for that long and
 * samples the resident set every 10 s. Prints a table and writes bench/RESULTS.md ("Inputs: live ingest");
 * nothing asserted.
 *
 *   deno run -A bench/ingest-inputs.ts [--messages 200000] [--http-clients 128] [--udp-rate 20000] [--udp-seconds 60]
 *     [--transports tcp,http,udp] [--soak-seconds 600 --soak-rate 5000] [--dry]
 */
import process from "node:process";
import { parseArgs } from "node:util";
import { createApi } from "../api/app.ts";
import { openEmbeddedBackend } from "../mock-backend/embedded-backend.ts";
import { freeTcpPort, freeUdpPort } from "../tests/helpers/free-port.ts";
import { writeResults } from "./results.ts";

const { values: args } = parseArgs({
  args: Deno.args,
  options: {
    messages: { type: "string", default: "200000" },
    "udp-rate": { type: "string", default: "20000" },
    "udp-seconds": { type: "string", default: "60" },
    "http-clients": { type: "string", default: "128" },
    transports: { type: "string", default: "tcp,http,udp" },
    "soak-seconds": { type: "string", default: "0" },
    "soak-rate": { type: "string", default: "5000" },
    dry: { type: "boolean", default: false },
  },
});
const MESSAGES = Number(args.messages);
const UDP_RATE = Number(args["udp-rate"]);
const UDP_SECONDS = Number(args["udp-seconds"]);
const HTTP_CLIENTS = Number(args["http-clients"]);
const SOAK_SECONDS = Number(args["soak-seconds"]);
const SOAK_RATE = Number(args["soak-rate"]);
/** Which transports run (one alone, e.g. under a profiler). */
const TRANSPORTS = new Set(args.transports.split(","));
/** How long the stored count may stand still before the run counts the rest as lost. */
const STALL_MS = 30_000;
const PASSWORD = "bench";

// On disk, as a node runs: GELF HTTP acknowledges once a message is in its input's ingest journal beside the database.
const dataDir = await Deno.makeTempDir({ prefix: "sluice-bench-inputs-" });
const backend = await openEmbeddedBackend({ databasePath: `${dataDir}/sluice.duckdb`, adminPassword: PASSWORD, demoMessages: 0, demoRate: 0 });
const api = createApi({ backend, prefix: "" });
const auth = { Authorization: `Basic ${btoa(`admin:${PASSWORD}`)}`, "X-Requested-By": "bench" };

async function stored(inputId: string): Promise<number> {
  const answer = await api.request(`/search/universal/relative?query=gl2_source_input:${inputId}&range=86400&limit=1`, { headers: auth });
  return ((await answer.json()) as { total_results: number }).total_results;
}

/** Polls until `expected` are stored or nothing new was stored for STALL_MS; the time the last one was seen. */
async function waitStored(inputId: string, expected: number, sample?: () => void): Promise<{ count: number; at: number }> {
  let count = 0;
  let at = performance.now();
  while (count < expected) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    sample?.();
    const now = await stored(inputId);
    if (Deno.env.get("BENCH_VERBOSE")) console.log(`  stored ${now} of ${expected}`);
    if (now > count) {
      count = now;
      at = performance.now();
    } else if (performance.now() - at > STALL_MS) break;
  }
  return { count, at };
}

/** The receive buffer a UDP input asks for: the kernel's largest here (net.core.rmem_max), as operators raise it for high rates. */
const UDP_RECEIVE_BUFFER = Number((await Deno.readTextFile("/proc/sys/net/core/rmem_max").catch(() => "262144")).trim());

async function launch(type: string, port: number): Promise<string> {
  const configuration = { bind_address: "127.0.0.1", port, ...(type.includes("UDP") ? { recv_buffer_size: UDP_RECEIVE_BUFFER } : {}) };
  const input = await backend.inputs.create({ title: type, type, global: true, node: null, configuration }, "admin");
  return input.id;
}

/** Starts bench/ingest-sender.ts; resolves with what it printed once it is done. */
function send(transport: string, port: number, messages: number, options: { rate?: number; httpClients?: number } = {}) {
  const command = new Deno.Command(Deno.execPath(), {
    args: [
      "run", "-A", new URL("./ingest-sender.ts", import.meta.url).pathname, "--transport", transport, "--port", String(port),
      "--messages", String(messages), "--rate", String(options.rate ?? 0), "--http-clients", String(options.httpClients ?? HTTP_CLIENTS),
    ],
    stdout: "piped",
    stderr: "inherit",
  });
  return command.output().then((output) => ({
    ...(JSON.parse(new TextDecoder().decode(output.stdout).trim().split("\n").pop()!) as { sent: number; refused: number; seconds: number }),
    at: performance.now(),
  }));
}

/** This process's CPU time (all threads: JS, DuckDB, I/O) in ms. */
const cpuMs = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
};
const rssMiB = () => Math.round(Deno.memoryUsage().rss / 1048576);

const load = async () => (await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ");
const rows: string[][] = [];
const record = (
  name: string,
  sent: number,
  result: { count: number; at: number },
  started: number,
  sentAt: number,
  cpuAtStart: number,
  loadBefore: string,
) => {
  const seconds = (result.at - started) / 1000;
  const cpuPerMessage = (cpuAtStored - cpuAtStart) * 1000 / Math.max(1, result.count);
  const indexedCpuPerMessage = (cpuMs() - cpuAtStart) * 1000 / Math.max(1, result.count);
  const row = [
    name,
    sent.toLocaleString("en-US"),
    result.count.toLocaleString("en-US"),
    (sent - result.count).toLocaleString("en-US"),
    ((sent - result.count) / sent * 100).toFixed(3) + " %",
    ((sentAt - started) / 1000).toFixed(1),
    seconds.toFixed(1),
    Math.round(result.count / seconds).toLocaleString("en-US"),
    cpuPerMessage.toFixed(1),
    indexedCpuPerMessage.toFixed(1),
    Math.round(2e6 / indexedCpuPerMessage).toLocaleString("en-US"),
    `${loadBefore} → ${loadNow}`,
  ];
  rows.push(row);
  console.log(row.join(" | "));
};
let loadNow = "";
let cpuAtStored = 0;

/** One run: launch an input of `type`, send through `transport`, wait until stored, record. */
async function run(name: string, type: string, transport: string, messages: number, options: { rate?: number } = {}) {
  const port = transport === "udp" ? await freeUdpPort() : await freeTcpPort();
  const id = await launch(type, port);
  const loadBefore = await load();
  const started = performance.now();
  const cpuAtStart = cpuMs();
  const rss: number[] = [rssMiB()];
  let lastSample = performance.now();
  const sample = () => {
    if (performance.now() - lastSample < 10_000) return;
    lastSample = performance.now();
    rss.push(rssMiB());
  };
  const sampler = setInterval(sample, 1000);
  const sender = await send(transport, port, messages, options);
  const result = await waitStored(id, messages - sender.refused, sample);
  clearInterval(sampler);
  cpuAtStored = cpuMs();
  // Live rows are term-indexed in passes (ingest/term-indexing-pace.ts): its CPU is counted too, once caught up.
  await backend.messageStore.indexTerms();
  rss.push(rssMiB());
  loadNow = await load();
  record(`${name}${sender.refused ? `, ${sender.refused} refused` : ""}`, messages, result, started, sender.at, cpuAtStart, loadBefore);
  return rss;
}

const GELF = "org.graylog2.inputs.gelf";
if (TRANSPORTS.has("tcp")) await run("GELF TCP (1 connection)", `${GELF}.tcp.GELFTCPInput`, "tcp", MESSAGES);
if (TRANSPORTS.has("http")) await run(`GELF HTTP (${HTTP_CLIENTS} clients)`, `${GELF}.http.GELFHttpInput`, "http", MESSAGES);
if (TRANSPORTS.has("udp")) {
  await run(`GELF UDP at ${UDP_RATE.toLocaleString("en-US")}/s for ${UDP_SECONDS} s`, `${GELF}.udp.GELFUDPInput`, "udp", UDP_RATE * UDP_SECONDS, { rate: UDP_RATE });
}
if (SOAK_SECONDS > 0) {
  const rss = await run(
    `GELF TCP at ${SOAK_RATE.toLocaleString("en-US")}/s for ${SOAK_SECONDS} s`,
    `${GELF}.tcp.GELFTCPInput`,
    "tcp",
    SOAK_RATE * SOAK_SECONDS,
    { rate: SOAK_RATE },
  );
  console.log(`resident set (MiB, every 10 s): ${rss.join(" ")}`);
}

await backend.close();
await Deno.remove(dataDir, { recursive: true });
const header = [
  "input", "sent", "stored", "lost", "lost %", "send s", "stored by s", "stored msg/s", "server CPU µs/msg until stored",
  "server CPU µs/msg with terms indexed", "bound on 2 free cores msg/s",
  "load before → after (1/5/15 min)",
];
if (!args.dry) {
  await writeResults(
    "Inputs: live ingest (bench/ingest-inputs.ts)",
    header,
    rows,
    `In-process embedded backend on a database file (GELF HTTP acknowledges from its ingest journal), full ingest chain, the shipper in its own process (bench/ingest-sender.ts). Messages per run: ${MESSAGES.toLocaleString("en-US")} (TCP, HTTP). The machine is shared: read the load column before the rates.`,
  );
}
