/**
 * `deno run -A bench/measure/submit-profile.ts DATADIR [query,query] [rounds]`: where the search page's submit
 * of a bare term goes in Chromium (issue 4 item 10), function by function. Builds nothing: serve the client
 * built into SLUICE_DIST_DIR (default /tmp/dist-submit) against a kept data dir, on port 19880. Each round
 * loads the page afresh (the page keeps answers of searches it ran) and submits each query once under the CPU
 * profiler; prints the timeline of one submit (every request the page made, rows in the DOM, painted) and the
 * functions with the most self and inclusive time over all rounds, mapped to their source files.
 */
import { existsSync, readFileSync } from "node:fs";
import type { Page } from "playwright-core";
import { launchBrowser } from "../../tests/e2e/browser.ts";
import { openQueryEditor } from "../../tests/e2e/harness.ts";
import { armSubmitProbe, installRecorders, readSubmitProbe } from "../page-probes.ts";
import { login, startServer } from "../server-process.ts";
import { parseSourceMap, sourceAt, type SourceLookup } from "../source-map.ts";
import { summarize } from "../stats.ts";

const [dataDir, queriesText = "failed,refused", roundsText = "4", mode = "profile"] = Deno.args;
if (!dataDir) throw new Error("usage: submit-profile.ts DATADIR [query,query] [rounds]");
const DIST_DIR = Deno.env.get("SLUICE_DIST_DIR") ?? "/tmp/dist-submit";
const queries = queriesText.split(",");

interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const maps = new Map<string, SourceLookup | null>();
function sourceOf(frame: ProfileNode["callFrame"]): string {
  if (frame.url === "") return "";
  const file = frame.url.slice(frame.url.lastIndexOf("/") + 1).split("?")[0];
  if (!maps.has(file)) {
    const path = `${DIST_DIR}/assets/${file}.map`;
    maps.set(file, existsSync(path) ? parseSourceMap(JSON.parse(readFileSync(path, "utf8"))) : null);
  }
  const lookup = maps.get(file);
  const source = lookup ? sourceAt(lookup, frame.lineNumber, frame.columnNumber) : null;
  return (source ?? file).replace(/^(\.\.\/)+(work\/main\/)?/, "").replace(
    /^.*node_modules\/(\.deno\/)?/,
    "",
  );
}

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
let busyTotal = 0;
/** Phases of a submit on the page's clock (ms after Enter), and the busy time and inclusive time per phase. */
const PHASES = [
  "Enter → create answered",
  "create → job answered",
  "job answered → rows in DOM",
  "rows in DOM → painted",
  "after painted",
] as const;
const phaseBusy = new Map<string, number>();
/** Per phase: each sample given to the nearest frame on its stack that is not React's or the scheduler's, by file. */
const phaseByFile = new Map<string, Map<string, number>>(PHASES.map((phase) => [phase, new Map()]));
const phaseInclusive = new Map<string, Map<string, number>>(PHASES.map((phase) => [phase, new Map()]));
/** Set by the caller after the work: phase boundaries in ms after Enter. */
let boundaries: number[] = [];

/** A busy loop the profile names: its first sample marks Enter on the profiler's clock. */
function installMarker(): void {
  document.addEventListener("keydown", function benchMarkEnter(event) {
    if (event.key !== "Enter") return;
    const started = performance.now();
    while (performance.now() - started < 1.5) { /* a visible mark in the profile */ }
  }, { capture: true, once: true });
}

