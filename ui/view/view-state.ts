import { atom } from "jotai";
import type { SavedView } from "../views/view-queries.ts";
import type { SearchUrlState } from "./url-state.ts";
import { EMPTY_VIEW_WIDGETS, type ViewWidgets } from "./view-widgets.ts";

/**
 * The per-view client state (STYLE: jotai atoms per feature). These atoms live in the view's own store, which
 * `useViewScope` creates filled with what the page loaded: nothing copies them in afterwards. The query and
 * time range live in the URL.
 */

/** The saved view on the page, and what it looked like when last saved or loaded (to tell unsaved changes). */
export interface OpenView {
  view: SavedView;
  saved: { widgets: ViewWidgets; search: SearchUrlState };
}

/** What a view's store starts with. */
export interface ViewScopeState {
  widgets: ViewWidgets;
  /** Null for an unsaved search. */
  open: OpenView | null;
}

/** The widgets of the view on the page (of its one query on the search page). */
export const viewWidgetsAtom = atom<ViewWidgets>(EMPTY_VIEW_WIDGETS);

/** The saved view on the page; null for an unsaved search. */
export const openViewAtom = atom<OpenView | null>(null);
