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
}

/** One timed submit: when Enter went down, when the new rows were in the DOM, the frame after, the job's answer. */
export interface SubmitProbe {
  pressed: number | null;
  dom: number | null;
  painted: number | null;
  jobAnswered: number | null;
  /** When the first search-job request went out (the work before it is the page's own). */
  firstRequest: number | null;
  /** POST /views/search calls made for this submit (one per search job). */
  jobs: number;
}

/** Installed before any page script (addInitScript): long tasks, largest contentful paint and layout shifts. */
export function installRecorders(): void {
  const record: BenchRecord = { longTasks: [], lcp: null, cls: 0, submit: null };
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
  const probe: SubmitProbe = { pressed: null, dom: null, painted: null, jobAnswered: null, firstRequest: null, jobs: 0 };
  record.submit = probe;
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
    const calls = performance.getEntriesByType("resource").filter((entry) => /\/api\/views\/search(\/|$)/.test(entry.name));
    const answers = calls
      .filter((entry) => /\/api\/views\/search(\/[0-9a-f]+\/execute|\/status\/)/.test(entry.name))
      .map((entry) => (entry as PerformanceResourceTiming).responseEnd);
    probe.jobAnswered = answers.length > 0 ? Math.max(...answers) : null;
    probe.firstRequest = calls.length > 0 ? Math.min(...calls.map((entry) => entry.startTime)) : null;
    probe.jobs = calls.filter((entry) => /\/api\/views\/search$/.test(entry.name)).length;
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
