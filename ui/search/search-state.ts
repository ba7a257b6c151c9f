import { atom } from "jotai";
import type { Search } from "../../api/schemas/search.ts";
import type { View } from "../../api/schemas/views.ts";
import { type SavedView, toSavedView } from "../views/view-queries.ts";
import { defaultSearchView } from "../widgets/logic/default-search-view.ts";
import { fromQueryViewState } from "../widgets/logic/view-state-wire.ts";
import type { ViewWidgets } from "../widgets/logic/view-widgets.ts";
import { fromSearchQuery } from "./logic/search-from-wire.ts";
import { DEFAULT_SEARCH_STATE, type SearchUrlState } from "./logic/url-state.ts";

/** The search page's client state (STYLE: jotai atoms per feature); the query and time range live in the URL. */

/** The widgets of the open search: the default new search until a saved one is loaded. */
export const viewWidgetsAtom = atom<ViewWidgets>(defaultSearchView());

/** The saved search on the page, and what it looked like when last saved or loaded (to tell unsaved changes). */
export interface OpenSearch {
  view: SavedView;
  saved: { widgets: ViewWidgets; search: SearchUrlState };
}

/** Null for an unsaved search. */
export const openSearchAtom = atom<OpenSearch | null>(null);

/** What opening a saved search puts on the page. */
export interface OpenedSavedSearch {
  widgets: ViewWidgets;
  /** The saved query, time range and streams (null when the search holds no query). */
  search: SearchUrlState | null;
  open: OpenSearch;
}

/**
 * Opens a saved search from its view and its search: the first query's widgets (the default new search when it
 * has none) and search state. The browser and the server render (routes/search-prefetch.ts) open it alike.
 */
export function openSavedSearch(view: View, search: Search): OpenedSavedSearch {
  const [queryId, state] = Object.entries(view.state)[0] ?? [];
  const query = search.queries.find((candidate) => candidate.id === queryId) ?? search.queries[0];
  const widgets = fromQueryViewState(state) ?? defaultSearchView();
  const searchState = query ? fromSearchQuery(query) : null;
  return {
    widgets,
    search: searchState,
    open: { view: toSavedView(view), saved: { widgets, search: searchState ?? DEFAULT_SEARCH_STATE } },
  };
}
