/**
 * Responsiveness under search load (issue 24 item 6, issue 22 item 4): 200 concurrent `POST /api/views/search/sync`
 * (a messages search type, limit 50) by the admin, while the ping `GET /api/`, the session call
 * `GET /api/system/sessions`, the sign-in page (`/` without a session) and a reader's own search are probed every 100 ms. Run twice in
 * the same invocation: with the search queue as configured by default, and with it effectively off
 * (SLUICE_SEARCH_CONCURRENCY=1000) as the reference. Prints a table and writes bench/RESULTS.md.
 *
 *   deno task bench:load [--searches 200] [--port 25600]
 */
import { parseArgs } from "node:util";
import { DEFAULT_SEARCH_QUEUE } from "../api/search-queue.ts";
import { writeResults } from "./results.ts";
import { login, startServer } from "./server-process.ts";
import { round, summarize } from "./stats.ts";

const { values: flags } = parseArgs({
  args: Deno.args,
  options: { searches: { type: "string", default: "200" }, port: { type: "string", default: "25600" } },
});
const SEARCHES = Number(flags.searches);
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
  probes: Record<"ping" | "session" | "login page" | "reader's search", Timed[]>;
  wallMs: number;
}

async function run(label: string, port: number, env: Record<string, string>): Promise<Run> {
  const server = await startServer({ PORT: String(port), SLUICE_DEMO_MESSAGES: "20000", ...env });
  try {
    const admin = await login(server.base, "admin", "admin");
    const reader = await login(server.base, "reader", "reader");
    for (let i = 0; i < 5; i++) await search(server.base, admin); // warm up
    const probes: Run["probes"] = { ping: [], session: [], "login page": [], "reader's search": [] };
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

const header = ["run", "what", "n", "ok", "503", "median ms", "p95 ms", "max ms"];
const rows: string[][] = [];
for (const result of [queued, unqueued]) {
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
  line(`${SEARCHES} concurrent searches (all done in ${round(result.wallMs / 1000, 1)} s)`, result.searches);
  for (const [what, samples] of Object.entries(result.probes)) line(`${what} during the load`, samples);
}
console.table(rows.map((row) => Object.fromEntries(header.map((name, i) => [name, row[i]]))));
await writeResults(
  "Search load (bench:load)",
  header,
  rows,
  `${SEARCHES} concurrent POST /api/views/search/sync (messages, limit 50, last day of 20,000 demo messages) by the admin; ` +
    `the ping, the session call and the sign-in page (\`/\` without a session) probed every ${PROBE_EVERY_MS} ms, and the reader's own searches one after another, ` +
    "while they run. Wall-clock figures on a shared machine: compare the two runs, not single numbers.",
);
