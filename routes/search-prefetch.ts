import type { QueryClient } from "@tanstack/react-query";
import type { User } from "../api/schemas/user.ts";
import { isPermitted } from "../shared/permissions.ts";
import { isTimeZone } from "../shared/wall-time.ts";
import {
  type LoadedSavedSearch,
  openSearchPage,
  searchPageJob,
  submittedSearch,
} from "../ui/search/logic/search-page-view.ts";
import { savedSearchQueryOptions } from "../ui/search/search-queries.ts";
import {
  fieldTypesQueryOptions,
  searchConfigQueryOptions,
  streamsQueryOptions,
} from "../ui/view/search-support-queries.ts";
import { parseSearchUrl, urlNamesSearch } from "../ui/view/url-state.ts";
import { type ViewJob, viewJobQueryOptions } from "../ui/view/view-job.ts";
import { viewQueryOptions } from "../ui/views/view-queries.ts";
import { type PathName, paths } from "../shared/paths.ts";
import { type InProcessApi, inProcessRequester, prefetchResourceQuery } from "./ssr-prefetch.ts";

/** The search pages whose first search job the server runs: the default new search, or a saved search. */
export const PREFETCHED_SEARCH_PAGES = [
  "search",
  "searchNew",
  "streamSearch",
  "searchView",
] as const satisfies readonly PathName[];
export type PrefetchedSearchPage = (typeof PREFETCHED_SEARCH_PAGES)[number];

/** Which prefetched search page a matched route pattern is (null for any other page). */
export function prefetchedSearchPageOf(routePattern: string | undefined): PrefetchedSearchPage | null {
  return PREFETCHED_SEARCH_PAGES.find((name) => paths[name].pattern === routePattern) ?? null;
}

/**
 * The search page's time zone as `useSearchTimezone` computes it in the browser: the user's, else UTC. The job's
 * key holds it, so both sides must agree.
 */
export function searchTimezoneOf(user: Pick<User, "timezone">): string {
  return user.timezone && isTimeZone(user.timezone) ? user.timezone : "UTC";
}

/**
 * The job the page will run on hydration, from the same functions SearchPage calls (ui/search/logic/
 * search-page-view.ts): the view state it opens with (default or saved widgets, the URL's interval) and the search
 * it submits; first pages, run 0. Null when the first render runs no job: an invalid URL (the page shows an error)
 * or a saved search that could not be read.
 */
export function initialSearchJob(
  page: PrefetchedSearchPage,
  search: URLSearchParams,
  params: { streamId?: string },
  timezone: string,
  saved: LoadedSavedSearch | null = null,
): ViewJob | null {
  if (page === "searchView" && !saved) return null;
  const streamId = page === "streamSearch" ? params.streamId : undefined;
  const parsed = parseSearchUrl(search, streamId ? [streamId] : []);
  if (!parsed.ok) return null;
  const opened = openSearchPage(saved, parsed.interval);
  const submitted = submittedSearch(parsed.state, opened.open, urlNamesSearch(search));
  return searchPageJob(submitted, timezone, opened.widgets.widgets, {}, 0);
}

export interface SearchPrefetchOptions {
  page: PrefetchedSearchPage;
  url: URL;
  params: { streamId?: string; viewId?: string };
  user: User;
  api: InProcessApi;
}

/**
 * Prefetches what a search page shows on its first render: streams, the search configuration, a saved search's
 * view and search, the field types and the page's one search job, run once through the in-process API and seeded
 * under the key the browser computes, so the page is rendered with its results and the browser does not run the
 * job again. A failing call leaves its query empty: the browser then fetches it as without server rendering.
 */
export async function prefetchSearchPage(
  queryClient: QueryClient,
  { page, url, params, user, api }: SearchPrefetchOptions,
): Promise<void> {
  const timezone = searchTimezoneOf(user);
  const request = inProcessRequester(api);
  const shared = Promise.all([
    prefetchResourceQuery(queryClient, streamsQueryOptions(), api),
    isPermitted(user.permissions, "clusterconfigentry:read")
      ? prefetchResourceQuery(queryClient, searchConfigQueryOptions(), api)
      : undefined,
  ]);
  const saved = page === "searchView" && params.viewId
    ? await prefetchSavedSearch(queryClient, params.viewId, api)
    : null;
  const job = initialSearchJob(page, url.searchParams, params, timezone, saved);
  const search = job?.queries[0]?.search;
  await Promise.all([
    shared,
    search && queryClient.prefetchQuery({
      ...fieldTypesQueryOptions(search.streams, search.timerange, timezone, request),
      retry: false,
    }),
    job && queryClient.prefetchQuery(viewJobQueryOptions(job, request)),
  ]);
}

/**
 * Prefetches a saved view: its view, then its search (what `useSavedSearch` reads, and a dashboard's page; a
 * dashboard is a view too).
 */
export async function prefetchSavedSearch(
  queryClient: QueryClient,
  viewId: string,
  api: InProcessApi,
): Promise<LoadedSavedSearch | null> {
  const viewOptions = viewQueryOptions(viewId);
  await prefetchResourceQuery(queryClient, viewOptions, api);
  const view = queryClient.getQueryData(viewOptions.queryKey);
  if (!view) {
    // A failed read (a view that does not exist) is not sent to the browser, which reads it again and shows why:
    // the server renders what the browser's first render shows, the loader, not the failure.
    queryClient.removeQueries({ queryKey: viewOptions.queryKey, exact: true });
    return null;
  }
  const searchOptions = savedSearchQueryOptions(view.search_id);
  await prefetchResourceQuery(queryClient, searchOptions, api);
  const search = queryClient.getQueryData(searchOptions.queryKey);
  return search ? { view, search } : null;
}
