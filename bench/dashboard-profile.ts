/**
 * `deno run -A bench/dashboard-profile.ts --base http://127.0.0.1:PORT [--inspector ws://…] [--runs 3]`: where the
 * time of opening a dashboard of 20 widgets goes (issue 14 item 8), against a running server (its admin/admin):
 * - the server: V8's sampling profiler over the server's inspector (`--inspect`, the ws URL it logged) while it
 *   answers GET /dashboards/{id}, self time by npm package or file of ours;
 * - Chromium: the main thread's profile from navigation to the page hydrated with every widget drawn, self time
 *   by package or file through the client's source maps (dist/), and the longest task.
 * Prints tables; nothing asserted, nothing written.
 */
import { parseArgs } from "node:util";
import type { Page } from "playwright-core";
import { launchBrowser } from "../tests/e2e/browser.ts";
import { PAGE_HYDRATED_ATTRIBUTE } from "../ui/shell/PageHydratedMark.tsx";
import { moduleGroup } from "./bundle-breakdown.ts";
import { profileSelfTime } from "./cpu-profile.ts";
import { DRAWN_TEST_IDS, manyWidgetsDashboardPages, saveDashboardView } from "./dashboard-views.ts";
import { traceLongestTask } from "./main-thread-trace.ts";
import { login } from "./server-process.ts";
import { round } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { base: { type: "string" }, inspector: { type: "string" }, runs: { type: "string" } },
});
if (!values.base) throw new Error("--base http://127.0.0.1:PORT of a running server");
const BASE = values.base;
const RUNS = Number(values.runs ?? 3);
const DOCUMENTS_PER_PROFILE = Number(Deno.env.get("DOCUMENTS_PER_PROFILE") ?? 1);
const DIST_DIR = Deno.env.get("SLUICE_DIST_DIR") ?? "dist";

const cookie = await login(BASE, "admin", "admin");
const pages = manyWidgetsDashboardPages(20);
const viewId = await saveDashboardView(BASE, cookie, "Twenty widgets (profile)", pages, 7 * 24 * 3600);
const url = `${BASE}/dashboards/${viewId}`;

if (values.inspector) {
  const inspector = await connectInspector(values.inspector);
  await inspector.send("Profiler.enable");
  await inspector.send("Profiler.setSamplingInterval", { interval: 500 });
  for (let run = 0; run < RUNS; run++) {
    await inspector.send("Profiler.start");
    const started = performance.now();
    let bytes = 0;
    for (let i = 0; i < DOCUMENTS_PER_PROFILE; i++) bytes = (await (await fetch(url, { headers: { cookie } })).arrayBuffer()).byteLength;
    const wall = performance.now() - started;
    const { profile } = await inspector.send("Profiler.stop") as { profile: V8Profile };
    const { busy, groups, functions } = selfTimes(profile);
    if (Deno.env.get("PROFILE_OUT")) await Deno.writeTextFile(Deno.env.get("PROFILE_OUT")!, JSON.stringify(profile));
    console.log(`server run ${run + 1}: ${DOCUMENTS_PER_PROFILE} documents ${round(wall)} ms wall, ${Math.round(bytes / 1024)} KB, ${round(busy)} ms busy CPU`);
    console.table(groups.slice(0, 15).map(([name, ms]) => ({ group: name, ms: round(ms), share: `${round((100 * ms) / busy, 1)} %` })));
    console.table(functions.slice(0, 40).map(([name, ms]) => ({ function: name, ms: round(ms) })));
    console.table(inclusiveTimes(profile).slice(0, 25).map(([name, ms]) => ({ "function of ours (inclusive)": name, ms: round(ms) })));
  }
  inspector.close();
}

if (Deno.env.get("SERVER_ONLY")) Deno.exit(0);
const browser = await launchBrowser();
try {
  const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name, value, url: BASE }]);
  const page = await context.newPage();
  await page.goto(url);
  await waitHydrated(page);
  for (let run = 0; run < RUNS; run++) {
    const { value: { busyMs, top, value: drawnAt }, longestMs } = await traceLongestTask(browser, page, () =>
      profileSelfTime(page, DIST_DIR, async () => {
        await page.goto(url, { waitUntil: "commit" });
        return await waitHydrated(page);
      }));
    const timing = await page.evaluate(() => {
      const navigation = performance.getEntriesByType("navigation")[0] as PerformanceNavigationTiming;
      return {
        firstByte: navigation.responseStart,
        lastByte: navigation.responseEnd,
        domContentLoaded: navigation.domContentLoadedEventEnd,
        elements: document.querySelectorAll("*").length,
      };
    });
    console.log(
      `browser run ${run + 1}: first byte ${round(timing.firstByte)} ms, last byte ${round(timing.lastByte)} ms, DOMContentLoaded ${round(timing.domContentLoaded)} ms, ` +
        `drawn and hydrated at ${round(drawnAt)} ms (${timing.elements} elements), ${round(busyMs)} ms busy, longest task ${round(longestMs)} ms`,
    );
    console.table(top.slice(0, 20).map((entry) => ({ group: entry.name, ms: round(entry.ms), share: `${round(100 * entry.share, 1)} %` })));
  }
  console.log("the main thread's trace events, last run (ms summed per name; nested events count in each)");
  console.table(await mainThreadEvents(page, url));
  await context.close();
} finally {
  await browser.close();
}

