/**
 * Live ingest through the inputs (issue 16 item 8): GELF TCP and GELF HTTP sustained, and GELF UDP at a fixed rate,
 * each through the full chain (codec → static fields → extractors → stream rules → pipelines → index set → outputs →
 * store) of an in-process embedded backend. Messages lost = sent − stored (found by `gl2_source_input`). Prints a
 * table and writes bench/RESULTS.md ("Inputs: live ingest"); nothing asserted.
 *
 *   deno run -A bench/ingest-inputs.ts [--messages 200000] [--http-clients 128] [--udp-rate 20000] [--udp-seconds 60]
 *     [--transports tcp,http,udp] [--dry]
 */
import { createSocket } from "node:dgram";
import { connect } from "node:net";
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
    dry: { type: "boolean", default: false },
  },
});
const MESSAGES = Number(args.messages);
const UDP_RATE = Number(args["udp-rate"]);
const UDP_SECONDS = Number(args["udp-seconds"]);
const HTTP_CLIENTS = Number(args["http-clients"]);
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
async function waitStored(inputId: string, expected: number): Promise<{ count: number; at: number }> {
  let count = 0;
  let at = performance.now();
  while (count < expected) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const now = await stored(inputId);
    if (Deno.env.get("BENCH_VERBOSE")) console.log(`  stored ${now} of ${expected}`);
    if (now > count) {
      count = now;
      at = performance.now();
    } else if (performance.now() - at > STALL_MS) break;
  }
  return { count, at };
}

async function launch(type: string, port: number): Promise<string> {
  const input = await backend.inputs.create({ title: type, type, global: true, node: null, configuration: { bind_address: "127.0.0.1", port } }, "admin");
  return input.id;
}

const document = (i: number) =>
  JSON.stringify({ version: "1.1", host: `web-${i % 20}`, short_message: `GET /api/orders/${i} 200 ${i % 997}ms`, level: 6, _status: 200, _bytes: i % 5000 });

const load = async () => (await Deno.readTextFile("/proc/loadavg")).split(" ").slice(0, 3).join(" ");
const rows: string[][] = [];
const record = (name: string, sent: number, result: { count: number; at: number }, started: number, sentAt: number, loadBefore: string) => {
  const seconds = (result.at - started) / 1000;
  const row = [
    name,
    sent.toLocaleString("en-US"),
    result.count.toLocaleString("en-US"),
    (sent - result.count).toLocaleString("en-US"),
    ((sent - result.count) / sent * 100).toFixed(3) + " %",
    ((sentAt - started) / 1000).toFixed(1),
    seconds.toFixed(1),
    Math.round(result.count / seconds).toLocaleString("en-US"),
    loadBefore,
  ];
  rows.push(row);
  console.log(row.join(" | "));
};

// GELF TCP: one connection, NUL-terminated frames, writes wait while the socket's buffer is full (back-pressure).
if (TRANSPORTS.has("tcp")) {
  const port = await freeTcpPort();
  const id = await launch("org.graylog2.inputs.gelf.tcp.GELFTCPInput", port);
  const loadBefore = await load();
  const started = performance.now();
  const socket = connect({ host: "127.0.0.1", port });
  await new Promise((resolve) => socket.once("connect", resolve));
  for (let i = 0; i < MESSAGES; i++) {
    if (!socket.write(`${document(i)}\0`)) await new Promise((resolve) => socket.once("drain", resolve));
  }
  await new Promise<void>((resolve) => socket.end(resolve));
  const sentAt = performance.now();
  record("GELF TCP (1 connection)", MESSAGES, await waitStored(id, MESSAGES), started, sentAt, loadBefore);
}

// GELF HTTP: keep-alive clients POSTing one message each, as HTTP shippers do (each 202 is an acknowledgement, sent
// once the message is synced to the input's ingest journal; many clients' messages share one sync).
if (TRANSPORTS.has("http")) {
  const port = await freeTcpPort();
  const id = await launch("org.graylog2.inputs.gelf.http.GELFHttpInput", port);
  const loadBefore = await load();
  const started = performance.now();
  let next = 0;
  let refused = 0;
  const client = async () => {
    while (next < MESSAGES) {
      const i = next++;
      const answer = await fetch(`http://127.0.0.1:${port}/gelf`, { method: "POST", body: document(i) });
      if (answer.status !== 202) refused++;
      await answer.body?.cancel();
    }
  };
  await Promise.all(Array.from({ length: HTTP_CLIENTS }, client));
  const sentAt = performance.now();
  record(`GELF HTTP (${HTTP_CLIENTS} clients${refused ? `, ${refused} refused` : ""})`, MESSAGES, await waitStored(id, MESSAGES - refused), started, sentAt, loadBefore);
}

// GELF UDP at a fixed rate: datagrams sent in 10 ms slices.
if (TRANSPORTS.has("udp")) {
  const port = await freeUdpPort();
  const id = await launch("org.graylog2.inputs.gelf.udp.GELFUDPInput", port);
  const socket = createSocket("udp4");
  const loadBefore = await load();
  const started = performance.now();
  const total = UDP_RATE * UDP_SECONDS;
  let sent = 0;
  while (sent < total) {
    const due = Math.min(total, Math.floor(((performance.now() - started) / 1000) * UDP_RATE));
    while (sent < due) {
      const i = sent++;
      socket.send(document(i), port, "127.0.0.1");
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const sentAt = performance.now();
  await new Promise((resolve) => setTimeout(resolve, 500));
  socket.close();
  record(`GELF UDP at ${UDP_RATE.toLocaleString("en-US")}/s for ${UDP_SECONDS} s`, total, await waitStored(id, total), started, sentAt, loadBefore);
}

await backend.close();
await Deno.remove(dataDir, { recursive: true });
const header = ["input", "sent", "stored", "lost", "lost %", "send s", "stored by s", "stored msg/s", "load before (1/5/15 min)"];
if (!args.dry) {
  await writeResults(
    "Inputs: live ingest (bench/ingest-inputs.ts)",
    header,
    rows,
    `In-process embedded backend on a database file (GELF HTTP acknowledges from its ingest journal), full ingest chain, loopback clients in the same process. Messages per run: ${MESSAGES.toLocaleString("en-US")} (TCP, HTTP). The machine is shared: read the load column before the rates.`,
  );
}
