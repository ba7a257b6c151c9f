import assert from "node:assert/strict";
import { hashKey, QueryClient } from "@tanstack/react-query";
import type { User } from "../../../api/schemas/user.ts";
import {
  initialSearchJob,
  prefetchedSearchPageOf,
  prefetchSearchPage,
  searchTimezoneOf,
} from "../../../routes/search-prefetch.ts";
import type { InProcessApi, InProcessRequest } from "../../../routes/ssr-prefetch.ts";
import type { Search } from "../../../api/schemas/search.ts";
import type { View } from "../../../api/schemas/views.ts";
import { QUERY_ID } from "../../../ui/view/search-request.ts";
import { parseSearchUrl, toSearchParams } from "../../../ui/view/url-state.ts";
import { openSearchPage, searchPageJob } from "../../../ui/search/logic/search-page-view.ts";
import { toQueryViewState } from "../../../ui/view/view-state-wire.ts";
import { type ViewJob, viewJobQueryOptions, type ViewJobResult } from "../../../ui/view/view-job.ts";
import { defaultSearchView } from "../../../ui/widgets/logic/default-search-view.ts";
import { streamsQueryOptions } from "../../../ui/view/search-support-queries.ts";

/** The key SearchPage computes on its first render in the browser (URL state + time zone, default widgets, run 0). */
function browserJobKey(search: string, timezone: string, defaultStreams: string[] = []): string {
  const parsed = parseSearchUrl(new URLSearchParams(search), defaultStreams);
  if (!parsed.ok) throw new Error(parsed.error);
  const opened = openSearchPage(null, parsed.interval);
  return hashKey(viewJobQueryOptions(searchPageJob(parsed.state, timezone, opened.widgets.widgets, {}, 0)).queryKey);
}

function serverJobKey(job: ViewJob): string {
  return hashKey(viewJobQueryOptions(job).queryKey);
}

/** The one query of a search page's job. */
function searchQuery(job: ViewJob | null) {
  assert.ok(job);
  assert.equal(job.queries.length, 1);
  return job.queries[0];
}

Deno.test("the search pages are told apart by their route pattern; other pages are not prefetched", () => {
  assert.equal(prefetchedSearchPageOf("/search"), "search");
  assert.equal(prefetchedSearchPageOf("/search/new"), "searchNew");
  assert.equal(prefetchedSearchPageOf("/streams/:streamId/search"), "streamSearch");
  assert.equal(prefetchedSearchPageOf("/search/:viewId"), "searchView");
  assert.equal(prefetchedSearchPageOf("/streams"), null);
  assert.equal(prefetchedSearchPageOf(undefined), null);
});

Deno.test("a bare /search prefetches the default job under the key the browser computes", () => {
  const job = initialSearchJob("search", new URLSearchParams(""), {}, "UTC");
  const query = searchQuery(job);
  assert.deepEqual(query.search, { query: "", timerange: { type: "relative", range: 300 }, streams: [], timezone: "UTC" });
  assert.deepEqual(query.widgets.map((widget) => widget.id), ["message-count", "all-messages"]);
  assert.equal(serverJobKey(job!), browserJobKey("", "UTC"));
});

Deno.test("the URL's query, absolute range and streams reach the prefetched job's key", () => {
  const search = "q=source%3Aweb-01&rangetype=absolute&from=2026-11-21T05%3A34%3A58.393Z&to=2026-11-22T05%3A34%3A58.393Z&streams=a%2Cb";
  const job = initialSearchJob("search", new URLSearchParams(search), {}, "Europe/Berlin");
  const query = searchQuery(job);
  assert.equal(query.search.query, "source:web-01");
  assert.deepEqual(query.search.streams, ["a", "b"]);
  assert.equal(serverJobKey(job!), browserJobKey(search, "Europe/Berlin"));
  assert.notEqual(serverJobKey(job!), browserJobKey(search, "UTC"));
});

Deno.test("a stream search searches its stream unless the URL names streams", () => {
  const job = initialSearchJob("streamSearch", new URLSearchParams("rangetype=relative&relative=3600"), { streamId: "s1" }, "UTC");
  assert.deepEqual(searchQuery(job).search.streams, ["s1"]);
  assert.equal(serverJobKey(job!), browserJobKey("rangetype=relative&relative=3600", "UTC", ["s1"]));
});

Deno.test("no job is prefetched for an invalid range type", () => {
  assert.equal(initialSearchJob("search", new URLSearchParams("rangetype=weekly"), {}, "UTC"), null);
});

