import type { QueryClient } from "@tanstack/react-query";
import type { User } from "../api/schemas/user.ts";
import type { Widget } from "../api/schemas/widgets.ts";
import { isPermitted } from "../shared/permissions.ts";
import { isTimeZone } from "../shared/wall-time.ts";
import type { SearchDefinition } from "../ui/search/logic/search-request.ts";
import { parseSearchUrl } from "../ui/search/logic/url-state.ts";
import {
  fieldTypesQueryOptions,
  fieldTypesRequest,
  runSearchJob,
  savedSearchQueryOptions,
  searchConfigQueryOptions,
  searchJobQueryOptions,
  type SearchJobTransport,
  streamsQueryOptions,
} from "../ui/search/search-queries.ts";
import { type OpenedSavedSearch, openSavedSearch } from "../ui/search/search-state.ts";
import { urlNamesSearch } from "../ui/search/use-open-search.ts";
import { viewQueryOptions } from "../ui/views/view-queries.ts";
import { defaultSearchView } from "../ui/widgets/logic/default-search-view.ts";
import { type PathName, paths } from "../shared/paths.ts";
import { callApi, type InProcessApi, prefetchApiQuery } from "./ssr-prefetch.ts";

/** The search pages whose first search job the server runs: the default new search, or a saved search. */
export const PREFETCHED_SEARCH_PAGES = [
  "search",
  "searchNew",
  "streamSearch",
  "searchView",
] as const satisfies readonly PathName[];
export type PrefetchedSearchPage = (typeof PREFETCHED_SEARCH_PAGES)[number];

/** The search job a search page asks for when it hydrates: the arguments of `searchJobQueryOptions`. */
export interface InitialSearchJob {
  definition: SearchDefinition;
  widgets: readonly Widget[];
  pages: Readonly<Record<string, number>>;
  run: number;
}

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
 * The job the page will run on hydration, computed exactly as SearchPage does: URL state (or, at a saved search
 * whose URL names no search, the saved one) → search definition; the default widgets or the saved search's;
 * first pages; run 0. Null when the first render does not ask for a job the server can know: an invalid URL (the
 * page shows an error), a saved search that could not be read, or an `interval` parameter (the page changes the
 * 'Message Count' widget after mounting, so the job it runs has other widgets).
 */
export function initialSearchJob(
  page: PrefetchedSearchPage,
  search: URLSearchParams,
  params: { streamId?: string },
  timezone: string,
  saved: OpenedSavedSearch | null = null,
): InitialSearchJob | null {
  if (page === "searchView" && !saved) return null;
  const streamId = page === "streamSearch" ? params.streamId : undefined;
  const parsed = parseSearchUrl(search, streamId ? [streamId] : []);
  if (!parsed.ok || parsed.interval) return null;
  const state = saved && !urlNamesSearch(search) ? saved.open.saved.search : parsed.state;
  const widgets = saved ? saved.widgets.widgets : defaultSearchView().widgets;
  return { definition: { ...state, timezone }, widgets, pages: {}, run: 0 };
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
  const transport: SearchJobTransport = (method, path, body) => callApi(api, method, path, body);
  const shared = Promise.all([
    prefetchApiQuery(queryClient, streamsQueryOptions(), api),
    isPermitted(user.permissions, "clusterconfigentry:read")
      ? prefetchApiQuery(queryClient, searchConfigQueryOptions(), api)
      : undefined,
  ]);
  const saved = page === "searchView" && params.viewId
    ? await prefetchSavedSearch(queryClient, params.viewId, api)
    : null;
  const job = initialSearchJob(page, url.searchParams, params, timezone, saved);
  await Promise.all([
    shared,
    job && queryClient.prefetchQuery({
      queryKey: fieldTypesQueryOptions(job.definition.streams, job.definition.timerange, timezone).queryKey,
      retry: false,
      queryFn: () =>
        transport("POST", "/views/fields", fieldTypesRequest(job.definition.streams, job.definition.timerange, timezone)),
    }),
    job && queryClient.prefetchQuery({
      queryKey: searchJobQueryOptions(job.definition, job.widgets, job.pages, job.run).queryKey,
      retry: false,
      queryFn: () => runSearchJob(transport, job.definition, job.widgets, job.pages, Date.now()),
    }),
  ]);
}

/** Prefetches the saved search of /search/{viewId} (its view, then its search) and opens it as the browser will. */
async function prefetchSavedSearch(
  queryClient: QueryClient,
  viewId: string,
  api: InProcessApi,
): Promise<OpenedSavedSearch | null> {
  const viewOptions = viewQueryOptions(viewId);
  await prefetchApiQuery(queryClient, viewOptions, api);
  const view = queryClient.getQueryData(viewOptions.queryKey);
  if (!view) return null;
  const searchOptions = savedSearchQueryOptions(view.search_id);
  await prefetchApiQuery(queryClient, searchOptions, api);
  const search = queryClient.getQueryData(searchOptions.queryKey);
  return search ? openSavedSearch(view, search) : null;
}
