/**
 * Responsiveness under search load (issue 24 item 6, issue 22 item 4): 200 concurrent `POST /api/views/search/sync`
 * (a messages search type, limit 50) by the admin, while the ping `GET /api/`, the session call
 * `GET /api/system/sessions`, the sign-in page (`/` without a session) and a reader's own search are probed every 100 ms. Run twice in
 * the same invocation: with the search queue as configured by default, and with it effectively off
 * (SLUICE_SEARCH_CONCURRENCY=1000) as the reference. Prints a table and writes bench/RESULTS.md.
 *
 * With `--export-data FILE` (a DuckDB file of generated messages, e.g. `messages-1000000.duckdb` kept by
 * `bench:search --data-dir`), a third run on a copy of it: every message exported as CSV (POST
 * /api/views/search/messages) and read to the end, while the ping and a small search (10 messages of the data's
 * last 5 minutes) are probed every 100 ms; aim ≤ 100 ms each.
 *
 * `--data-end` names the instant the data ends (default: bench:search's data, 2024-06-08T00:00Z); a server's demo
 * database (`SLUICE_DATA_DIR/sluice.duckdb`, its messages over the 7 days before its creation) needs its creation time.
 *
 *   deno task bench:load [--searches 200] [--port 25600] [--export-data FILE [--data-end ISO]]
 */
import { parseArgs } from "node:util";
import { DEFAULT_SEARCH_QUEUE } from "../api/search-queue.ts";
import { writeResults } from "./results.ts";
import { login, startServer } from "./server-process.ts";
import { round, summarize } from "./stats.ts";

const { values: flags } = parseArgs({
  args: Deno.args,
  options: {
    searches: { type: "string", default: "200" },
    port: { type: "string", default: "25600" },
    "export-data": { type: "string" },
    "data-end": { type: "string", default: "2024-06-08T00:00:00Z" },
  },
});
const SEARCHES = Number(flags.searches);
const LOAD_AT_START = Deno.loadavg();
const PROBE_EVERY_MS = 100;

const SEARCH = JSON.stringify({
  queries: [{ id: "q1", timerange: { type: "relative", from: 86_400 }, query: { type: "elasticsearch", query_string: "" }, search_types: [{ id: "m", type: "messages", limit: 50 }] }],
});

interface Timed {
  status: number;
  ms: number;
}

async function timed(url: string, init: RequestInit = {}): Promise<Timed> {
  const started = performance.now();
  const response = await fetch(url, init);
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

const search = (base: string, cookie: string) =>
  timed(`${base}/api/views/search/sync`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Requested-By": "bench", cookie },
    body: SEARCH,
  });

interface Run {
  label: string;
  searches: Timed[];
  probes: Partial<Record<"ping" | "session" | "login page" | "reader's search" | "small search", Timed[]>>;
  wallMs: number;
}

async function run(label: string, port: number, env: Record<string, string>): Promise<Run> {
  const server = await startServer({ PORT: String(port), SLUICE_DEMO_MESSAGES: "20000", ...env });
  try {
    const admin = await login(server.base, "admin", "admin");
    const reader = await login(server.base, "reader", "reader");
    for (let i = 0; i < 5; i++) await search(server.base, admin); // warm up
    const probes = { ping: [] as Timed[], session: [] as Timed[], "login page": [] as Timed[], "reader's search": [] as Timed[] };
    let loading = true;
    const probing = (async () => {
      while (loading) {
        const [ping, session, page] = await Promise.all([
          timed(`${server.base}/api/`),
          timed(`${server.base}/api/system/sessions`, { headers: { cookie: admin } }),
          timed(`${server.base}/`),
        ]);
        probes.ping.push(ping);
        probes.session.push(session);
        probes["login page"].push(page);
        await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
      }
    })();
    const readerProbing = (async () => {
      await new Promise((resolve) => setTimeout(resolve, 500));
      while (loading) probes["reader's search"].push(await search(server.base, reader));
    })();
    const started = performance.now();
    const searches = await Promise.all(Array.from({ length: SEARCHES }, () => search(server.base, admin)));
    const wallMs = performance.now() - started;
    loading = false;
    await Promise.all([probing, readerProbing]);
    return { label, searches, probes, wallMs };
  } finally {
    await server.stop();
  }
}

const port = Number(flags.port);
const queued = await run(
  `queue (concurrency ${DEFAULT_SEARCH_QUEUE.concurrency}, default)`,
  port,
  {},
);
const unqueued = await run("no queue (concurrency 1000, reference)", port + 1, { SLUICE_SEARCH_CONCURRENCY: "1000" });

/** The export data ends here and spans the 7 days before (bench:search's data by default). */
const DATA_END = Date.parse(flags["data-end"]);
if (Number.isNaN(DATA_END)) throw new Error(`--data-end must be an ISO date, not ${flags["data-end"]}`);

