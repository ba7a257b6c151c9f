/**
 * `deno task bench:dashboard [--messages 1000000] [--runs 10] [--refreshes 100] [--port 19885]`: a dashboard of 20 widgets (issue 14
 * item 8), each figure beside a reference measured in the same run:
 * - the API: the 20 widgets as one search job (POST /views/search, then execute) beside one widget as one job and
 *   beside the 20 widgets as 20 jobs of one widget;
 * - Chromium: navigation to all 20 widgets drawn (each widget's visualization in the DOM with its data), beside the
 *   same for a dashboard of one widget; and how many search jobs the browser ran (none: the server render runs the one job);
 * - the wall display refreshing every second: the JS heap after garbage collection at the 10th refresh and at the
 *   last, beside each other (flat is the aim).
 * Uses the built client in dist/ (`deno task build`). Prints tables and writes bench/RESULTS.md; nothing asserted.
 */
import { parseArgs } from "node:util";
import type { Page } from "playwright-core";
import { launchBrowser } from "../tests/e2e/browser.ts";
import { PAGE_HYDRATED_ATTRIBUTE } from "../ui/shell/PageHydratedMark.tsx";
import type { VisualizationType } from "../api/schemas/widget-kinds.ts";
import { dashboardSearch } from "../ui/dashboards/logic/dashboard-wire.ts";
import type { DashboardPage } from "../ui/dashboards/logic/dashboard-pages.ts";
import { DRAWN_TEST_IDS, manyWidgetsDashboardPages, overLastSeconds, saveDashboardView } from "./dashboard-views.ts";
import { writeResults } from "./results.ts";
import { login, postJson, startServer } from "./server-process.ts";
import { round, summarize } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { messages: { type: "string" }, runs: { type: "string" }, refreshes: { type: "string" }, port: { type: "string" } },
});
const MESSAGES = Number(values.messages ?? 1_000_000);
const RUNS = Number(values.runs ?? 10);
const REFRESHES = Number(values.refreshes ?? 100);
const WIDGETS = 20;
const PORT = values.port ?? "19885"; // outside the e2e range by default
const loadAverage = () => Deno.loadavg().map((value) => value.toFixed(2)).join(" ");
const RANGE_SECONDS = 7 * 24 * 3600;

const loadAtStart = loadAverage();
console.log(`Generating ${MESSAGES.toLocaleString("en")} messages…`);
const server = await startServer({ PORT, SLUICE_DEMO_MESSAGES: String(MESSAGES), SLUICE_ADMIN_PASSWORD: "admin" });
const browser = await launchBrowser();
try {
  const cookie = await login(server.base, "admin", "admin");
  // Over the range the saved dashboards search (the jobs timed over the API are theirs).
  const many = overLastSeconds(manyWidgetsDashboardPages(WIDGETS), RANGE_SECONDS);
  const one = overLastSeconds(manyWidgetsDashboardPages(1), RANGE_SECONDS);
  const manyId = await saveDashboardView(server.base, cookie, "Twenty widgets", many, RANGE_SECONDS);
  const oneId = await saveDashboardView(server.base, cookie, "One widget", one, RANGE_SECONDS);

  // The API: one job of 20, one job of 1, 20 jobs of 1.
  const singles = many[0].widgets.widgets.map((widget): DashboardPage[] => [{
    ...many[0],
    widgets: { ...many[0].widgets, widgets: [widget] },
  }]);
  const api = { twenty: [] as number[], one: [] as number[], separate: [] as number[] };
  for (let run = 0; run < RUNS; run++) {
    api.twenty.push(await timed(() => runJob(server.base, cookie, many)));
    api.one.push(await timed(() => runJob(server.base, cookie, one)));
    api.separate.push(await timed(async () => {
      for (const single of singles) await runJob(server.base, cookie, single);
    }));
  }

  // Chromium: navigation to every widget drawn.
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name, value, url: server.base }]);
  const page = await context.newPage();
  const types = (widgets: DashboardPage[]) =>
    widgets[0].widgets.widgets.flatMap((widget): VisualizationType[] => widget.type === "aggregation" ? [widget.config.visualization] : []);
  const browserRuns = { twenty: [] as number[], one: [] as number[], jobs: [] as number[], firstByte: [] as number[], markup: [] as number[] };
  await page.goto(`${server.base}/dashboards/${oneId}`); // warms the browser's cache of the client
  await waitDrawn(page, types(one));
  for (let run = 0; run < RUNS; run++) {
    const jobs = countJobs(page);
    await page.goto(`${server.base}/dashboards/${manyId}`, { waitUntil: "commit" });
    browserRuns.markup.push(await waitDrawn(page, types(many), false));
    browserRuns.twenty.push(await waitDrawn(page, types(many)));
    browserRuns.firstByte.push(await firstByte(page));
    // Hydrated: the page's own job would have started by now, had the server not run it.
    await page.waitForLoadState("networkidle");
    browserRuns.jobs.push(jobs.stop());
    await page.goto(`${server.base}/dashboards/${oneId}`, { waitUntil: "commit" });
    browserRuns.one.push(await waitDrawn(page, types(one)));
  }

  // The wall display's heap over the refreshes.
  const cdp = await context.newCDPSession(page);
  const heapAfterGc = async () => {
    await cdp.send("HeapProfiler.collectGarbage");
    return (await cdp.send("Runtime.getHeapUsage")).usedSize / 1024 / 1024;
  };
  let executed = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/execute")) executed++;
  });
  await page.goto(`${server.base}/dashboards/tv/${manyId}?refresh=1&interval=3600`);
  await waitDrawn(page, types(many));
  const heap: { refresh: number; mb: number }[] = [];
  const startedAt = Date.now();
  for (const mark of [10, REFRESHES]) {
    while (executed < mark) await page.waitForTimeout(200);
    heap.push({ refresh: executed, mb: await heapAfterGc() });
  }
  const refreshSeconds = (Date.now() - startedAt) / 1000;
  await context.close();

  const row = (label: string, samples: number[], reference: number[] | null): string[] => {
    const { median, p95 } = summarize(samples);
    const ratio = reference ? `${round(median / summarize(reference).median, 2)}×` : "reference";
    return [label, `${round(median)} ms`, `${round(p95)} ms`, ratio];
  };
  const header = ["measure", "median", "p95", "ratio to the reference"];
  const rows = [
    row("API: 20 widgets as one search job", api.twenty, api.one),
    row("API: 1 widget as one search job (reference)", api.one, null),
    row("API: the 20 widgets as 20 jobs of one", api.separate, api.twenty),
    row("Chromium: navigation → 20 widgets drawn, hydrated (pies and heatmap painted)", browserRuns.twenty, browserRuns.one),
    row("  … 20 widgets in the server's markup", browserRuns.markup, browserRuns.twenty),
    row("  … the server's first byte (the job runs on the server: SSR)", browserRuns.firstByte, browserRuns.twenty),
    row("Chromium: navigation → 1 widget drawn, hydrated (reference)", browserRuns.one, null),
    [
      "search jobs the browser runs per navigation to the 20-widget dashboard (the server runs its one job)",
      String(summarize(browserRuns.jobs).median),
      String(Math.max(...browserRuns.jobs)),
      "none is the aim (the server's job is hydrated)",
    ],
    [
      `wall display JS heap after GC, refresh ${heap[0].refresh} → ${heap[1].refresh} (${round(refreshSeconds)} s)`,
      `${round(heap[0].mb, 2)} MB → ${round(heap[1].mb, 2)} MB`,
      "",
      `${round(heap[1].mb / heap[0].mb, 2)}× (flat is 1×)`,
    ],
  ];
  console.table(rows.map((cells) => Object.fromEntries(header.map((title, i) => [title, cells[i]]))));
  await writeResults(
    "Dashboard of 20 widgets (bench:dashboard)",
    header,
    rows,
    `${MESSAGES.toLocaleString("en")} messages over 7 days, the widgets over the whole range (the nine visualization types in turn), ${RUNS} runs, ` +
      `Chromium 1600×1000; the dashboard is server-rendered with its job's results (routes/dashboard-prefetch.ts), the clock runs from the navigation's start to every widget's visualization in the DOM (the server's markup) and to the page hydrated with its pies and heatmap painted; ` +
      `load average at the start ${loadAtStart}, at the end ${loadAverage()} (a shared machine: read the ratios, not the times).`,
  );
} finally {
  await browser.close();
  await server.stop();
}

