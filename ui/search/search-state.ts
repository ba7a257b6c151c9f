import { atom } from "jotai";
import type { SavedView } from "../views/view-queries.ts";
import { defaultSearchView } from "../widgets/logic/default-search-view.ts";
import type { ViewWidgets } from "../widgets/logic/view-widgets.ts";
import type { SearchUrlState } from "./logic/url-state.ts";

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
