/**
 * The longest main-thread task of a page during a piece of work, from a Chromium trace: exact below 50 ms too,
 * where the Long Tasks API reports nothing.
 */
import type { Browser, Page } from "playwright-core";

/** Top-level task events of Chromium's scheduler (the name changed across versions; both are counted). */
const TASK_EVENTS = new Set(["RunTask", "ThreadControllerImpl::RunTask"]);

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  dur?: number;
  args?: { name?: string };
}

/** Runs `work` while tracing and returns its value and the longest renderer main-thread task (ms). */
export async function traceLongestTask<T>(browser: Browser, page: Page, work: () => Promise<T>): Promise<{ value: T; longestMs: number }> {
  await browser.startTracing(page, { categories: ["toplevel", "devtools.timeline"] });
  let value: T;
  let buffer: Uint8Array;
  try {
    value = await work();
  } finally {
    buffer = await browser.stopTracing();
  }
  const events: TraceEvent[] = JSON.parse(new TextDecoder().decode(buffer)).traceEvents;
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === "M" && event.name === "thread_name" && event.args?.name === "CrRendererMain")
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const longest = events
    .filter((event) => event.ph === "X" && TASK_EVENTS.has(event.name) && mainThreads.has(`${event.pid}:${event.tid}`))
    .reduce((max, event) => Math.max(max, (event.dur ?? 0) / 1000), 0);
  return { value, longestMs: longest };
}
