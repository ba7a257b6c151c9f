/**
 * `deno run -A bench/dashboard-render.ts --base http://127.0.0.1:PORT [--runs 5]`: where the server render of a
 * dashboard of 20 widgets (issue 14 item 8) spends its time, against a running server (its admin/admin):
 * the whole document (GET /dashboards/{id}, which runs the dashboard's one search job and renders the page),
 * the job alone (POST /views/search/{id}/execute, its execution_stats), and each widget's search type on its own
 * as a job of one. The document minus the job is the render. Prints a table; nothing asserted, nothing written.
 */
import { parseArgs } from "node:util";
import type { DashboardPage } from "../ui/dashboards/logic/dashboard-pages.ts";
import { dashboardSearch } from "../ui/dashboards/logic/dashboard-wire.ts";
import { manyWidgetsDashboardPages, overLastSeconds, saveDashboardView } from "./dashboard-views.ts";
import { login, postJson } from "./server-process.ts";
import { round, summarize } from "./stats.ts";

const { values } = parseArgs({ args: Deno.args, options: { base: { type: "string" }, runs: { type: "string" } } });
if (!values.base) throw new Error("--base http://127.0.0.1:PORT of a running server");
const BASE = values.base;
const RUNS = Number(values.runs ?? 5);

interface ExecutedJob {
  execution: { done: boolean };
  results: Record<string, { execution_stats: { duration: number }; search_types: Record<string, unknown> }>;
}

const cookie = await login(BASE, "admin", "admin");
// Over the range the saved dashboard searches (the jobs timed alone are its own).
const many = overLastSeconds(manyWidgetsDashboardPages(20), 7 * 24 * 3600);
const viewId = await saveDashboardView(BASE, cookie, "Twenty widgets (render profile)", many);

const samples = { document: [] as number[], firstByte: [] as number[], job: [] as number[], engine: [] as number[] };
for (let run = 0; run < RUNS; run++) {
  const started = performance.now();
  const response = await fetch(`${BASE}/dashboards/${viewId}`, { headers: { cookie } });
  const reader = response.body!.getReader();
  let first = 0;
  while (true) {
    const { done } = await reader.read();
    if (!first) first = performance.now() - started;
    if (done) break;
  }
  samples.document.push(performance.now() - started);
  samples.firstByte.push(first);
  const jobStarted = performance.now();
  const job = await runJob(many);
  samples.job.push(performance.now() - jobStarted);
  samples.engine.push(Object.values(job.results)[0].execution_stats.duration);
}

const perWidget: { widget: string; ms: number }[] = [];
for (const widget of many[0].widgets.widgets) {
  const single: DashboardPage[] = [{ ...many[0], widgets: { ...many[0].widgets, widgets: [widget] } }];
  const job = await runJob(single);
  perWidget.push({ widget: `${widget.id} (${widget.type === "aggregation" ? widget.config.visualization : widget.type})`, ms: Object.values(job.results)[0].execution_stats.duration });
}

const line = (label: string, values: number[]) => ({ measure: label, median: `${round(summarize(values).median)} ms`, p95: `${round(summarize(values).p95)} ms` });
console.table([
  line("GET /dashboards/{id}: the whole document", samples.document),
  line("  … its first byte", samples.firstByte),
  line("the job over HTTP (stored search executed)", samples.job),
  line("  … the engine's execution_stats.duration", samples.engine),
]);
console.table(perWidget.map(({ widget, ms }) => ({ widget, "engine ms, alone": ms })));
console.log(`sum of the widgets alone: ${perWidget.reduce((sum, { ms }) => sum + ms, 0)} ms; load average ${Deno.loadavg().map((v) => v.toFixed(2)).join(" ")}`);

async function runJob(pages: readonly DashboardPage[]): Promise<ExecutedJob> {
  const stored = await postJson<{ id: string }>(BASE, cookie, "/api/views/search", dashboardSearch(pages, "UTC"));
  const job = await postJson<ExecutedJob & { id: string }>(BASE, cookie, `/api/views/search/${stored.id}/execute`, {});
  if (job.execution.done) return job;
  while (true) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const status = await (await fetch(`${BASE}/api/views/search/status/${job.id}`, { headers: { cookie } })).json() as ExecutedJob;
    if (status.execution.done) return status;
  }
}
