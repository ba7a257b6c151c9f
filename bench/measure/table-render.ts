/**
 * `deno run -A bench/measure/table-render.ts DATADIR [swaps]`: the message table's own cost on a search answer
 * (issue 4 item 10), apart from the server and the rest of the page. Runs the search page's job for 'failed' and
 * 'refused' over the last day of a kept data dir, bundles bench/measure/table-render-page.tsx (the table alone in
 * Mantine) and, in Chromium, swaps the 150 rows between the two answers many times: median time to the rows
 * committed and to the frame after (style, layout and paint included), and the renderer's CPU time from a trace.
 * Run it from two checkouts to compare two versions of the table on the same machine minutes apart.
 */
import * as esbuild from "esbuild";
import { mkdirSync, writeFileSync } from "node:fs";
import type { ResultMessage, SearchJob } from "../../api/schemas/search.ts";
import { openEmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { launchBrowser } from "../../tests/e2e/browser.ts";
import { buildExecutionState, buildSearch, QUERY_ID } from "../../ui/view/search-request.ts";
import { defaultSearchView } from "../../ui/widgets/logic/default-search-view.ts";
import { MESSAGES_PAGE_SIZE, widgetSearchTypes } from "../../ui/view/widget-search-types.ts";
import { summarize } from "../stats.ts";

const [dataDir, swapsText = "40"] = Deno.args;
if (!dataDir) throw new Error("usage: table-render.ts DATADIR [swaps]");
const out = await Deno.makeTempDir({ prefix: "sluice-table-render-" });

// 1. Two real answers, as the page's job returns them.
const backend = await openEmbeddedBackend({
  databasePath: `${dataDir}/sluice.duckdb`,
  adminPassword: "admin",
  demoMessages: 0,
  demoRate: 0,
});
const answers: ResultMessage[][] = [];
try {
  const end = Math.max(...backend.messageStore.indices().map((index) => index.endMs ?? 0)) + 1;
  const timerange = {
    type: "absolute" as const,
    from: new Date(end - 86_400_000).toISOString(),
    to: new Date(end).toISOString(),
  };
  const { searchTypes } = widgetSearchTypes(defaultSearchView().widgets, {});
  const messagesId = searchTypes.find((type) => type.type === "messages")!.id;
  for (const query of ["failed", "refused"]) {
    const search = await backend.search.saveSearch(
      buildSearch([{ id: "default-query", search: { query, timerange, streams: [], timezone: "UTC" } as never, searchTypes }]),
      "admin",
    );
    const job: SearchJob = await backend.search.execute(
      search!,
      buildExecutionState({ [messagesId]: { limit: MESSAGES_PAGE_SIZE, offset: 0 } }),
      {
        owner: "admin",
        readableStreams: null,
      },
    );
    const result = job.results[QUERY_ID].search_types[messagesId];
    if (result.type !== "messages") throw new Error(`no messages for '${query}'`);
    answers.push(result.messages);
  }
} finally {
  await backend.close();
}

// 2. The page: the table alone, built like the client (minified, production React).
await esbuild.build({
  entryPoints: { page: new URL("./table-render-page.tsx", import.meta.url).pathname },
  bundle: true,
  // A classic script: Chromium loads no ES modules from file:// pages.
  format: "iife",
  platform: "browser",
  minify: Deno.env.get("MINIFY") !== "0",
  jsx: "automatic",
  outdir: out,
  define: { "process.env.NODE_ENV": '"production"' },
  logLevel: "warning",
});
mkdirSync(out, { recursive: true });
writeFileSync(
  `${out}/index.html`,
  `<!doctype html><html data-mantine-color-scheme="light"><head><meta charset="utf-8"><link rel="stylesheet" href="page.css"></head>` +
    `<body><div id="root"></div><script>window.__answers = ${
      JSON.stringify(answers).replace(/</g, "\\u003c")
    };</script>` +
    `<script src="page.js"></script></body></html>`,
);

// 3. Swaps in Chromium.
const browser = await launchBrowser();
try {
  const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
  page.on(
    "pageerror",
    (error) => console.error(`page error: ${error.message} ${error.stack?.slice(0, 600)}`),
  );
  await page.goto(`file://${out}/index.html`);
  await page.locator('[data-testid="message-row"]').first().waitFor();
  // An experiment: CSS added to the page (INJECT_CSS), to try a style change without editing the table.
  const injected = Deno.env.get("INJECT_CSS");
  if (injected) await page.addStyleTag({ content: injected });
  const swap = () =>
    page.evaluate(() => (globalThis as unknown as { __swap: () => Promise<[number, number]> }).__swap());
  for (let i = 0; i < 6; i++) await swap(); // warm-up: the JIT, Mantine's style caches
  const committed: number[] = [];
  const painted: number[] = [];
  await browser.startTracing(page, { categories: ["toplevel", "devtools.timeline"] });
  for (let i = 0; i < Number(swapsText); i++) {
    const [atCommit, atPaint] = await swap();
    committed.push(atCommit);
    painted.push(atPaint);
  }
  const trace = JSON.parse(new TextDecoder().decode(await browser.stopTracing())).traceEvents as {
    name: string;
    ph: string;
    pid: number;
    tid: number;
    tdur?: number;
    args?: { name?: string };
  }[];
  const main = new Set(
    trace.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map((
      e,
    ) => `${e.pid}:${e.tid}`),
  );
  const byName = new Map<string, number>();
  for (const e of trace) {
    if (e.ph !== "X" || !main.has(`${e.pid}:${e.tid}`)) continue;
    if (
      ![
        "UpdateLayoutTree",
        "Layout",
        "PrePaint",
        "Paint",
        "Layerize",
        "Commit",
        "FunctionCall",
        "MinorGC",
        "MajorGC",
      ].includes(e.name)
    ) continue;
    byName.set(e.name, (byName.get(e.name) ?? 0) + (e.tdur ?? 0) / 1000);
  }
  const cpu = trace.filter((e) =>
    e.ph === "X" && e.name === "ThreadControllerImpl::RunTask" && main.has(`${e.pid}:${e.tid}`)
  )
    .reduce((sum, e) => sum + (e.tdur ?? 0) / 1000, 0);
  const rows = await page.locator('[data-testid="message-row"]').count();
  const fmt = (values: number[]) =>
    `median ${summarize(values).median.toFixed(1)} ms, min ${Math.min(...values).toFixed(1)} ms`;
  console.log(
    `${rows} rows, ${committed.length} swaps between 'failed' and 'refused' (${
      answers.map((a) => a.length).join(" / ")
    } messages)`,
  );
  console.log(`  swap → rows committed: ${fmt(committed)}`);
  console.log(`  swap → painted:        ${fmt(painted)}`);
  console.log(`  renderer main-thread CPU per swap: ${(cpu / committed.length).toFixed(1)} ms`);
  console.log(
    `  of which: ${
      [...byName.entries()].sort((a, b) => b[1] - a[1]).map(([name, ms]) =>
        `${name} ${(ms / committed.length).toFixed(1)}`
      ).join(", ")
    } ms`,
  );
  console.log(`  load average ${Deno.loadavg().map((v) => v.toFixed(2)).join(" ")}`);
} finally {
  await browser.close();
  await Deno.remove(out, { recursive: true });
}
