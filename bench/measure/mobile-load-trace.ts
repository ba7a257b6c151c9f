/**
 * `deno run -A bench/measure/mobile-load-trace.ts [--base http://127.0.0.1:19885] [--path /search?…] [--cpu 4]
 * [--js off]`: one cold load of a page in Chromium as Lighthouse's mobile preset sees it (412×823, CPU slowed
 * `--cpu` times, no network throttling: Lighthouse simulates the network afterwards from the observed graph),
 * traced, printing the main thread's timeline: every task ≥ 10 ms with what it did (HTML parse, which script
 * evaluated, style/layout, paint), the first contentful paint, DOMContentLoaded and load. Lighthouse's score
 * counts every script fetched and every task run before the observed first paint, so the order shown here is
 * what decides FCP and LCP; the tasks after it decide TBT. Signs in as admin at an already running server.
 * `--profile` instead prints CPU self time of the load by source file or package (SLUICE_DIST_DIR's maps);
 * `--why` adds, under each task ≥ 50 ms, the functions it spent its time in (sampled, mapped the same way).
 */
import { chromium } from "playwright-core";
import { parseArgs } from "node:util";
import { existsSync, readFileSync } from "node:fs";
import { profileSelfTime } from "../cpu-profile.ts";
import { parseSourceMap, sourceAt, type SourceLookup } from "../source-map.ts";
import { login } from "../server-process.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: {
    base: { type: "string" },
    path: { type: "string" },
    cpu: { type: "string" },
    js: { type: "string" },
    screenshot: { type: "string" },
    profile: { type: "boolean" },
    why: { type: "boolean" },
  },
});
const BASE = values.base ?? "http://127.0.0.1:19885";
const PATH = values.path ?? "/search";
const CPU = Number(values.cpu ?? 4);

interface TraceEvent {
  name: string;
  cat: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { name?: string; data?: { url?: string; frame?: string; [key: string]: unknown } };
}

const TASK_EVENTS = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);
/** What a task did, by the trace events inside it: the label is the event name plus a script's file name. */
const INNER_EVENTS = new Set([
  "ParseHTML",
  "EvaluateScript",
  "v8.evaluateModule",
  "FunctionCall",
  "TimerFire",
  "FireAnimationFrame",
  "UpdateLayoutTree",
  "Layout",
  "Paint",
  "v8.compileModule",
  "ParseAuthorStyleSheet",
  "MajorGC",
  "MinorGC",
  "RunMicrotasks",
]);

const cookie = await login(BASE, "admin", "admin");
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
  ],
});
try {
  const context = await browser.newContext({
    viewport: { width: 412, height: 823 },
    deviceScaleFactor: 1.75,
    isMobile: true,
    hasTouch: true,
    javaScriptEnabled: values.js !== "off",
  });
  const [name, value] = cookie.split("=");
  await context.addCookies([{ name, value, url: BASE }]);
  const page = await context.newPage();
  const session = await context.newCDPSession(page);
  await session.send("Emulation.setCPUThrottlingRate", { rate: CPU });
  const url = PATH.startsWith("http") ? PATH : `${BASE}${PATH}`;
  if (values.profile) {
    const distDir = Deno.env.get("SLUICE_DIST_DIR") ?? "dist";
    const { busyMs, top } = await profileSelfTime(page, distDir, async () => {
      await page.goto(url, { waitUntil: "load" });
      await page.waitForTimeout(3000);
    });
    console.log(`busy ${busyMs.toFixed(0)} ms (CPU ×${CPU})`);
    for (const entry of top.slice(0, 30)) console.log(`  ${entry.name}: ${entry.ms.toFixed(0)} ms`);
    Deno.exit(0);
  }
  await browser.startTracing(page, {
    categories: [
      "toplevel",
      "devtools.timeline",
      "disabled-by-default-devtools.timeline",
      "blink.user_timing",
      "loading",
      "v8.execute",
    ],
  });
  if (values.why) {
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 200 });
    await session.send("Profiler.start");
  }
  await page.goto(url, { waitUntil: "load" });
  await page.waitForTimeout(3000);
  const buffer = await browser.stopTracing();
  const samples = values.why ? samplesOf((await session.send("Profiler.stop")).profile) : [];
  if (values.screenshot) await page.screenshot({ path: values.screenshot });
  const events: TraceEvent[] = JSON.parse(new TextDecoder().decode(buffer)).traceEvents;
  const mainThread = events.find((event) =>
    event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain"
  );
  if (!mainThread) throw new Error("no renderer main thread in the trace");
  const onMain = events.filter((event) => event.pid === mainThread.pid && event.tid === mainThread.tid);
  // The document's request starts the clock, as in Lighthouse's timings.
  const navigationStart = events.find((event) =>
    event.name === "ResourceSendRequest" && (event.args?.data as { url?: string } | undefined)?.url === url
  )?.ts ?? Math.min(
    ...onMain.filter((event) =>
      event.ts > 0
    ).map((event) => event.ts),
  );
  const at = (ts: number) => `${((ts - navigationStart) / 1000).toFixed(0).padStart(5)} ms`;
  const marks = events.filter((event) =>
    [
      "firstContentfulPaint",
      "firstPaint",
      "largestContentfulPaint::Candidate",
      "domContentLoadedEventEnd",
      "loadEventEnd",
      "MarkDOMContent",
      "MarkLoad",
    ]
      .includes(event.name)
  );
  // Both task event names can wrap the same work: keep only the outermost.
  const allTasks = onMain.filter((event) => event.ph === "X" && TASK_EVENTS.has(event.name)).sort((a, b) =>
    a.ts - b.ts
  );
  const outer: TraceEvent[] = [];
  for (const task of allTasks) {
    const last = outer.at(-1);
    if (last && task.ts < last.ts + last.dur!) continue;
    outer.push(task);
  }
  const tasks = outer.filter((task) => task.dur! >= 10_000);
  const lines: { ts: number; text: string }[] = [];
  for (const mark of marks) lines.push({ ts: mark.ts, text: `── ${mark.name}` });
  let total = 0;
  for (const task of tasks) {
    const end = task.ts + task.dur!;
    const inside = onMain.filter((event) =>
      event.ph === "X" && INNER_EVENTS.has(event.name) && event.ts >= task.ts && event.ts < end
    );
    const byLabel = new Map<string, number>();
    for (const event of inside) {
      const file = event.args?.data?.url?.split("/").at(-1)?.split("?")[0];
      const label = file ? `${event.name} ${file}` : event.name;
      byLabel.set(label, (byLabel.get(label) ?? 0) + (event.dur ?? 0) / 1000);
    }
    const top = [...byLabel.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4)
      .map(([label, ms]) => `${label} ${ms.toFixed(0)}`).join(", ");
    total += task.dur! / 1000;
    lines.push({ ts: task.ts, text: `task ${(task.dur! / 1000).toFixed(0).padStart(4)} ms: ${top}` });
    if (values.why && task.dur! >= 50_000) {
      const inTask = samples.filter((sample) => sample.ts >= task.ts && sample.ts < end);
      lines.push({
        ts: task.ts + 1,
        text: `      self: ${topOf(inTask.map((sample) => ({ key: sample.self, ms: sample.ms })))}`,
      });
      lines.push({
        ts: task.ts + 2,
        text: `      ours: ${
          topOf(inTask.flatMap((sample) => sample.ours.map((key) => ({ key, ms: sample.ms }))))
        }`,
      });
      lines.push({
        ts: task.ts + 3,
        text: `      from: ${inTask.find((sample) => sample.origin.includes("@"))?.origin ?? "?"}`,
      });
    }
  }
  lines.sort((a, b) => a.ts - b.ts);
  for (const line of lines) console.log(`${at(line.ts)}  ${line.text}`);
  console.log(`tasks ≥ 10 ms: ${tasks.length}, ${total.toFixed(0)} ms (CPU ×${CPU})`);
} finally {
  await browser.close();
}

