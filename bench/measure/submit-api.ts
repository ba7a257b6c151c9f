/**
 * `deno run -A bench/measure/submit-api.ts DATADIR [query] [runs]`: where the server's time goes in the search
 * page's submit (issue 4 item 10): the page's own POST /views/search + execute (the default view: 'Message Count'
 * and 'All Messages', the last day of the data) through the real API over HTTP, beside the stages inside it — the
 * engine (SearchExecutor, its statements' wall time as their union), decoding rows, highlight ranges, decorators,
 * JSON serialization — each timed alone on the same job. Min and median; the machine is shared, read min.
 */
import { createApi } from "../../api/app.ts";
import { openEmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import type { Database } from "../../mock-backend/database.ts";
import { decorateSearchResults } from "../../mock-backend/decorators/decorate-search-results.ts";
import { highlightRanges, highlightTerms } from "../../mock-backend/search/highlight.ts";
import { parseQuery } from "../../mock-backend/query/mod.ts";
import type { ResultMessage, SearchJob } from "../../api/schemas/search.ts";
import { defaultSearchView } from "../../ui/widgets/logic/default-search-view.ts";
import { MESSAGES_PAGE_SIZE, widgetSearchTypes } from "../../ui/view/widget-search-types.ts";
import { buildExecutionState, buildSearch, QUERY_ID } from "../../ui/view/search-request.ts";
import { identify } from "../../api/middleware/authenticate.ts";
import { SearchSchema } from "../../api/schemas/search.ts";
import { summarize } from "../stats.ts";
import { observeStatements } from "./observe-statements.ts";

const [dataDir, queryText = "failed", runsText = "15"] = Deno.args;
if (!dataDir) throw new Error("usage: submit-api.ts DATADIR [query] [runs]");
const backend = await openEmbeddedBackend({
  databasePath: `${dataDir}/sluice.duckdb`,
  adminPassword: "admin",
  demoMessages: 0,
  demoRate: 0,
});
const store = backend.messageStore;
// Reaching the embedded search's private database to time its statements (a measure script, not product code).
const db = (backend.search as unknown as { db: Database }).db;
const api = createApi({ backend, prefix: "" });
const server = Deno.serve({ port: 0, hostname: "127.0.0.1", onListen: () => {} }, api.fetch);
const base = `http://127.0.0.1:${server.addr.port}`;

const login = await fetch(`${base}/system/sessions`, {
  method: "POST",
  headers: { "Content-Type": "application/json", "X-Requested-By": "bench" },
  body: JSON.stringify({ username: "admin", password: "admin", host: "bench" }),
});
await login.body?.cancel();
const cookie = login.headers.get("set-cookie")!.split(";")[0];
const headers = { cookie, "Content-Type": "application/json", "X-Requested-By": "bench" };

const newest = Math.max(...store.indices().map((index) => index.endMs ?? 0));
const end = newest + 1;
const definition = {
  query: queryText,
  timerange: {
    type: "absolute" as const,
    from: new Date(end - 86_400_000).toISOString(),
    to: new Date(end).toISOString(),
  },
  streams: [] as string[],
  timezone: "UTC",
};
const { widgets } = defaultSearchView();
const { searchTypes } = widgetSearchTypes(widgets, {});
const searchBody = JSON.stringify(buildSearch([{ id: "default-query", search: definition as never, searchTypes }]));
const messagesId = searchTypes.find((type) => type.type === "messages")!.id;
const executionBody = JSON.stringify(
  buildExecutionState({ [messagesId]: { limit: MESSAGES_PAGE_SIZE, offset: 0 } }),
);

// Statement spans and row decoding, timed where they happen.
let spans: [number, number][] = [];
/** Each statement of the last engine run: start and end relative to its start, and the SQL's opening. */
let statements: { sql: string; start: number; end: number }[] = [];
let engineStarted = 0;
let engineStatements: typeof statements = [];
observeStatements(db, ({ sql, start, end }) => {
  spans.push([start, end]);
  statements.push({ sql: sql.replace(/\s+/g, " ").slice(0, 110), start: start - engineStarted, end: end - engineStarted });
});
let decodeMs = 0;
const decodeRows = store.decodeRows.bind(store);
store.decodeRows = (table) => {
  const started = performance.now();
  try {
    return decodeRows(table);
  } finally {
    decodeMs += performance.now() - started;
  }
};
function covered(list: [number, number][]): number {
  const sorted = [...list].sort((a, b) => a[0] - b[0]);
  let total = 0;
  let [from, to] = sorted[0] ?? [0, 0];
  for (const [start, stop] of sorted.slice(1)) {
    if (start > to) (total += to - from, from = start, to = stop);
    else to = Math.max(to, stop);
  }
  return total + to - from;
}

const samples: Record<string, number[]> = {
  "HTTP create + execute (+ body read)": [],
  "  HTTP POST /views/search": [],
  "  HTTP POST execute + body read": [],
  "engine: search.execute": [],
  "  statements (union)": [],
  "  decodeRows": [],
  "  highlight ranges (alone)": [],
  "  decorators (alone)": [],
  "JSON.stringify(job)": [],
};
let bytes = 0;
let searchId = "";
for (let i = -2; i < Number(runsText); i++) {
  const keep = i >= 0;
  // Through HTTP, as the page does.
  let started = performance.now();
  const created = await fetch(`${base}/views/search`, { method: "POST", headers, body: searchBody });
  const search = await created.json();
  const createdAt = performance.now();
  const executed = await fetch(`${base}/views/search/${search.id}/execute`, {
    method: "POST",
    headers,
    body: executionBody,
  });
  const text = await executed.text();
  const done = performance.now();
  if (executed.status !== 201) throw new Error(`execute: ${executed.status} ${text.slice(0, 300)}`);
  bytes = text.length;
  searchId = search.id;
  if (keep) {
    samples["HTTP create + execute (+ body read)"].push(done - started);
    samples["  HTTP POST /views/search"].push(createdAt - started);
    samples["  HTTP POST execute + body read"].push(done - createdAt);
  }
  // The engine alone, with its statements and decoding.
  const stored = (await backend.search.getSearch(searchId))!;
  spans = [];
  statements = [];
  decodeMs = 0;
  started = engineStarted = performance.now();
  const job: SearchJob = await backend.search.execute(stored, JSON.parse(executionBody), {
    owner: "admin",
    readableStreams: null,
  });
  const engine = performance.now() - started;
  engineStatements = statements;
  const messages = (job.results[QUERY_ID].search_types[messagesId] as { messages: ResultMessage[] }).messages;
  // Highlighting alone, over the same 150 messages.
  const catalog = store.catalog();
  const terms = highlightTerms(parseQuery(queryText));
  const isAnalyzed = (field: string) => catalog.field(field)?.matching === "analyzed";
  started = performance.now();
  for (const message of messages) highlightRanges(message.message, terms, isAnalyzed);
  const highlight = performance.now() - started;
  started = performance.now();
  await decorateSearchResults(db as never, messages, { streams: [], inline: [] });
  const decorate = performance.now() - started;
  started = performance.now();
  JSON.stringify(job);
  const stringify = performance.now() - started;
  if (keep) {
    samples["engine: search.execute"].push(engine);
    samples["  statements (union)"].push(covered(spans));
    samples["  decodeRows"].push(decodeMs);
    samples["  highlight ranges (alone)"].push(highlight);
    samples["  decorators (alone)"].push(decorate);
    samples["JSON.stringify(job)"].push(stringify);
  }
}
// The route layer's own work around the engine, each alone.
const sessionId = decodeURIComponent(cookie.split("=")[1]);
const routeSamples: Record<string, number[]> = {
  "identify (session + user)": [],
  "SearchSchema.parse(body)": [],
  "saveSearch": [],
  "getSearch": [],
};
const parsedBody = JSON.parse(searchBody);
for (let i = -2; i < Number(runsText); i++) {
  const keep = i >= 0;
  let started = performance.now();
  await identify(backend, { sessionId, extend: true });
  const identified = performance.now() - started;
  started = performance.now();
  SearchSchema.parse(parsedBody);
  const parsed = performance.now() - started;
  started = performance.now();
  const saved = await backend.search.saveSearch(SearchSchema.parse(parsedBody), "admin");
  const save = performance.now() - started;
  started = performance.now();
  await backend.search.getSearch(saved!.id!);
  const get = performance.now() - started;
  if (keep) {
    routeSamples["identify (session + user)"].push(identified);
    routeSamples["SearchSchema.parse(body)"].push(parsed);
    routeSamples["saveSearch"].push(save);
    routeSamples["getSearch"].push(get);
  }
}
Object.assign(samples, routeSamples);
console.log(
  `'${queryText}' over ${definition.timerange.from} … ${definition.timerange.to}; execute answer ${
    Math.round(bytes / 1024)
  } KB`,
);
console.log("statements of the last engine run (ms from its start):");
for (const statement of engineStatements) {
  console.log(
    `  ${statement.start.toFixed(1).padStart(6)} → ${statement.end.toFixed(1).padStart(6)}  ${statement.sql}`,
  );
}
for (const [name, values] of Object.entries(samples)) {
  console.log(
    `${name.padEnd(40)} min ${Math.min(...values).toFixed(1).padStart(6)}  median ${
      summarize(values).median.toFixed(1).padStart(6)
    }`,
  );
}
await server.shutdown();
await backend.close();
