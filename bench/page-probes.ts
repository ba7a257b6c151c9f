/**
 * Functions the search-page benchmark runs inside Chromium (playwright serialises them, so each is
 * self-contained: no imports, no closures over module scope). They record on `window.__bench` what the
 * Performance APIs report, so the numbers come from the browser's own clock, not from the driver's round trips.
 */

/** What the recorders and probes keep on `window.__bench`. */
export interface BenchRecord {
  longTasks: { start: number; duration: number }[];
  lcp: number | null;
  cls: number;
  submit: SubmitProbe | null;
  /** The submit probe's Resource Timing observer: held here so it is not collected while it listens. */
  submitObserver: PerformanceObserver | null;
}

/** One timed submit: when Enter went down, when the new rows were in the DOM, the frame after. */
export interface SubmitProbe {
  pressed: number | null;
  dom: number | null;
  painted: number | null;
  /** The search-job calls (POST /views/search, execute, status polls) seen since the probe was armed. */
  calls: SearchJobCall[];
}

/** A search-job call as Resource Timing reports it, on the page's clock. */
export interface SearchJobCall {
  kind: "create" | "execute" | "status";
  startTime: number;
  responseEnd: number;
}

/** Installed before any page script (addInitScript): long tasks, largest contentful paint and layout shifts. */
export function installRecorders(): void {
  const record: BenchRecord = { longTasks: [], lcp: null, cls: 0, submit: null, submitObserver: null };
  (window as unknown as { __bench: BenchRecord }).__bench = record;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.longTasks.push({ start: entry.startTime, duration: entry.duration });
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) record.lcp = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  new PerformanceObserver((list) => {
    // Layout shifts right after input are expected by the user and not counted (as CLS defines).
    for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
      if (!entry.hadRecentInput) record.cls += entry.value;
    }
  }).observe({ type: "layout-shift", buffered: true });
}

/**
 * Arms the submit probe: the next Enter keydown starts the clock; it stops when the message table shows
 * `expectedRows` rows and the summary reads `expectedSummary` (the new query's total, so the old query's rows
 * never count), then once more one frame later (rendered and painted).
 */
export function armSubmitProbe({ expectedSummary, expectedRows }: { expectedSummary: string; expectedRows: number }): void {
  const record = (window as unknown as { __bench: BenchRecord }).__bench;
  const probe: SubmitProbe = { pressed: null, dom: null, painted: null, calls: [] };
  record.submit = probe;
  // An observer, not a look into the timeline when the rows appear: a fetch's entry is queued as a task of its
  // own after its body was read, so the rows rendered from that body can be in the DOM before the entry is in
  // the timeline (the probe then saw no calls at all). The observer also does not depend on the 250-entry buffer.
  record.submitObserver?.disconnect();
  const calls = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as PerformanceResourceTiming[]) {
      const path = new URL(entry.name).pathname;
      const kind = /\/api\/views\/search$/.test(path)
        ? "create"
        : /\/api\/views\/search\/[^/]+\/execute$/.test(path)
        ? "execute"
        : /\/api\/views\/search\/status\/[^/]+$/.test(path)
        ? "status"
        : null;
      if (kind && probe.pressed !== null && entry.startTime >= probe.pressed) {
        probe.calls.push({ kind, startTime: entry.startTime, responseEnd: entry.responseEnd });
      }
    }
  });
  calls.observe({ type: "resource" });
  record.submitObserver = calls;
  performance.clearResourceTimings(); // the buffer holds 250 entries; every run adds several
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Enter" && probe.pressed === null) probe.pressed = event.timeStamp;
  };
  document.addEventListener("keydown", onKey, { capture: true });
  const check = () => {
    if (probe.pressed === null || probe.dom !== null) return;
    const summary = document.querySelector('[data-testid="message-total"]')?.textContent ?? "";
    const rows = document.querySelectorAll('[data-testid="message-row"]').length;
    if (summary !== expectedSummary || rows !== expectedRows) return;
    probe.dom = performance.now();
    observer.disconnect();
    document.removeEventListener("keydown", onKey, { capture: true });
    // The observer keeps listening: the job's entries may arrive after the rows (see above); the driver reads
    // them once the answer is there (readSubmitCalls).
    requestAnimationFrame(() => setTimeout(() => (probe.painted = performance.now()), 0));
  };
  const observer = new MutationObserver(check);
  observer.observe(document.body, { childList: true, subtree: true, characterData: true });
}

/** The probe once it has painted, else null (polled by the driver). */
export function readSubmitProbe(): SubmitProbe | null {
  const probe = (window as unknown as { __bench: BenchRecord }).__bench.submit;
  return probe && probe.painted !== null ? probe : null;
}

/**
 * The submit's search-job calls once the job's answer (execute, or the last status poll) is among them and no
 * call started after it; null until then (polled by the driver after readSubmitProbe).
 */
export function readSubmitCalls(): SearchJobCall[] | null {
  const probe = (window as unknown as { __bench: BenchRecord }).__bench.submit;
  if (!probe) return null;
  const answers = probe.calls.filter((call) => call.kind !== "create");
  return answers.length > 0 ? probe.calls : null;
}

/** Long tasks that started at or after `since` (ms on the page's clock). */
export function longTasksSince(since: number): { start: number; duration: number }[] {
  return (window as unknown as { __bench: BenchRecord }).__bench.longTasks.filter((task) => task.start >= since);
}

/** The page's clock now. */
export function pageNow(): number {
  return performance.now();
}

/** When the last search-job answer (execute or status poll) arrived, on the page's clock. */
export function lastJobAnswer(): number | null {
  const ends = performance.getEntriesByType("resource")
    .filter((entry) => /\/api\/views\/search(\/[0-9a-f]+\/execute|\/status\/)/.test(entry.name))
    .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
  return ends.length > 0 ? Math.max(...ends) : null;
}

/** Page-load metrics from the Performance APIs (Lighthouse's FCP, LCP, CLS; TBT over the tasks after FCP). */
export function loadMetrics(): { fcp: number | null; lcp: number | null; cls: number; tbt: number; longest: number } {
  const record = (window as unknown as { __bench: BenchRecord }).__bench;
  const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null;
  const after = record.longTasks.filter((task) => fcp !== null && task.start + task.duration > fcp);
  return {
    fcp,
    lcp: record.lcp,
    cls: record.cls,
    tbt: after.reduce((sum, task) => sum + Math.max(0, task.duration - 50), 0),
    longest: record.longTasks.reduce((max, task) => Math.max(max, task.duration), 0),
  };
}

/** Runs the same search calls the page made (POST /views/search, then execute) and returns their time. */
export async function replaySearchCalls({ search, execution }: { search: string; execution: string }): Promise<number> {
  const headers = { "Content-Type": "application/json", "X-Requested-By": "XMLHttpRequest", Accept: "application/json" };
  const started = performance.now();
  const created = await fetch("/api/views/search", { method: "POST", headers, body: search });
  const { id } = await created.json();
  let job = await (await fetch(`/api/views/search/${id}/execute`, { method: "POST", headers, body: execution })).json();
  while (!job.execution.done) {
    await new Promise((resolve) => setTimeout(resolve, 250));
    job = await (await fetch(`/api/views/search/status/${job.id}`, { headers })).json();
  }
  return performance.now() - started;
}

/** A plain text input at the top of the page: the reference for typing (no editor, no React). */
export function addPlainInput(): void {
  const input = document.createElement("input");
  input.id = "bench-plain-input";
  input.style.cssText = "position:fixed;top:0;left:0;width:400px;z-index:10000";
  document.body.appendChild(input);
}
