import type { StoredWidget } from "../../api/schemas/views.ts";
import type { HighlightingRule, Widget, WidgetPosition } from "../../api/schemas/widgets.ts";

/**
 * The widgets of a search or dashboard page as the page edits them: the widgets, their grid positions and titles,
 * and the highlighting rules (spec 001 §3 'ViewState (per query)'). Pure operations, one per user action (§4).
 */
export interface ViewWidgets {
  widgets: Widget[];
  /** Stored widgets of a type this version does not know: kept as stored, shown as 'unknown widget'. */
  unknownWidgets: UnknownWidget[];
  positions: Record<string, WidgetPosition>;
  titles: Record<string, string>;
  highlighting: HighlightingRule[];
}

/** A stored widget of an unknown type (a plugin's, a legacy dashboard's): opaque, saved back unchanged. */
export interface UnknownWidget {
  id: string;
  /** The stored type name ('' when it had none). */
  type: string;
  /** The widget as stored. */
  stored: StoredWidget;
}

/** Grid columns; a width of this many or more is full width, stored as 'Infinity' (spec 001 §3, §9). */
export const GRID_COLUMNS = 12;

export const EMPTY_VIEW_WIDGETS: ViewWidgets = {
  widgets: [],
  unknownWidgets: [],
  positions: {},
  titles: {},
  highlighting: [],
};

/** The ids of every widget on the grid, known and unknown. */
export function gridWidgetIds(state: ViewWidgets): string[] {
  return [...state.widgets, ...state.unknownWidgets].map((widget) => widget.id);
}

/** Width in grid columns; 'Infinity' spans the grid. */
export function columnSpan(position: WidgetPosition): number {
  return position.width === "Infinity" ? GRID_COLUMNS : Math.min(position.width, GRID_COLUMNS);
}

/** Width as stored: GRID_COLUMNS or more becomes 'Infinity'. */
export function storedWidth(columns: number): WidgetPosition["width"] {
  return columns >= GRID_COLUMNS ? "Infinity" : columns;
}

/** A new widget goes top-left; every other widget moves down by its height (spec 001 §4). */
export function addWidget(
  state: ViewWidgets,
  widget: Widget,
  size: { height: number; width: number },
  title?: string,
): ViewWidgets {
  const positions: Record<string, WidgetPosition> = {};
  for (const [id, position] of Object.entries(state.positions)) {
    positions[id] = { ...position, row: position.row + size.height };
  }
  positions[widget.id] = { col: 1, row: 1, height: size.height, width: storedWidth(size.width) };
  return {
    ...state,
    widgets: [widget, ...state.widgets],
    positions,
    titles: title === undefined ? state.titles : { ...state.titles, [widget.id]: title },
  };
}

/** A new widget in a given place (an empty slot of the grid): the others stay where they are. */
export function addWidgetAt(state: ViewWidgets, widget: Widget, position: WidgetPosition, title?: string): ViewWidgets {
  return {
    ...state,
    widgets: [...state.widgets, widget],
    positions: { ...state.positions, [widget.id]: position },
    titles: title === undefined ? state.titles : { ...state.titles, [widget.id]: title },
  };
}

/** Duplicate: a copy with a new id, '(copy)' appended to the title, placed top-left (spec 001 §4). */
export function duplicateWidget(
  state: ViewWidgets,
  widgetId: string,
  newId: string,
  title: string,
): ViewWidgets {
  const original = state.widgets.find((widget) => widget.id === widgetId);
  const position = state.positions[widgetId];
  if (!original || !position) return state;
  const copy = structuredClone({ ...original, id: newId });
  return addWidget(state, copy, { height: position.height, width: columnSpan(position) }, `${title} (copy)`);
}

export function removeWidget(state: ViewWidgets, widgetId: string): ViewWidgets {
  const { [widgetId]: _position, ...positions } = state.positions;
  const { [widgetId]: _title, ...titles } = state.titles;
  return {
    ...state,
    widgets: state.widgets.filter((widget) => widget.id !== widgetId),
    unknownWidgets: state.unknownWidgets.filter((widget) => widget.id !== widgetId),
    positions,
    titles,
  };
}

export function replaceWidget(state: ViewWidgets, widget: Widget): ViewWidgets {
  return { ...state, widgets: state.widgets.map((current) => current.id === widget.id ? widget : current) };
}

export function setWidgetTitle(state: ViewWidgets, widgetId: string, title: string): ViewWidgets {
  return { ...state, titles: { ...state.titles, [widgetId]: title } };
}

/** Stretch to full width, or compress back to half the grid. */
export function toggleWidgetWidth(state: ViewWidgets, widgetId: string): ViewWidgets {
  const position = state.positions[widgetId];
  if (!position) return state;
  const width = position.width === "Infinity" ? GRID_COLUMNS / 2 : "Infinity";
  return { ...state, positions: { ...state.positions, [widgetId]: { ...position, width } } };
}

export function setPositions(state: ViewWidgets, positions: Record<string, WidgetPosition>): ViewWidgets {
  return { ...state, positions };
}
