import type { PivotInterval, Widget } from "../../../api/schemas/widgets.ts";
import type { View } from "../../../api/schemas/views.ts";
import { toSavedView } from "../../views/view-queries.ts";
import { QUERY_ID } from "../../view/search-request.ts";
import { fromSearchQuery, type StoredSearch } from "../../view/search-from-wire.ts";
import { DEFAULT_SEARCH_STATE, type SearchUrlState } from "../../view/url-state.ts";
import type { ViewJob } from "../../view/view-job.ts";
import type { OpenView, ViewScopeState } from "../../view/view-state.ts";
import { fromQueryViewState } from "../../view/view-state-wire.ts";
import { defaultSearchView } from "../../widgets/logic/default-search-view.ts";
import { withMessageCountInterval } from "./message-count-interval.ts";

/**
 * What a search page opens with and the job it runs. SearchPage and the server render's prefetch
 * (routes/search-prefetch.ts) both call these functions, so the server runs the very job the page asks for.
 */

/** A saved search as its page loads it: the view, then its search. */
export interface LoadedSavedSearch {
  view: View;
  search: StoredSearch;
}

/** What a search page opens with. */
export interface OpenedSearchPage extends ViewScopeState {
  /** A saved search's own query, time range and streams (null when it holds no query, or the search is unsaved). */
  savedSearch: SearchUrlState | null;
}

/**
 * The view state of a search page on opening: a saved search's first query's widgets (the default new search when
 * it has none), else the default new search; the URL's `interval` sets the 'Message Count' chart's grouping.
 */
export function openSearchPage(saved: LoadedSavedSearch | null, interval: PivotInterval | undefined): OpenedSearchPage {
  const opened = saved ? openSavedSearch(saved) : { widgets: defaultSearchView(), open: null, savedSearch: null };
  return interval ? { ...opened, widgets: withMessageCountInterval(opened.widgets, interval) } : opened;
}

function openSavedSearch({ view, search }: LoadedSavedSearch): OpenedSearchPage {
  const [queryId, state] = Object.entries(view.state)[0] ?? [];
  const query = search.queries.find((candidate) => candidate.id === queryId) ?? search.queries[0];
  const widgets = fromQueryViewState(state) ?? defaultSearchView();
  const savedSearch = query ? fromSearchQuery(query) : null;
  const open: OpenView = { view: toSavedView(view), saved: { widgets, search: savedSearch ?? DEFAULT_SEARCH_STATE } };
  return { widgets, open, savedSearch };
}

/**
 * The search the page runs: the URL's, except at a saved search whose URL names no query or range (until the
 * page writes the saved one into the URL, after its first render), which runs what was saved.
 */
export function submittedSearch(
  fromUrl: SearchUrlState,
  open: OpenView | null,
  urlNamesSearch: boolean,
): SearchUrlState {
  return open && !urlNamesSearch ? open.saved.search : fromUrl;
}

/** The search page's one job: its one query with the page's search and widgets. */
export function searchPageJob(
  search: SearchUrlState,
  timezone: string,
  widgets: readonly Widget[],
  pages: Readonly<Record<string, number>>,
  run: number,
): ViewJob {
  return { queries: [{ id: QUERY_ID, search: { ...search, timezone }, widgets }], pages, run };
}