interface Sample {
  ts: number;
  ms: number;
  /** The sampled function, mapped to its source. */
  self: string;
  /** Every distinct function of our own code on the stack (names the cause in the product's terms). */
  ours: string[];
  /** The outermost frames of the stack: what started the work (a timer, a microtask, an event). */
  origin: string;
}

interface CpuProfile {
  startTime: number;
  nodes: {
    id: number;
    callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
    children?: number[];
  }[];
  samples?: number[];
  timeDeltas?: number[];
}

function samplesOf(profile: CpuProfile): Sample[] {
  const distDir = Deno.env.get("SLUICE_DIST_DIR") ?? "dist";
  const maps = new Map<string, SourceLookup | null>();
  const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
  const parents = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
  const name = (frame: CpuProfile["nodes"][number]["callFrame"]) => {
    if (!frame.url) return frame.functionName;
    const file = frame.url.split("/").at(-1)!.split("?")[0];
    if (!maps.has(file)) {
      const path = `${distDir}/assets/${file}.map`;
      maps.set(file, existsSync(path) ? parseSourceMap(JSON.parse(readFileSync(path, "utf8"))) : null);
    }
    const lookup = maps.get(file);
    const source = (lookup && sourceAt(lookup, frame.lineNumber, frame.columnNumber)) ?? file;
    return `${frame.functionName || "(top)"}@${
      source.replace(/.*node_modules\//, "").replace(/^(\.\.\/)+(work\/main\/)?/, "")
    }`;
  };
  const samples: Sample[] = [];
  let ts = profile.startTime;
  const ids = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < ids.length; i++) {
    ts += deltas[i];
    const node = nodes.get(ids[i]);
    if (!node || node.callFrame.functionName === "(idle)") continue;
    const ours = new Set<string>();
    const stack: string[] = [];
    for (let id: number | undefined = node.id; id !== undefined; id = parents.get(id)) {
      const frame = nodes.get(id)!.callFrame;
      stack.push(frame.url ? name(frame) : frame.functionName);
      const label = frame.url ? name(frame) : "";
      if (
        label && !label.includes("@chunk-") && !label.includes("@client-") &&
        /@(ui|routes|shared)\//.test(label)
      ) ours.add(label);
    }
    const origin = stack.reverse().filter((frame) => frame && frame !== "(root)").slice(0, 5).join(" → ");
    samples.push({
      ts,
      ms: (deltas[i + 1] ?? 0) / 1000,
      self: name(node.callFrame),
      ours: [...ours],
      origin,
    });
  }
  return samples;
}

function topOf(entries: { key: string; ms: number }[]): string {
  const sums = new Map<string, number>();
  for (const { key, ms } of entries) sums.set(key, (sums.get(key) ?? 0) + ms);
  return [...sums.entries()].sort((a, b) => b[1] - a[1]).slice(0, 6).map(([key, ms]) =>
    `${key} ${ms.toFixed(0)}`
  ).join(", ");
}
