import { atom, createStore } from "jotai";
import type { SavedView } from "../views/view-queries.ts";
import type { DashboardPage } from "./logic/dashboard-pages.ts";

/**
 * The client state of the dashboard on screen (STYLE: jotai atoms per feature), in a store of its own made when
 * the dashboard opens: its pages as edited, and the saved view with its pages as last saved or loaded (to tell
 * unsaved changes). The active page, focus, override and filter live in the URL.
 */
export interface DashboardState {
  pages: DashboardPage[];
  /** Null for a new, unsaved dashboard. */
  view: SavedView | null;
  savedPages: DashboardPage[] | null;
}

export const dashboardAtom = atom<DashboardState>({ pages: [], view: null, savedPages: null });

/** A store holding a dashboard's opening state. */
export function createDashboardStore(state: DashboardState) {
  const store = createStore();
  store.set(dashboardAtom, state);
  return store;
}

/** Whether the pages differ from what was last saved (a new dashboard has nothing to lose until it has widgets). */
export function isDashboardDirty(state: DashboardState): boolean {
  if (state.savedPages === null) return state.pages.some((page) => page.widgets.widgets.length > 0);
  return JSON.stringify(state.pages) !== JSON.stringify(state.savedPages);
}
