/**
 * `deno run -A bench/measure/lighthouse-search.ts [--runs 3] [--data-dir /tmp/bench-ssr-data] [--path /search]`:
 * Lighthouse (desktop and mobile presets) on the search page of an already built client (SLUICE_DIST_DIR,
 * default /tmp/dist-ssr), over a copy of the 1M-message database, printing medians of score, FCP, LCP, TBT, CLS
 * and Speed Index. Builds nothing; the URL is the one bench:search-page measures (the last day of the data as an
 * absolute range) unless `--path` names another page. `--presets mobile` runs one preset only; `--report-dir DIR`
 * keeps each run's JSON report there (`{preset}-{run}.json`). Run it from another copy of the tree to measure that
 * copy's server with its build (the server is that directory's `main.ts`).
 */
import { parseArgs } from "node:util";
import { type LighthouseResult, runLighthouse } from "../lighthouse.ts";
import { login, startServer } from "../server-process.ts";
import { round, summarize } from "../stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    runs: { type: "string" },
    "data-dir": { type: "string" },
    path: { type: "string" },
    presets: { type: "string" },
    "report-dir": { type: "string" },
  },
});
const RUNS = Number(values.runs ?? 3);
const DATA_DIR = values["data-dir"] ?? "/tmp/bench-ssr-data";
const PRESETS = (values.presets ?? "desktop,mobile").split(",").map((preset) => {
  if (preset !== "desktop" && preset !== "mobile") throw new Error(`--presets: unknown preset ${preset}`);
  return preset;
});
const REPORT_DIR = values["report-dir"];
const DIST_DIR = Deno.env.get("SLUICE_DIST_DIR") ?? "/tmp/dist-ssr";
/** Not bench:search-page's 19880 and outside the e2e range (19400 + offsets). */
const PORT = "19885";

async function newestTimestamp(base: string, cookie: string): Promise<string> {
  const response = await fetch(`${base}/api/views/search/sync`, {
    method: "POST",
    headers: { cookie, "Content-Type": "application/json", "X-Requested-By": "bench" },
    body: JSON.stringify({
      queries: [{
        id: "q",
        timerange: { type: "absolute", from: "2000-01-01T00:00:00.000Z", to: "2100-01-01T00:00:00.000Z" },
        query: { type: "elasticsearch", query_string: "" },
        search_types: [{ type: "messages", id: "m", limit: 1 }],
      }],
    }),
  });
  if (!response.ok) throw new Error(`sync search failed: ${response.status}`);
  const newest = (await response.json()).results.q.search_types.m.messages[0]?.message.timestamp;
  if (!newest) throw new Error("no messages stored");
  return newest;
}

const server = await startServer({ SLUICE_DIST_DIR: DIST_DIR, SLUICE_DATA_DIR: DATA_DIR, SLUICE_DEMO_MESSAGES: "0", PORT });
try {
  const cookie = await login(server.base, "admin", "admin");
  let url: string;
  if (values.path) url = `${server.base}${values.path}`;
  else {
    const end = Date.parse(await newestTimestamp(server.base, cookie)) + 1;
    const from = new Date(end - 86_400_000).toISOString();
    const to = new Date(end).toISOString();
    url = `${server.base}/search?rangetype=absolute&from=${encodeURIComponent(from)}&to=${encodeURIComponent(to)}`;
  }
  console.log(`Lighthouse on ${url}, ${RUNS} runs per preset`);
  // A warm-up load, so the first measured run does not pay for cold DuckDB pages.
  await (await fetch(url, { headers: { cookie } })).text();
  if (REPORT_DIR) await Deno.mkdir(REPORT_DIR, { recursive: true });
  for (const preset of PRESETS) {
    const results: LighthouseResult[] = [];
    for (let run = 0; run < RUNS; run++) {
      const result = await runLighthouse(url, cookie, preset, REPORT_DIR && `${REPORT_DIR}/${preset}-${run + 1}.json`);
      if (!result) {
        console.log(`${preset} run ${run + 1}: failed`);
        continue;
      }
      results.push(result);
      // The machine is shared: the load average beside each run says how far to trust it.
      const load = Deno.loadavg().map((value) => value.toFixed(2)).join(" ");
      console.log(
        `${preset} run ${run + 1} (load ${load}): score ${result.score}, FCP ${round(result.fcpMs)} ms, LCP ${round(result.lcpMs)} ms, ` +
          `TBT ${round(result.tbtMs)} ms, CLS ${round(result.cls, 3)}, SI ${round(result.speedIndexMs)} ms`,
      );
    }
    const median = (pick: (result: LighthouseResult) => number) => summarize(results.map(pick)).median;
    console.log(
      `${preset} median of ${results.length}: score ${median((r) => r.score)}, FCP ${round(median((r) => r.fcpMs))} ms, ` +
        `LCP ${round(median((r) => r.lcpMs))} ms, TBT ${round(median((r) => r.tbtMs))} ms, ` +
        `CLS ${round(median((r) => r.cls), 3)}, SI ${round(median((r) => r.speedIndexMs))} ms`,
    );
  }
} finally {
  await server.stop();
}
