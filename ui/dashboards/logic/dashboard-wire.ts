import type { Search } from "../../../api/schemas/search.ts";
import type { View, ViewBody } from "../../../api/schemas/views.ts";
import { buildSearch, type SearchDefinition } from "../../view/search-request.ts";
import { fromSearchQuery, type StoredSearch } from "../../view/search-from-wire.ts";
import type { ViewJob } from "../../view/view-job.ts";
import { fromQueryViewState, toQueryViewState } from "../../view/view-state-wire.ts";
import { EMPTY_VIEW_WIDGETS } from "../../view/view-widgets.ts";
import { widgetSearchTypes } from "../../view/widget-search-types.ts";
import { type DashboardPage, defaultPageTitle } from "./dashboard-pages.ts";
import { applyOverride, type GlobalOverride } from "./global-override.ts";

/** A saved dashboard as its page loads it: the view, then its search. */
export interface LoadedDashboard {
  view: View;
  search: StoredSearch;
}

/**
 * The pages of a saved dashboard: one per query of its search, in the search's order, each with the view state
 * stored under its id (a query without a state is an empty page; a state without a query is dropped).
 */
export function dashboardPagesOf({ view, search }: LoadedDashboard): DashboardPage[] {
  return search.queries.map((query, index) => {
    const state = view.state[query.id];
    const tab = (state as { titles?: { tab?: { title?: unknown } } } | undefined)?.titles?.tab?.title;
    return {
      id: query.id,
      title: typeof tab === "string" && tab !== "" ? tab : defaultPageTitle(index + 1),
      search: fromSearchQuery(query),
      widgets: fromQueryViewState(state ?? {}) ?? EMPTY_VIEW_WIDGETS,
    };
  });
}

/** The wire search of a dashboard: one query per page with its widgets' search types (POST /views/search). */
export function dashboardSearch(pages: readonly DashboardPage[], timezone: string): Search {
  return buildSearch(pages.map((page) => ({
    id: page.id,
    search: { ...page.search, timezone },
    searchTypes: widgetSearchTypes(page.widgets.widgets, {}).searchTypes,
  })));
}

/** The metadata of a dashboard as the properties dialog edits it. */
export interface DashboardMetadata {
  title: string;
  summary: string;
  description: string;
}

/** The view body of a dashboard over a stored search: each page's widgets and tab title under its query id. */
export function dashboardViewBody(pages: readonly DashboardPage[], searchId: string, metadata: DashboardMetadata): ViewBody {
  return {
    type: "DASHBOARD",
    ...metadata,
    search_id: searchId,
    properties: [],
    state: Object.fromEntries(pages.map((page) => {
      const state = toQueryViewState(page.widgets);
      return [page.id, { ...state, titles: { ...state.titles, tab: { title: page.title } } }];
    })),
    requires: {},
  };
}

/**
 * The dashboard's one job (ARCHITECTURE 'one job per page'): every page as a query with its widgets, the global
 * override and the dashboard filter applied to each.
 */
export function dashboardJob(
  pages: readonly DashboardPage[],
  timezone: string,
  override: GlobalOverride,
  tablePages: Readonly<Record<string, number>>,
  run: number,
): ViewJob {
  return {
    queries: pages.map((page) => {
      const search: SearchDefinition = { ...applyOverride(page.search, override), timezone };
      return { id: page.id, search, widgets: page.widgets.widgets };
    }),
    pages: tablePages,
    run,
  };
}
