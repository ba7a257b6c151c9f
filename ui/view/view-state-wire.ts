import { readQueryViewState } from "../../api/schemas/view-state-reader.ts";
import type { QueryViewState } from "../../api/schemas/widgets.ts";
import type { ViewWidgets } from "./view-widgets.ts";
import { widgetSearchTypes } from "./widget-search-types.ts";

/** The page's widgets as a view's state for one query (spec 001 §3 'ViewState (per query)'). */
export function toQueryViewState(view: ViewWidgets): QueryViewState {
  return {
    selected_fields: null,
    titles: { widget: view.titles },
    widgets: view.widgets,
    widget_mapping: widgetSearchTypes(view.widgets, {}).widgetMapping,
    positions: view.positions,
    formatting: { highlighting: view.highlighting },
    static_message_list_id: null,
  };
}

/** A stored view state back into widgets; null when it is not a view state this version understands. */
export function fromQueryViewState(state: unknown): ViewWidgets | null {
  // Read without zod (QueryViewStateSchema's twin): zod stays out of the browser's scripts.
  const parsed = readQueryViewState(state);
  if (!parsed) return null;
  const { widgets, positions, titles, formatting } = parsed;
  return { widgets, positions, titles: titles.widget, highlighting: formatting.highlighting };
}
