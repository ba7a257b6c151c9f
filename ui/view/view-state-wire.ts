import { readQueryViewState } from "../../api/schemas/view-state-reader.ts";
import type { StoredWidget } from "../../api/schemas/views.ts";
import type { QueryViewState } from "../../api/schemas/widgets.ts";
import type { UnknownWidget, ViewWidgets } from "./view-widgets.ts";
import { widgetSearchTypes } from "./widget-search-types.ts";

/** A query's view state as stored: its widgets may include unknown ones, stored back as they were read. */
export type StoredQueryViewState = Omit<QueryViewState, "widgets"> & { widgets: StoredWidget[] };

/** The page's widgets as a view's state for one query (spec 001 §3 'ViewState (per query)'). */
export function toQueryViewState(view: ViewWidgets): StoredQueryViewState {
  return {
    selected_fields: null,
    titles: { widget: view.titles },
    widgets: [...view.widgets, ...view.unknownWidgets.map((widget) => widget.stored)],
    widget_mapping: widgetSearchTypes(view.widgets, {}).widgetMapping,
    positions: view.positions,
    formatting: { highlighting: view.highlighting },
    static_message_list_id: null,
  };
}

/**
 * A stored view state back into widgets; null when it is not a view state this version understands. A widget
 * this version cannot read (an unknown type, or a config it does not understand) becomes an unknown widget
 * instead of failing the whole view.
 */
export function fromQueryViewState(state: unknown): ViewWidgets | null {
  if (typeof state !== "object" || state === null) return null;
  const stored: unknown = (state as { widgets?: unknown }).widgets ?? [];
  if (!Array.isArray(stored)) return null;
  // Read without zod (QueryViewStateSchema's twin): zod stays out of the browser's scripts.
  const parsed = readQueryViewState({ ...state, widgets: [] });
  if (!parsed) return null;
  const widgets: ViewWidgets["widgets"] = [];
  const unknownWidgets: UnknownWidget[] = [];
  stored.forEach((candidate, index) => {
    const widget = readQueryViewState({ widgets: [candidate] })?.widgets[0];
    if (widget) widgets.push(widget);
    else unknownWidgets.push(unknownWidget(candidate, index));
  });
  const { positions, titles, formatting } = parsed;
  return { widgets, unknownWidgets, positions, titles: titles.widget, highlighting: formatting.highlighting };
}

function unknownWidget(stored: unknown, index: number): UnknownWidget {
  const fields = typeof stored === "object" && stored !== null ? stored as Record<string, unknown> : {};
  const id = typeof fields.id === "string" && fields.id !== "" ? fields.id : `unknown-widget-${index + 1}`;
  const type = typeof fields.type === "string" ? fields.type : "";
  // A stored view's widgets all have a string id and type (the API refuses others); one read elsewhere gets both.
  return { id, type, stored: { ...fields, id: typeof fields.id === "string" ? fields.id : id, type } };
}
