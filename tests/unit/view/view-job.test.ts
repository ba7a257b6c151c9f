import assert from "node:assert/strict";
import type { Search, SearchJob } from "../../../api/schemas/search.ts";
import type { ApiRequester } from "../../../ui/api/api-client.ts";
import { runViewJob, type ViewJob, viewJobQueryOptions } from "../../../ui/view/view-job.ts";
import { messageCountWidget, messagesWidget } from "../../../ui/widgets/logic/default-search-view.ts";

/** A dashboard of two pages: each query has its own search and widgets. */
function dashboardJob(overrides: Partial<ViewJob> = {}): ViewJob {
  return {
    queries: [
      {
        id: "page-1",
        search: { query: "error", timerange: { type: "relative", range: 300 }, streams: ["s1"], timezone: "UTC" },
        widgets: [messageCountWidget("chart-1"), messagesWidget("table-1")],
      },
      {
        id: "page-2",
        search: { query: "", timerange: { type: "keyword", keyword: "last hour" }, streams: [], timezone: "UTC" },
        widgets: [messagesWidget("table-2")],
      },
    ],
    pages: {},
    run: 0,
    ...overrides,
  };
}

/** A transport answering like the API: the job's result holds a result for each query's search types. */
function fakeApi(done: boolean[] = [true]) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  const answers = [...done];
  let search: Search | null = null;
  const job = (finished: boolean): SearchJob => ({
    id: "job-1",
    search_id: "search-1",
    owner: "admin",
    execution: { done: finished, cancelled: false, completed_exceptionally: false },
    results: Object.fromEntries((search?.queries ?? []).map((query) => [query.id, {
      id: query.id,
      query,
      execution_stats: { duration: 7, timestamp: "2026-01-01T00:00:00.000Z", effective_timerange: { type: "absolute", from: "2026-01-01T00:00:00.000Z", to: "2026-01-01T00:05:00.000Z" } },
      search_types: Object.fromEntries(query.search_types.map((type) => [
        type.id,
        type.type === "messages"
          ? { id: type.id, type: "messages", messages: [], total_results: 42, effective_timerange: { type: "absolute", from: "2026-01-01T00:00:00.000Z", to: "2026-01-01T00:05:00.000Z" } }
          : { id: type.id, type: "pivot", rows: [], total: 0, effective_timerange: { type: "absolute", from: "2026-01-01T00:00:00.000Z", to: "2026-01-01T00:05:00.000Z" } },
      ])),
      errors: [],
      state: "COMPLETED",
    }])),
  }) as unknown as SearchJob;
  const transport: ApiRequester = (method, path, request) => {
    const { params, body } = (request ?? {}) as { params?: { path?: Record<string, string> }; body?: unknown };
    const called = String(path).replace(/\{(\w+)\}/g, (_, name: string) => params?.path?.[name] ?? "");
    calls.push({ method: method.toUpperCase(), path: called, body });
    // The fake answers as the API would; its answers are built loosely above.
    if (called === "/views/search") {
      search = body as Search;
      return Promise.resolve({ ...search, id: "search-1" } as never);
    }
    return Promise.resolve(job(answers.shift() ?? true) as never);
  };
  return { calls, transport };
}

Deno.test("one job runs every query of a view with its widgets' search types and hands each widget its result", async () => {
  const api = fakeApi();
  const result = await runViewJob(api.transport, dashboardJob(), Date.parse("2026-01-01T00:05:00Z"));
  assert.deepEqual(api.calls.map((call) => `${call.method} ${call.path}`), [
    "POST /views/search",
    "POST /views/search/search-1/execute",
  ]);
  const sent = api.calls[0].body as Search;
  assert.deepEqual(sent.queries.map((query) => [query.id, query.search_types.map((type) => type.id)]), [
    ["page-1", ["chart-1", "table-1"]],
    ["page-2", ["table-2"]],
  ]);
  assert.deepEqual(sent.queries[0].filter, { type: "or", filters: [{ type: "stream", id: "s1" }] });
  assert.deepEqual(Object.keys(result.queries), ["page-1", "page-2"]);
  assert.equal(result.queries["page-1"].widgets["chart-1"].data?.type, "aggregation");
  const table = result.queries["page-2"].widgets["table-2"].data;
  assert.ok(table?.type === "messages");
  assert.equal(table.total, 42);
  assert.equal(result.queries["page-1"].durationMs, 7);
});

Deno.test("each message table's page goes to execute as limit and offset of its search type", async () => {
  const api = fakeApi();
  await runViewJob(api.transport, dashboardJob({ pages: { "table-2": 3 } }), Date.now());
  const execute = api.calls[1].body as { global_override: { search_types: Record<string, unknown> } };
  assert.deepEqual(execute.global_override.search_types, {
    "table-1": { limit: 150, offset: 0 },
    "table-2": { limit: 150, offset: 300 },
  });
});

Deno.test("a job not done on the first answer is polled by its status until it is", async () => {
  const api = fakeApi([false, true]);
  const result = await runViewJob(api.transport, dashboardJob(), Date.now());
  assert.deepEqual(api.calls.map((call) => `${call.method} ${call.path}`).slice(2), ["GET /views/search/status/job-1"]);
  assert.ok(result.queries["page-1"]);
});

Deno.test("the job's key changes with any query, page or run, and is the same for the same job", () => {
  const key = (job: ViewJob) => JSON.stringify(viewJobQueryOptions(job).queryKey);
  assert.equal(key(dashboardJob()), key(dashboardJob()));
  assert.notEqual(key(dashboardJob()), key(dashboardJob({ run: 1 })));
  assert.notEqual(key(dashboardJob()), key(dashboardJob({ pages: { "table-1": 2 } })));
  assert.notEqual(key(dashboardJob()), key(dashboardJob({ queries: dashboardJob().queries.slice(0, 1) })));
});
