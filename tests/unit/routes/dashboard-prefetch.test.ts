import assert from "node:assert/strict";
import { hashKey, QueryClient } from "@tanstack/react-query";
import type { Search } from "../../../api/schemas/search.ts";
import type { User } from "../../../api/schemas/user.ts";
import type { View } from "../../../api/schemas/views.ts";
import { prefetchDashboardPage, prefetchedDashboardPageOf } from "../../../routes/dashboard-prefetch.ts";
import type { InProcessApi, InProcessRequest } from "../../../routes/ssr-prefetch.ts";
import { manyWidgetsDashboardPages } from "../../../bench/dashboard-views.ts";
import { effectiveOverride, openDashboard } from "../../../ui/dashboards/logic/dashboard-opening.ts";
import type { DashboardPage } from "../../../ui/dashboards/logic/dashboard-pages.ts";
import { dashboardJob, dashboardPagesOf, dashboardSearch, dashboardViewBody } from "../../../ui/dashboards/logic/dashboard-wire.ts";
import { NO_OVERRIDE } from "../../../ui/dashboards/logic/global-override.ts";
import { viewJobQueryOptions, type ViewJobResult } from "../../../ui/view/view-job.ts";

/** Two pages: the first of three widgets, the second of one, over the last hour. */
function twoPages(): DashboardPage[] {
  const [first] = manyWidgetsDashboardPages(3);
  const [second] = manyWidgetsDashboardPages(1);
  return [first, { ...second, id: "page-2", title: "Traffic", search: { ...second.search, query: "http_status:500" } }];
}

/** The saved dashboard as GET /views/{id} and GET /views/search/{id} answer it. */
function savedDashboard(pages: DashboardPage[]): { view: View; search: Search } {
  const search = { ...dashboardSearch(pages, "UTC"), id: "search-1" } as Search;
  const view = { ...dashboardViewBody(pages, "search-1", { title: "Ops", summary: "", description: "" }), id: "view-1", owner: "admin" } as unknown as View;
  return { view, search };
}

/** The key DashboardPage's first render asks for (ui/dashboards/DashboardPage.tsx: no message table paged, run 0). */
function browserJobKey(pages: DashboardPage[], search: string, timezone: string): string {
  return hashKey(viewJobQueryOptions(dashboardJob(pages, timezone, effectiveOverride(new URLSearchParams(search)), {}, 0)).queryKey);
}

/** An in-process API answering the saved dashboard and one search job; every call recorded. */
function fakeApi(saved: { view: View; search: Search }, calls: string[]): InProcessApi {
  return (path: string, request?: InProcessRequest) => {
    calls.push(`${request?.method ?? "GET"} ${path}`);
    const json = (body: unknown) => Promise.resolve(Response.json(body));
    if (path === "/views/view-1") return json(saved.view);
    if (path === "/views/search/search-1") return json(saved.search);
    if (path === "/views/search") return json({ id: "job-search", queries: [] });
    if (path === "/views/search/job-search/execute") {
      return json({ id: "job-1", search_id: "job-search", owner: "admin", execution: { done: true, cancelled: false, completed_exceptionally: false }, results: {}, errors: [] });
    }
    if (path === "/views/fields") return json([]);
    return Promise.resolve(new Response("{}", { status: 404 }));
  };
}

const admin = { username: "admin", timezone: null, permissions: ["*"] } as unknown as User;

Deno.test("the dashboard pages are told apart by their route pattern; the list is not prefetched", () => {
  assert.equal(prefetchedDashboardPageOf("/dashboards/:viewId"), "dashboard");
  assert.equal(prefetchedDashboardPageOf("/dashboards/new"), "dashboardNew");
  assert.equal(prefetchedDashboardPageOf("/dashboards/tv/:viewId"), "dashboardTv");
  assert.equal(prefetchedDashboardPageOf("/dashboards"), null);
  assert.equal(prefetchedDashboardPageOf(undefined), null);
});

Deno.test("a dashboard opens on the page its URL names, with the URL's filter ANDed to every page's query", () => {
  const pages = twoPages();
  const opening = openDashboard(pages, new URLSearchParams("page=page-2&filter=source%3Aweb-01"), "UTC");
  assert.equal(opening.active?.id, "page-2");
  assert.equal(opening.running?.query, "(http_status:500) AND (source:web-01)");
  assert.deepEqual(opening.job.queries.map((query) => query.search.query), ["source:web-01", "(http_status:500) AND (source:web-01)"]);
  assert.deepEqual(opening.job.queries.map((query) => query.widgets.length), [3, 1]);
  assert.equal(openDashboard(pages, new URLSearchParams("page=gone"), "UTC").active?.id, "page-1");
});

Deno.test("a malformed override in the URL is no override: the page shows the error and runs its own searches", () => {
  assert.deepEqual(effectiveOverride(new URLSearchParams("rangetype=weekly")), NO_OVERRIDE);
  const pages = twoPages();
  assert.deepEqual(openDashboard(pages, new URLSearchParams("rangetype=weekly"), "UTC").job, dashboardJob(pages, "UTC", NO_OVERRIDE, {}, 0));
});

Deno.test("a saved dashboard's prefetch runs its one job for every page under the key the browser computes", async () => {
  const pages = twoPages();
  const saved = savedDashboard(pages);
  const calls: string[] = [];
  const queryClient = new QueryClient();
  const url = new URL("http://sluice/dashboards/view-1?filter=level%3A3");
  await prefetchDashboardPage(queryClient, { page: "dashboard", url, params: { viewId: "view-1" }, user: admin, api: fakeApi(saved, calls) });
  assert.deepEqual(calls.filter((call) => call.startsWith("POST /views/search")), ["POST /views/search", "POST /views/search/job-search/execute"]);
  // The pages the browser reads from the prefetched view and search are the ones saved.
  assert.deepEqual(dashboardPagesOf(saved).map((page) => page.id), ["page-1", "page-2"]);
  const seeded = queryClient.getQueryCache().getAll().find((query) => query.queryHash === browserJobKey(pages, url.search, "UTC"));
  const model = seeded?.state.data as ViewJobResult | undefined;
  assert.deepEqual(Object.keys(model?.queries ?? {}), ["page-1", "page-2"]);
  assert.deepEqual(Object.keys(model?.queries["page-1"]?.widgets ?? {}), ["widget-1", "widget-2", "widget-3"]);
  assert.ok(calls.includes("POST /views/fields"), "the active page's field types were asked for");
});

Deno.test("the wall display's prefetch runs the job but reads no streams or field types; an unknown dashboard runs none", async () => {
  const pages = twoPages();
  const calls: string[] = [];
  const queryClient = new QueryClient();
  const api = fakeApi(savedDashboard(pages), calls);
  await prefetchDashboardPage(queryClient, { page: "dashboardTv", url: new URL("http://sluice/dashboards/tv/view-1"), params: { viewId: "view-1" }, user: admin, api });
  assert.ok(calls.includes("POST /views/search/job-search/execute"));
  assert.ok(!calls.includes("GET /streams") && !calls.includes("POST /views/fields"), calls.join(", "));
  assert.ok(queryClient.getQueryCache().getAll().some((query) => query.queryHash === browserJobKey(pages, "", "UTC")));

  const unknown: string[] = [];
  await prefetchDashboardPage(new QueryClient(), { page: "dashboard", url: new URL("http://sluice/dashboards/nope"), params: { viewId: "nope" }, user: admin, api: fakeApi(savedDashboard(pages), unknown) });
  assert.ok(!unknown.some((call) => call.startsWith("POST /views/search")), unknown.join(", "));
});
