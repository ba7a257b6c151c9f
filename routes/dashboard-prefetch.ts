import type { QueryClient } from "@tanstack/react-query";
import type { User } from "../api/schemas/user.ts";
import { isPermitted } from "../shared/permissions.ts";
import { type PathName, paths } from "../shared/paths.ts";
import { openDashboard } from "../ui/dashboards/logic/dashboard-opening.ts";
import { dashboardPagesOf } from "../ui/dashboards/logic/dashboard-wire.ts";
import { NEW_DASHBOARD_PAGE_ID, newDashboardPages } from "../ui/dashboards/logic/dashboard-pages.ts";
import { fieldTypesQueryOptions, searchConfigQueryOptions, streamsQueryOptions } from "../ui/view/search-support-queries.ts";
import { viewJobQueryOptions } from "../ui/view/view-job.ts";
import { prefetchSavedSearch, searchTimezoneOf } from "./search-prefetch.ts";
import { type InProcessApi, inProcessRequester, prefetchResourceQuery } from "./ssr-prefetch.ts";

/** The dashboard pages whose first render the server prefetches: a new dashboard, a saved one, its wall display. */
export const PREFETCHED_DASHBOARD_PAGES = ["dashboardNew", "dashboard", "dashboardTv"] as const satisfies readonly PathName[];
export type PrefetchedDashboardPage = (typeof PREFETCHED_DASHBOARD_PAGES)[number];

/** Which prefetched dashboard page a matched route pattern is (null for any other page). */
export function prefetchedDashboardPageOf(routePattern: string | undefined): PrefetchedDashboardPage | null {
  return PREFETCHED_DASHBOARD_PAGES.find((name) => paths[name].pattern === routePattern) ?? null;
}

export interface DashboardPrefetchOptions {
  page: PrefetchedDashboardPage;
  url: URL;
  params: { viewId?: string };
  user: User;
  api: InProcessApi;
}

/**
 * Prefetches what a dashboard shows on its first render, as routes/search-prefetch.ts does for the search page: the
 * saved view and its search, then the dashboard's one search job (every page, the URL's override and filter
 * applied; `openDashboard`, which the page's first render computes too), and for the editing page the streams, the
 * search configuration and the active page's field types. All through the in-process API under the keys the
 * browser computes, so the dashboard is rendered with its widgets drawn and the browser runs no job on hydration.
 * A failing call leaves its query empty: the browser then fetches it as without server rendering.
 */
export async function prefetchDashboardPage(
  queryClient: QueryClient,
  { page, url, params, user, api }: DashboardPrefetchOptions,
): Promise<void> {
  const timezone = searchTimezoneOf(user);
  const request = inProcessRequester(api);
  const editing = page !== "dashboardTv";
  const shared = editing
    ? Promise.all([
      prefetchResourceQuery(queryClient, streamsQueryOptions(), api),
      isPermitted(user.permissions, "clusterconfigentry:read")
        ? prefetchResourceQuery(queryClient, searchConfigQueryOptions(), api)
        : undefined,
    ])
    : undefined;
  const loaded = page === "dashboardNew" || !params.viewId ? null : await prefetchSavedSearch(queryClient, params.viewId, api);
  if (page !== "dashboardNew" && !loaded) return void await shared;
  const pages = loaded ? dashboardPagesOf(loaded) : newDashboardPages(NEW_DASHBOARD_PAGE_ID);
  const opening = openDashboard(pages, url.searchParams, timezone);
  await Promise.all([
    shared,
    editing && opening.running && queryClient.prefetchQuery({
      ...fieldTypesQueryOptions(opening.running.streams, opening.running.timerange, timezone, request),
      retry: false,
    }),
    queryClient.prefetchQuery(viewJobQueryOptions(opening.job, request)),
  ]);
}