/** The export run: all messages streamed as CSV while the ping and a small search are probed. */
async function exportRun(port: number, dataFile: string): Promise<Run> {
  const dataDir = await Deno.makeTempDir({ prefix: "sluice-bench-export-" });
  await Deno.copyFile(dataFile, `${dataDir}/sluice.duckdb`);
  // A server's database may hold its last writes in the write-ahead log beside it: they are part of the data.
  await Deno.copyFile(`${dataFile}.wal`, `${dataDir}/sluice.duckdb.wal`).catch((error) => {
    if (!(error instanceof Deno.errors.NotFound)) throw error;
  });
  const server = await startServer({ PORT: String(port), SLUICE_DATA_DIR: dataDir, SLUICE_DEMO_MESSAGES: "0" });
  try {
    const admin = await login(server.base, "admin", "admin");
    const small = JSON.stringify({
      queries: [{
        id: "q1",
        timerange: { type: "absolute", from: new Date(DATA_END - 300_000).toISOString(), to: new Date(DATA_END).toISOString() },
        query: { type: "elasticsearch", query_string: "" },
        search_types: [{ id: "m", type: "messages", limit: 10 }],
      }],
    });
    const smallSearch = () =>
      timed(`${server.base}/api/views/search/sync`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Requested-By": "bench", cookie: admin },
        body: small,
      });
    for (let i = 0; i < 5; i++) await smallSearch(); // warm up
    const probes = { ping: [] as Timed[], "small search": [] as Timed[] };
    let exporting = true;
    const probing = (async () => {
      while (exporting) {
        const [ping, search] = await Promise.all([timed(`${server.base}/api/`), smallSearch()]);
        probes.ping.push(ping);
        probes["small search"].push(search);
        await new Promise((resolve) => setTimeout(resolve, PROBE_EVERY_MS));
      }
    })();
    const started = performance.now();
    const response = await fetch(`${server.base}/api/views/search/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Requested-By": "bench", cookie: admin },
      body: JSON.stringify({
        timerange: { type: "absolute", from: new Date(DATA_END - 7 * 86_400_000).toISOString(), to: new Date(DATA_END).toISOString() },
        fields_in_order: ["timestamp", "source", "message"],
      }),
    });
    let lines = 0;
    for await (const chunk of response.body!) for (const byte of chunk) if (byte === 10) lines++;
    const exported: Timed = { status: response.status, ms: performance.now() - started };
    exporting = false;
    await probing;
    return { label: `export of ${lines - 1} messages`, searches: [exported], probes, wallMs: exported.ms };
  } finally {
    await server.stop();
    await Deno.remove(dataDir, { recursive: true }).catch(() => {});
  }
}

const exported = flags["export-data"] ? await exportRun(port + 2, flags["export-data"]) : null;

const header = ["run", "what", "n", "ok", "503", "median ms", "p95 ms", "max ms"];
const rows: string[][] = [];
for (const result of [queued, unqueued, ...(exported ? [exported] : [])]) {
  const line = (what: string, samples: Timed[]) => {
    const ms = samples.map((sample) => sample.ms);
    const { median, p95 } = summarize(ms);
    rows.push([
      result.label,
      what,
      String(samples.length),
      String(samples.filter((sample) => sample.status < 400).length),
      String(samples.filter((sample) => sample.status === 503).length),
      String(round(median, 0)),
      String(round(p95, 0)),
      String(round(Math.max(...ms), 0)),
    ]);
  };
  line(
    result === exported
      ? "the CSV export, read to the end"
      : `${SEARCHES} concurrent searches (all done in ${round(result.wallMs / 1000, 1)} s)`,
    result.searches,
  );
  for (const [what, samples] of Object.entries(result.probes)) {
    line(`${what} during the ${result === exported ? "export" : "load"}`, samples ?? []);
  }
}
console.table(rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]]))));
await writeResults(
  "Search load (bench:load)",
  header,
  rows,
  `${SEARCHES} concurrent POST /api/views/search/sync (messages, limit 50, last day of 20,000 demo messages) by the admin; ` +
    `the ping, the session call and the sign-in page (\`/\` without a session) probed every ${PROBE_EVERY_MS} ms, and the reader's own searches one after another, ` +
    "while they run. Wall-clock figures on a shared machine: compare the two runs, not single numbers. " +
    `Load average at the start ${LOAD_AT_START.map((n) => round(n, 1)).join(" ")}, at the end ${Deno.loadavg().map((n) => round(n, 1)).join(" ")}.` +
    (exported
      ? ` Export run: a copy of ${flags["export-data"]!.split("/").pop()}, every message of its 7 days exported as CSV ` +
        `(POST /api/views/search/messages, timestamp, source, message) and read to the end while the ping and a small ` +
        `search (10 messages of the last 5 minutes of the data) are probed every ${PROBE_EVERY_MS} ms; aim ≤ 100 ms.`
      : ""),
);