async function profiled(
  page: Page,
  work: () => Promise<void>,
  phases: () => Promise<number[]>,
): Promise<void> {
  const session = await page.context().newCDPSession(page);
  await session.send("Profiler.enable");
  await session.send("Profiler.setSamplingInterval", { interval: 100 });
  await session.send("Profiler.start");
  await page.evaluate(installMarker);
  await work();
  const { profile } = await session.send("Profiler.stop");
  await session.detach();
  boundaries = await phases();
  const nodes = new Map<number, ProfileNode>(profile.nodes.map((node: ProfileNode) => [node.id, node]));
  const parent = new Map<number, number>();
  for (const node of nodes.values()) for (const child of node.children ?? []) parent.set(child, node.id);
  const keyOf = (node: ProfileNode) =>
    `${node.callFrame.functionName || "(anonymous)"} ${sourceOf(node.callFrame)}`;
  const samples: number[] = profile.samples ?? [];
  const deltas: number[] = profile.timeDeltas ?? [];
  const ticks: number[] = [];
  let tick = profile.startTime as number;
  for (const delta of deltas) ticks.push(tick += delta);
  const markIndex = samples.findIndex((id) => nodes.get(id)?.callFrame.functionName === "benchMarkEnter");
  const enterTick = markIndex >= 0 ? ticks[markIndex] : NaN;
  for (let i = 0; i < samples.length; i++) {
    const leaf = nodes.get(samples[i]);
    const ms = (deltas[i + 1] ?? 0) / 1000;
    if (!leaf || leaf.callFrame.functionName === "(idle)") continue;
    if (leaf.callFrame.functionName === "benchMarkEnter") continue;
    busyTotal += ms;
    const at = (ticks[i] - enterTick) / 1000;
    const phaseIndex = boundaries.findIndex((boundary) => at < boundary);
    const phase = at < 0 ? null : PHASES[phaseIndex < 0 ? PHASES.length - 1 : phaseIndex];
    if (phase) phaseBusy.set(phase, (phaseBusy.get(phase) ?? 0) + ms);
    const inPhase = phase ? phaseInclusive.get(phase)! : new Map<string, number>();
    if (phase) {
      let owner = "(react, no component on the stack)";
      for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
        const frame = nodes.get(id)!.callFrame;
        const source = sourceOf(frame);
        if (/react-dom|scheduler\/|react\/cjs/.test(source)) continue;
        owner = source || frame.functionName;
        break;
      }
      const byFile = phaseByFile.get(phase)!;
      byFile.set(owner, (byFile.get(owner) ?? 0) + ms);
    }
    self.set(keyOf(leaf), (self.get(keyOf(leaf)) ?? 0) + ms);
    const seen = new Set<string>();
    for (let id: number | undefined = leaf.id; id !== undefined; id = parent.get(id)) {
      const key = keyOf(nodes.get(id)!);
      if (seen.has(key)) continue;
      seen.add(key);
      inclusive.set(key, (inclusive.get(key) ?? 0) + ms);
      inPhase.set(key, (inPhase.get(key) ?? 0) + ms);
    }
  }
}

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  /** The thread's CPU time in the event: what the work cost, apart from waiting for a core on a busy machine. */
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}
/** What the main thread's tasks did, by trace event name, per phase (ms, summed over rounds). */
const traceByPhase = new Map<string, Map<string, number>>();
const TRACE_NAMES = new Set([
  "FunctionCall",
  "EventDispatch",
  "TimerFire",
  "FireAnimationFrame",
  "UpdateLayoutTree",
  "Layout",
  "PrePaint",
  "Paint",
  "Layerize",
  "Commit",
  "MajorGC",
  "MinorGC",
  "RunMicrotasks",
  "HitTest",
  "ParseAuthorStyleSheet",
  "v8.run",
  "XHRLoad",
  "ResourceReceivedData",
  "EvaluateScript",
  "V8.GCScavenger",
  "V8.GCFinalizeMC",
  "v8.callFunction",
  "RunTask",
  "ThreadControllerImpl::RunTask",
  "IntersectionObserverController::computeIntersections",
  "UpdateLayer",
  "ScrollLayer",
]);

/** One submit under Chromium's tracer: each main-thread task ≥ 1 ms with what it did, on the Enter clock. */
async function traced(page: Page, work: () => Promise<void>, phases: () => Promise<number[]>): Promise<void> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, {
    categories: ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline", "v8"],
  });
  await work();
  const buffer = await browser.stopTracing();
  boundaries = await phases();
  const events: TraceEvent[] = JSON.parse(new TextDecoder().decode(buffer)).traceEvents;
  const main = new Set(
    events.filter((e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain").map((
      e,
    ) => `${e.pid}:${e.tid}`),
  );
  const onMain = events.filter((e) => e.ph === "X" && main.has(`${e.pid}:${e.tid}`)).sort((a, b) =>
    a.ts - b.ts
  );
  const enter = onMain.find((e) =>
    e.name === "EventDispatch" && e.args?.data?.type === "keydown" && e.ts > 0
  );
  if (!enter) return;
  const tasks = onMain.filter((e) =>
    (e.name === "RunTask" || e.name === "ThreadControllerImpl::RunTask") && (e.dur ?? 0) >= 1000
  );
  const at = (ts: number) => (ts - enter.ts) / 1000;
  const lines: string[] = [];
  for (const task of tasks) {
    if (at(task.ts) < -2) continue;
    const inside = onMain.filter((e) =>
      e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= task.ts + task.dur! && TRACE_NAMES.has(e.name)
    );
    const byName = new Map<string, number>();
    for (const e of inside) byName.set(e.name, (byName.get(e.name) ?? 0) + (e.dur ?? 0) / 1000);
    const phaseIndex = boundaries.findIndex((boundary) => at(task.ts) < boundary);
    const phase = PHASES[phaseIndex < 0 ? PHASES.length - 1 : phaseIndex];
    const sums = traceByPhase.get(phase) ?? new Map<string, number>();
    traceByPhase.set(phase, sums);
    sums.set("(task)", (sums.get("(task)") ?? 0) + task.dur! / 1000);
    if (
      task.name === "ThreadControllerImpl::RunTask" ||
      !onMain.some((e) => e.name === "ThreadControllerImpl::RunTask")
    ) {
      sums.set("(task CPU time)", (sums.get("(task CPU time)") ?? 0) + (task.tdur ?? 0) / 1000);
    }
    for (const [name, ms] of byName) sums.set(name, (sums.get(name) ?? 0) + ms);
    const what = [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 5).map(([name, ms]) =>
      `${name} ${ms.toFixed(1)}`
    ).join(", ");
    lines.push(
      `  ${at(task.ts).toFixed(1).padStart(7)} +${(task.dur! / 1000).toFixed(1).padStart(5)}  ${what}`,
    );
  }
  console.log(
    `tasks ≥ 1 ms (ms after Enter; phases end at ${boundaries.map((b) => b.toFixed(0)).join(", ")}):`,
  );
  console.log(lines.join("\n"));
}

