/**
 * `deno run -A bench/dashboard-cpu.ts --base http://127.0.0.1:PORT --pid PID [--runs 5]`: the server's CPU time
 * (user + system, every thread, from /proc) per GET /dashboards/{id} of the 20-widget dashboard, beside the same
 * dashboard's one search job alone and beside the server idle for as long: the render's cost in CPU, which a loaded
 * machine does not distort as it does wall times (issue 14 item 8). Prints a table; nothing asserted or written.
 */
import { parseArgs } from "node:util";
import { dashboardSearch } from "../ui/dashboards/logic/dashboard-wire.ts";
import type { VisualizationType } from "../api/schemas/widget-kinds.ts";
import type { Widget } from "../api/schemas/widgets.ts";
import { manyWidgetsDashboardPages, overLastSeconds, saveDashboardView, VISUALIZATION_WIDGETS } from "./dashboard-views.ts";
import { login, postJson, processCpuMs } from "./server-process.ts";
import { round, summarize } from "./stats.ts";

const { values } = parseArgs({ args: Deno.args, options: { base: { type: "string" }, pid: { type: "string" }, runs: { type: "string" } } });
if (!values.base || !values.pid) throw new Error("--base http://127.0.0.1:PORT --pid PID of a running server");
const BASE = values.base;
const PID = Number(values.pid);
const RUNS = Number(values.runs ?? 5);

const cookie = await login(BASE, "admin", "admin");
const pages = manyWidgetsDashboardPages(20);
const viewId = await saveDashboardView(BASE, cookie, "Twenty widgets (CPU)", pages, 7 * 24 * 3600);

/** CPU ms and wall ms of one piece of work. */
async function measured(work: () => Promise<unknown>): Promise<{ cpu: number; wall: number }> {
  const cpu = await processCpuMs(PID);
  const started = performance.now();
  await work();
  return { cpu: (await processCpuMs(PID)) - cpu, wall: performance.now() - started };
}

const document = async () => await (await fetch(`${BASE}/dashboards/${viewId}`, { headers: { cookie } })).arrayBuffer();
const job = async () => {
  const stored = await postJson<{ id: string }>(BASE, cookie, "/api/views/search", dashboardSearch(overLastSeconds(pages, 7 * 24 * 3600), "UTC"));
  await postJson(BASE, cookie, `/api/views/search/${stored.id}/execute`, {});
};
await document(); // warm: the modules the render loads
const samples = { document: [] as { cpu: number; wall: number }[], job: [] as { cpu: number; wall: number }[], idle: [] as { cpu: number; wall: number }[] };
for (let run = 0; run < RUNS; run++) {
  samples.document.push(await measured(document));
  samples.job.push(await measured(job));
  const wall = samples.document.at(-1)!.wall;
  samples.idle.push(await measured(() => new Promise((resolve) => setTimeout(resolve, wall))));
}
const row = (measure: string, list: { cpu: number; wall: number }[]) => ({
  measure,
  "server CPU median": `${round(summarize(list.map((s) => s.cpu)).median)} ms`,
  "wall median": `${round(summarize(list.map((s) => s.wall)).median)} ms`,
});
console.table([
  row("GET /dashboards/{id} (20 widgets: job + render)", samples.document),
  row("the same job alone (POST /views/search + execute)", samples.job),
  row("the server idle as long as a document", samples.idle),
]);
// Each visualization type alone: 20 widgets of one type, which of them the render's CPU goes to.
const perType: { type: string; cpu: number }[] = [];
for (const type of (Deno.env.get("PER_TYPE") ? Object.keys(VISUALIZATION_WIDGETS) : []) as VisualizationType[]) {
  const many = manyWidgetsDashboardPages(20);
  const same = many.map((one) => ({
    ...one,
    widgets: { ...one.widgets, widgets: one.widgets.widgets.map((widget) => ({ ...widget, config: VISUALIZATION_WIDGETS[type].config }) as Widget) },
  }));
  const id = await saveDashboardView(BASE, cookie, `Twenty ${type} widgets (CPU)`, same, 7 * 24 * 3600);
  const get = async () => await (await fetch(`${BASE}/dashboards/${id}`, { headers: { cookie } })).arrayBuffer();
  await get();
  const cpus: number[] = [];
  for (let run = 0; run < Math.max(2, Math.floor(RUNS / 2)); run++) cpus.push((await measured(get)).cpu);
  perType.push({ type, cpu: summarize(cpus).median });
}
console.table(perType.map(({ type, cpu }) => ({ "20 widgets of": type, "server CPU median": `${round(cpu)} ms` })));
console.log(`load average ${Deno.loadavg().map((value) => value.toFixed(2)).join(" ")}`);