Deno.test("an interval parameter is in the prefetched job: the page opens its scope with it, as the server does", () => {
  const job = initialSearchJob("search", new URLSearchParams("interval=minute"), {}, "UTC");
  const chart = searchQuery(job).widgets.find((widget) => widget.id === "message-count");
  assert.ok(chart?.type === "aggregation");
  assert.deepEqual(chart.config.row_pivots[0].config, { interval: { type: "timeunit", value: 1, unit: "minutes" } });
  assert.equal(serverJobKey(job!), browserJobKey("interval=minute", "UTC"));
  assert.notEqual(serverJobKey(job!), browserJobKey("", "UTC"));
});

Deno.test("a saved search without a search in its URL prefetches its own search and widgets; the URL's wins", () => {
  const widgets = defaultSearchView();
  const saved = {
    view: {
      id: "view-1",
      type: "SEARCH",
      title: "Errors",
      summary: "",
      description: "",
      search_id: "search-1",
      owner: "admin",
      created_at: "2026-01-01T00:00:00.000Z",
      state: { [QUERY_ID]: toQueryViewState({ ...widgets, titles: { ...widgets.titles, "all-messages": "Errors" } }) },
    } as unknown as View,
    search: {
      id: "search-1",
      queries: [{
        id: QUERY_ID,
        timerange: { type: "relative", from: 3600 },
        query: { type: "elasticsearch", query_string: "level:3" },
        filter: null,
        search_types: [],
      }],
    } as unknown as Search,
  };
  const job = initialSearchJob("searchView", new URLSearchParams(""), {}, "UTC", saved);
  const query = searchQuery(job);
  assert.deepEqual(query.search, { query: "level:3", timerange: { type: "relative", range: 3600 }, streams: [], timezone: "UTC" });
  const opened = openSearchPage(saved, undefined);
  assert.deepEqual(query.widgets, opened.widgets.widgets);
  // What SearchPage asks for once the saved search is written into the URL: the same job.
  const urlJob = initialSearchJob("searchView", toSearchParams(opened.savedSearch!), {}, "UTC", saved);
  assert.ok(urlJob);
  assert.equal(serverJobKey(urlJob), serverJobKey(job!));
  const other = initialSearchJob("searchView", new URLSearchParams("q=x&rangetype=relative&relative=60"), {}, "UTC", saved);
  assert.equal(searchQuery(other).search.query, "x");
  assert.equal(initialSearchJob("searchView", new URLSearchParams(""), {}, "UTC", null), null);
});

Deno.test("the search time zone is the user's when valid, else UTC", () => {
  assert.equal(searchTimezoneOf({ timezone: "Europe/Berlin" }), "Europe/Berlin");
  assert.equal(searchTimezoneOf({ timezone: null }), "UTC");
  assert.equal(searchTimezoneOf({ timezone: "Mars/Olympus" }), "UTC");
});

Deno.test("the prefetch runs the job once through the in-process API and seeds it; a failing call leaves it empty", async () => {
  const calls: string[] = [];
  const api: InProcessApi = (path: string, request?: InProcessRequest) => {
    calls.push(`${request?.method ?? "GET"} ${path}`);
    const json = (body: unknown) => Promise.resolve(Response.json(body));
    if (path === "/views/search") return json({ id: "search-1", queries: [] });
    if (path === "/views/search/search-1/execute") {
      return json({ id: "job-1", search_id: "search-1", owner: "admin", execution: { done: true, cancelled: false, completed_exceptionally: false }, results: {}, errors: [] });
    }
    if (path === "/views/fields") return json([]);
    return Promise.resolve(new Response("{}", { status: 500 }));
  };
  const user = { username: "admin", timezone: null, permissions: ["*"] } as unknown as User;
  const queryClient = new QueryClient();
  await prefetchSearchPage(queryClient, { page: "search", url: new URL("http://sluice/search"), params: {}, user, api });
  assert.deepEqual(calls.filter((call) => call.includes("/views/search")), ["POST /views/search", "POST /views/search/search-1/execute"]);
  const seeded = queryClient.getQueryCache().getAll().find((query) => query.queryHash === browserJobKey("", "UTC"));
  const model = seeded?.state.data as ViewJobResult | undefined;
  assert.deepEqual(Object.keys(model?.queries[QUERY_ID]?.widgets ?? {}), ["message-count", "all-messages"]);
  // /streams answered 500: its query holds no data, so the browser fetches it.
  assert.ok(calls.includes("GET /streams"), "the streams were asked for");
  assert.equal(queryClient.getQueryData(streamsQueryOptions().queryKey), undefined);
});