async function waitHydrated(page: Page): Promise<number> {
  const ids = pages[0].widgets.widgets.map((widget) => widget.type === "aggregation" ? DRAWN_TEST_IDS[widget.config.visualization] : "");
  const handle = await page.waitForFunction(({ ids, attribute }) => {
    const cells = [...document.querySelectorAll("[data-widget-id]")];
    const drawn = cells.length === ids.length && cells.every((cell, i) => cell.querySelector(`[data-testid="${ids[i]}"]`) !== null);
    return drawn && document.documentElement.hasAttribute(attribute) ? performance.now() : false;
  }, { ids, attribute: PAGE_HYDRATED_ATTRIBUTE }, { polling: "raf", timeout: 180_000 });
  return await handle.jsonValue() as number;
}

/** The renderer main thread's trace events from navigation to hydrated, summed per name, largest first. */
async function mainThreadEvents(page: Page, url: string): Promise<{ event: string; ms: number; count: number }[]> {
  await browser.startTracing(page, { categories: ["devtools.timeline", "disabled-by-default-devtools.timeline", "v8", "blink"] });
  await page.goto(url, { waitUntil: "commit" });
  await waitHydrated(page);
  const trace: { traceEvents: { name: string; ph: string; pid: number; tid: number; dur?: number; args?: { name?: string } }[] } = JSON.parse(
    new TextDecoder().decode(await browser.stopTracing()),
  );
  const main = new Set(
    trace.traceEvents.filter((event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const sums = new Map<string, { ms: number; count: number }>();
  for (const event of trace.traceEvents) {
    if (event.ph !== "X" || !main.has(`${event.pid}:${event.tid}`)) continue;
    const sum = sums.get(event.name) ?? { ms: 0, count: 0 };
    sum.ms += (event.dur ?? 0) / 1000;
    sum.count++;
    sums.set(event.name, sum);
  }
  return [...sums.entries()].map(([event, { ms, count }]) => ({ event, ms: round(ms), count })).sort((a, b) => b.ms - a.ms).slice(0, 25);
}

interface V8Profile {
  nodes: { id: number; children?: number[]; callFrame: { functionName: string; url: string; lineNumber: number } }[];
  samples?: number[];
  timeDeltas?: number[];
}

/** Self time per package or file of ours, and per function, largest first. */
function selfTimes(profile: V8Profile): { busy: number; groups: [string, number][]; functions: [string, number][] } {
  const nodes = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const groups = new Map<string, number>();
  const functions = new Map<string, number>();
  let busy = 0;
  const samples = profile.samples ?? [];
  for (let i = 0; i < samples.length; i++) {
    const frame = nodes.get(samples[i]);
    const ms = (profile.timeDeltas?.[i + 1] ?? 0) / 1000;
    if (!frame || frame.functionName === "(idle)") continue;
    busy += ms;
    const path = frame.url.replace(/^file:\/\//, "");
    const npm = path.match(/registry\.npmjs\.org\/((?:@[^/]+\/)?[^/]+)\//);
    const group = frame.url === "" ? frame.functionName : npm ? npm[1] : path.includes("node_modules/") ? moduleGroup(path) : path.replace(/^.*\/h-dashboards\//, "");
    groups.set(group, (groups.get(group) ?? 0) + ms);
    const fn = `${frame.functionName || "(anonymous)"} ${group}:${frame.lineNumber + 1}`;
    functions.set(fn, (functions.get(fn) ?? 0) + ms);
  }
  const sorted = (map: Map<string, number>) => [...map.entries()].sort((a, b) => b[1] - a[1]);
  return { busy, groups: sorted(groups), functions: sorted(functions) };
}

/** Inclusive time of our own functions (outside packages and the runtime): each sample counts once per function on its stack. */
function inclusiveTimes(profile: V8Profile): [string, number][] {
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
  const totals = new Map<string, number>();
  const samples = profile.samples ?? [];
  for (let i = 0; i < samples.length; i++) {
    const ms = (profile.timeDeltas?.[i + 1] ?? 0) / 1000;
    if (frames.get(samples[i])?.functionName === "(idle)") continue;
    const seen = new Set<string>();
    for (let id: number | undefined = samples[i]; id !== undefined; id = parents.get(id)) {
      const frame = frames.get(id)!;
      if (!frame.url.includes("/h-dashboards/") || frame.url.includes("node_modules")) continue;
      const name = `${frame.functionName || "(anonymous)"} ${frame.url.replace(/^.*\/h-dashboards\//, "")}:${frame.lineNumber + 1}`;
      if (seen.has(name)) continue;
      seen.add(name);
      totals.set(name, (totals.get(name) ?? 0) + ms);
    }
  }
  return [...totals.entries()].sort((a, b) => b[1] - a[1]);
}

/** A minimal CDP client over the server's inspector WebSocket. */
async function connectInspector(wsUrl: string) {
  const socket = new WebSocket(wsUrl);
  await new Promise((resolve, reject) => {
    socket.onopen = resolve;
    socket.onerror = reject;
  });
  let next = 1;
  const pending = new Map<number, (result: unknown) => void>();
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.id && pending.has(message.id)) {
      pending.get(message.id)!(message.result ?? message.error);
      pending.delete(message.id);
    }
  };
  return {
    send(method: string, params: Record<string, unknown> = {}): Promise<unknown> {
      const id = next++;
      socket.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve) => pending.set(id, resolve));
    },
    close: () => socket.close(),
  };
}
