import type { View, ViewType } from "../../api/schemas/views.ts";
import { apiCall } from "../api/api-client.ts";
import { createView, type SavedView, updateView, type ViewBody } from "../views/view-queries.ts";
import { toQueryViewState } from "../view/view-state-wire.ts";
import type { ViewWidgets } from "../view/view-widgets.ts";
import { widgetSearchTypes } from "../view/widget-search-types.ts";
import { buildSearch, QUERY_ID, type SearchDefinition } from "../view/search-request.ts";

export interface SearchToSave {
  widgets: ViewWidgets;
  definition: SearchDefinition;
  title: string;
  summary: string;
  description: string;
}

/**
 * Saves the page as a saved search (spec 001 §3 'View'): its search first (POST /views/search), then the view
 * with the widgets as the state of its one query. With `existing` the view is replaced, else a new one is made
 * (a dashboard for 'Export to dashboard').
 */
export async function saveSearch(search: SearchToSave, existing: SavedView | null, type: ViewType = "SEARCH"): Promise<View> {
  const { searchTypes } = widgetSearchTypes(search.widgets.widgets, {});
  const stored = await apiCall("post", "/views/search", { body: buildSearch([{ id: QUERY_ID, search: search.definition, searchTypes }]) });
  if (!stored.id) throw new Error("The search was stored without an id.");
  const body: ViewBody = {
    type,
    title: search.title,
    summary: search.summary,
    description: search.description,
    search_id: stored.id,
    properties: [],
    state: { [QUERY_ID]: toQueryViewState(search.widgets) },
    requires: {},
  };
  return existing ? await updateView(existing.id, { ...body, id: existing.id }) : await createView(body);
}