/** One search job as the dashboard runs it: the search stored, then executed, until done. */
async function runJob(base: string, cookie: string, pages: readonly DashboardPage[]): Promise<void> {
  const stored = await postJson<{ id: string }>(base, cookie, "/api/views/search", dashboardSearch(pages, "UTC"));
  let job = await postJson<{ id: string; execution: { done: boolean } }>(base, cookie, `/api/views/search/${stored.id}/execute`, {});
  while (!job.execution.done) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    const status = await fetch(`${base}/api/views/search/status/${job.id}`, { headers: { cookie } });
    job = await status.json();
  }
}

async function timed(action: () => Promise<void>): Promise<number> {
  const start = performance.now();
  await action();
  return performance.now() - start;
}

/**
 * Resolves with the page's time since navigation when every widget shows its visualization: in the DOM (the server's
 * markup), or — `hydrated` — drawn for good, the page hydrated (a canvas heatmap and recharts' pie sectors are
 * painted in the browser only) and each pie showing its sectors.
 */
async function waitDrawn(page: Page, types: readonly VisualizationType[], hydrated = true): Promise<number> {
  const ids = types.map((type) => DRAWN_TEST_IDS[type]);
  const handle = await page.waitForFunction(({ expected, hydrated, hydratedAttribute }) => {
    const cells = [...document.querySelectorAll("[data-widget-id]")];
    if (cells.length !== expected.length) return false;
    const drawn = cells.every((cell, i) => cell.querySelector(`[data-testid="${expected[i]}"]`) !== null);
    if (!drawn) return false;
    if (!hydrated) return performance.now();
    if (!document.documentElement.hasAttribute(hydratedAttribute)) return false;
    const piesPainted = [...document.querySelectorAll('[data-testid="pie"]')].every((pie) => pie.querySelector(".recharts-pie-sector") !== null);
    return piesPainted ? performance.now() : false;
  }, { expected: ids, hydrated, hydratedAttribute: PAGE_HYDRATED_ATTRIBUTE }, { polling: "raf", timeout: 120_000 });
  return await handle.jsonValue() as number;
}

/** The navigation's first byte, in ms since its start. */
async function firstByte(page: Page): Promise<number> {
  return await page.evaluate(() => (performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming).responseStart);
}

/** Counts the search jobs (execute calls) the page runs until `stop()`. */
function countJobs(page: Page): { stop(): number } {
  let count = 0;
  const listener = (request: { method(): string; url(): string }) => {
    if (request.method() === "POST" && request.url().endsWith("/execute")) count++;
  };
  page.on("request", listener);
  return {
    stop() {
      page.off("request", listener);
      return count;
    },
  };
}