/**
 * React fibers on the page by component (Mantine sets displayName; host elements by tag), and per top-level
 * area (the test ids of the search page's parts): how much a render of each has to walk.
 */
function countFibers(): string {
  type Fiber = { type: unknown; child: Fiber | null; sibling: Fiber | null; stateNode: unknown };
  const start = document.querySelector('[data-testid="message-table"]')!;
  const key = Object.keys(start).find((name) => name.startsWith("__reactFiber$"))!;
  let fiber = (start as unknown as Record<string, Fiber & { return: Fiber | null }>)[key];
  while (fiber.return) fiber = fiber.return as Fiber & { return: Fiber | null };
  const byType = new Map<string, number>();
  const byArea = new Map<string, number>();
  const nameOf = (type: unknown): string => {
    if (typeof type === "string") return `<${type}>`;
    if (typeof type === "function") {
      return (type as { displayName?: string; name?: string }).displayName ??
        ((type as { name?: string }).name || "(fn)");
    }
    if (type && typeof type === "object") {
      const inner = type as {
        displayName?: string;
        render?: { displayName?: string; name?: string };
        type?: unknown;
      };
      return inner.displayName ?? inner.render?.displayName ??
        (inner.type ? nameOf(inner.type) : inner.render?.name || "(object)");
    }
    return "(other)";
  };
  const walk = (node: Fiber | null, area: string) => {
    for (let current = node; current; current = current.sibling) {
      let here = area;
      const element = current.stateNode instanceof HTMLElement ? current.stateNode : null;
      const testId = element?.getAttribute("data-testid");
      if (
        testId &&
        [
          "message-table",
          "search-sidebar",
          "query-surface",
          "cartesian-visualization",
          "message-row",
          "search-bar",
        ].includes(testId)
      ) here = testId;
      const name = nameOf(current.type);
      byType.set(name, (byType.get(name) ?? 0) + 1);
      byArea.set(here, (byArea.get(here) ?? 0) + 1);
      walk(current.child, here);
    }
  };
  walk(fiber, "(page)");
  const top = (map: Map<string, number>, n: number) =>
    [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) =>
      `  ${String(v).padStart(6)}  ${k}`
    ).join("\n");
  return `fibers by area:\n${top(byArea, 10)}\nby component:\n${top(byType, 45)}`;
}

