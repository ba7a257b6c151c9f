import assert from "node:assert/strict";
import { ENTRY_START_FALLBACK_MS, entryStarterScript, PRELOADS_PER_TASK } from "../../../routes/entry-starter.ts";

interface Added {
  tag: string;
  rel?: string;
  href?: string;
  type?: string;
  src?: string;
}

/**
 * Runs the starter in a stand-in browser whose parsing, paint entries, animation frames, load event and timer the
 * test drives.
 */
function browserWith({ paintTiming = true, hidden = false } = {}) {
  const added: Added[] = [];
  const entries: string[] = [];
  let frameCallbacks: (() => void)[] = [];
  const listeners: Record<string, () => void> = {};
  let fallback: { callback: () => void; ms: number } | null = null;
  let nextTasks: (() => void)[] = [];
  const document = {
    readyState: "loading",
    visibilityState: hidden ? "hidden" : "visible",
    createElement: (tag: string): Added => ({ tag }),
    head: { appendChild: (element: Added) => void added.push({ ...element }) },
    body: { appendChild: (element: Added) => void added.push({ ...element }) },
    addEventListener: (type: string, listener: () => void) => void (listeners[`document:${type}`] = listener),
  };
  const PerformanceObserver = { supportedEntryTypes: paintTiming ? ["paint", "navigation"] : ["navigation"] };
  new Function(
    "window",
    "document",
    "performance",
    "requestAnimationFrame",
    "addEventListener",
    "setTimeout",
    entryStarterScript({ preloads: PRELOADS, entry: "/assets/client-A.js" }),
  )(
    { PerformanceObserver },
    document,
    { getEntriesByName: (name: string) => entries.filter((entry) => entry === name) },
    (callback: () => void) => frameCallbacks.push(callback),
    (type: string, listener: () => void) => void (listeners[`window:${type}`] = listener),
    (callback: () => void, ms: number) =>
      void (ms === ENTRY_START_FALLBACK_MS ? (fallback = { callback, ms }) : nextTasks.push(callback)),
  );
  return {
    added,
    /** The parser reaches the end of the document. */
    parsed() {
      document.readyState = "interactive";
      listeners["document:DOMContentLoaded"]?.();
    },
    /** A frame is drawn, and with it (when named) a paint entry appears. */
    frame(entry?: string) {
      if (entry) entries.push(entry);
      const callbacks = frameCallbacks;
      frameCallbacks = [];
      callbacks.forEach((callback) => callback());
    },
    load: () => listeners["window:load"]?.(),
    fireTimer: () => fallback?.callback(),
    /** Runs the next queued task (a preload batch). */
    runTask() {
      nextTasks.shift()?.();
    },
    /** Runs the tasks queued so far (the preload batches), and those they queue, to the end. */
    runTasks() {
      while (nextTasks.length > 0) nextTasks.shift()!();
    },
  };
}

const PRELOADS = Array.from({ length: 2 * PRELOADS_PER_TASK + 1 }, (_, index) => `/assets/chunk-${index}.js`);
const STARTED: Added[] = [
  { tag: "script", type: "module", src: "/assets/client-A.js" },
  ...PRELOADS.map((href): Added => ({ tag: "link", rel: "modulepreload", href })),
];

Deno.test("painted before the document is parsed: the entry is added when parsing ends, not before", () => {
  const browser = browserWith();
  browser.frame("first-contentful-paint");
  assert.deepEqual(browser.added, []);
  browser.parsed();
  // The entry alone, the preloads in later tasks, a batch each.
  assert.deepEqual(browser.added, STARTED.slice(0, 1));
  browser.runTask();
  assert.deepEqual(browser.added, STARTED.slice(0, 1 + PRELOADS_PER_TASK));
  browser.runTask();
  assert.deepEqual(browser.added, STARTED.slice(0, 1 + 2 * PRELOADS_PER_TASK));
  browser.runTasks();
  assert.deepEqual(browser.added, STARTED);
  browser.load();
  browser.fireTimer();
  browser.runTasks();
  assert.deepEqual(browser.added, STARTED, "started once");
});

Deno.test("parsed before the paint: nothing loads until the first contentful paint, not a mere first paint", () => {
  const browser = browserWith();
  browser.parsed();
  assert.deepEqual(browser.added, []);
  browser.frame();
  browser.frame("first-paint");
  assert.deepEqual(browser.added, []);
  browser.frame("first-contentful-paint");
  browser.runTasks();
  assert.deepEqual(browser.added, STARTED);
});

Deno.test("the load event before the paint does not start the entry; the fallback timer does, once", () => {
  const browser = browserWith();
  browser.parsed();
  browser.load();
  assert.deepEqual(browser.added, []);
  browser.fireTimer();
  browser.runTasks();
  assert.deepEqual(browser.added, STARTED);
  browser.frame("first-contentful-paint");
  browser.runTasks();
  assert.deepEqual(browser.added, STARTED, "started once");
});

Deno.test("a hidden tab (it paints nothing) or a browser without paint timing starts the entry when parsed", () => {
  for (const browser of [browserWith({ hidden: true }), browserWith({ paintTiming: false })]) {
    assert.deepEqual(browser.added, []);
    browser.parsed();
    browser.runTasks();
    assert.deepEqual(browser.added, STARTED);
  }
});

Deno.test("a URL cannot close the inline script", () => {
  assert.ok(!entryStarterScript({ preloads: ["/x</script>.js"], entry: "/y</script><b>.js" }).includes("</script>"));
});