const server = await startServer({
  SLUICE_DATA_DIR: dataDir,
  SLUICE_DIST_DIR: DIST_DIR,
  PORT: "19880",
  SLUICE_DEMO_MESSAGES: "0",
});
const browser = await launchBrowser();
try {
  const cookie = await login(server.base, "admin", "admin");
  const sync = await fetch(`${server.base}/api/views/search/sync`, {
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
  const end = Date.parse((await sync.json()).results.q.search_types.m.messages[0].message.timestamp) + 1;
  const from = new Date(end - 86_400_000).toISOString();
  const to = new Date(end).toISOString();
  const url = `${server.base}/search?rangetype=absolute&from=${encodeURIComponent(from)}&to=${
    encodeURIComponent(to)
  }`;
  const totals = new Map<string, number>();
  for (const query of queries) {
    const response = await fetch(`${server.base}/api/views/search/sync`, {
      method: "POST",
      headers: { cookie, "Content-Type": "application/json", "X-Requested-By": "bench" },
      body: JSON.stringify({
        queries: [{
          id: "q",
          timerange: { type: "absolute", from, to },
          query: { type: "elasticsearch", query_string: query },
          search_types: [{ type: "messages", id: "m", limit: 1 }],
        }],
      }),
    });
    totals.set(query, (await response.json()).results.q.search_types.m.total_results);
  }
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name, value, url: server.base }]);
  await context.addInitScript(installRecorders);
  const page = await context.newPage();
  const painted: number[] = [];
  const answered: number[] = [];
  const dom: number[] = [];
  /** An experiment: CSS added to each loaded page (INJECT_CSS), to try a style change without a build. */
  const injected = Deno.env.get("INJECT_CSS");
  for (let round = 0; round <= Number(roundsText); round++) {
    await page.goto(url);
    await page.getByTestId("message-table").waitFor();
    if (injected) await page.addStyleTag({ content: injected });
    for (const query of queries) {
      const editor = await openQueryEditor(page);
      await editor.click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.press("Backspace");
      await page.keyboard.type(query);
      await page.keyboard.press("Escape");
      await page.waitForTimeout(600);
      const total = totals.get(query)!;
      await page.evaluate(armSubmitProbe, {
        expectedSummary: `Showing 1–150 of ${total} messages`,
        expectedRows: 150,
      });
      const work = async () => {
        await page.keyboard.press("Enter");
        await page.waitForFunction(readSubmitProbe, undefined, { polling: 20 });
        await page.waitForTimeout(300);
      };
      const readTimeline = () =>
        page.evaluate(() => {
          const probe =
            (window as unknown as { __bench: { submit: { pressed: number; dom: number; painted: number } } })
              .__bench.submit;
          const requests = (performance.getEntriesByType("resource") as PerformanceResourceTiming[])
            .filter((entry) => entry.startTime >= probe.pressed)
            .map((entry) => ({
              name: new URL(entry.name).pathname,
              start: entry.startTime - probe.pressed,
              end: entry.responseEnd - probe.pressed,
              bytes: entry.encodedBodySize,
            }));
          return { dom: probe.dom - probe.pressed, painted: probe.painted - probe.pressed, requests };
        });
      const phases = async () => {
        const shown = await readTimeline();
        const created = shown.requests.find((r) => r.name === "/api/views/search")?.end ?? 0;
        const answer = Math.max(
          ...shown.requests.filter((r) => /execute|status/.test(r.name)).map((r) => r.end),
        );
        return [created, answer, shown.dom, shown.painted];
      };
      if (round === 0) await work();
      else if (mode === "trace") await traced(page, work, phases);
      else await profiled(page, work, phases);
      const timeline = await readTimeline();
      const job = Math.max(
        ...timeline.requests.filter((r) => /execute|status/.test(r.name)).map((r) => r.end),
      );
      if (round > 0) (painted.push(timeline.painted), dom.push(timeline.dom), answered.push(job));
      if (round === 1) {
        console.log(`'${query}': dom ${timeline.dom.toFixed(1)} painted ${timeline.painted.toFixed(1)}`);
        for (const r of timeline.requests) {
          console.log(
            `  ${r.start.toFixed(1).padStart(7)} → ${r.end.toFixed(1).padStart(7)}  ${r.name} (${r.bytes} B)`,
          );
        }
      }
    }
  }
  if (mode === "fibers") console.log(await page.evaluate(countFibers));
  const med = (values: number[]) => summarize(values).median.toFixed(1);
  console.log(
    `median of ${painted.length}: job answered ${med(answered)} ms, rows in DOM ${med(dom)} ms, painted ${
      med(painted)
    } ms`,
  );
  const rounds = Number(roundsText) * queries.length;
  // React's and the scheduler's own frames name no cause: left out of the inclusive lists.
  const plumbing = /react-dom|scheduler\/|\(root\)/;
  const top = (map: Map<string, number>, n: number, skip = false) =>
    [...map.entries()].filter(([key]) => !skip || !plumbing.test(key)).sort((a, b) => b[1] - a[1]).slice(0, n)
      .map(([key, ms]) => `  ${(ms / rounds).toFixed(1).padStart(6)} ms  ${key}`);
  console.log(`busy per submit ${(busyTotal / rounds).toFixed(1)} ms; self time per submit:`);
  console.log(top(self, 30).join("\n"));
  console.log("inclusive time per submit:");
  console.log(top(inclusive, 50, true).join("\n"));
  for (const [phase, sums] of traceByPhase) {
    console.log(`trace, ${phase} (per submit):`);
    console.log(
      [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([name, ms]) =>
        `  ${(ms / rounds).toFixed(1).padStart(6)} ms  ${name}`
      ).join("\n"),
    );
  }
  for (const phase of PHASES) {
    console.log(`${phase}: busy ${((phaseBusy.get(phase) ?? 0) / rounds).toFixed(1)} ms per submit`);
    console.log(top(phaseInclusive.get(phase)!, 12, true).join("\n"));
    console.log(`  by nearest non-React file:`);
    console.log(top(phaseByFile.get(phase)!, 22).join("\n"));
  }
} finally {
  await browser.close();
  await server.stop();
}
