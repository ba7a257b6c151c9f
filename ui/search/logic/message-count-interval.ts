import type { AggregationWidget, PivotInterval, Widget } from "../../../api/schemas/widgets.ts";
import { MESSAGE_COUNT_TITLE, MESSAGE_COUNT_WIDGET_ID } from "../../widgets/logic/default-search-view.ts";
import type { ViewWidgets } from "../../view/view-widgets.ts";

/**
 * The 'Message Count' chart whose time grouping the `interval` URL parameter sets: the default one by its fixed
 * id, else the widget titled 'Message Count', else the first aggregation grouped by time on `timestamp` (a saved
 * search's chart has its own id). Null when the page has no time-grouped chart.
 */
export function messageCountWidgetOf(view: ViewWidgets): AggregationWidget | null {
  const charts = view.widgets.filter(isTimeGroupedChart);
  return charts.find((widget) => widget.id === MESSAGE_COUNT_WIDGET_ID) ??
    charts.find((widget) => view.titles[widget.id] === MESSAGE_COUNT_TITLE) ??
    charts[0] ??
    null;
}

/** The interval of the 'Message Count' chart's time grouping, null without such a chart. */
export function messageCountInterval(view: ViewWidgets): PivotInterval | null {
  const widget = messageCountWidgetOf(view);
  const pivot = widget?.config.row_pivots.find((candidate) => candidate.type === "time");
  return pivot?.type === "time" ? pivot.config.interval : null;
}

/** The view with the 'Message Count' chart grouped by `interval`; the same object when nothing changes. */
export function withMessageCountInterval(view: ViewWidgets, interval: PivotInterval): ViewWidgets {
  const target = messageCountWidgetOf(view);
  if (!target || sameInterval(messageCountInterval(view), interval)) return view;
  const updated: AggregationWidget = {
    ...target,
    config: {
      ...target.config,
      row_pivots: target.config.row_pivots.map((pivot) =>
        pivot.type === "time" ? { ...pivot, config: { ...pivot.config, interval } } : pivot
      ),
    },
  };
  return { ...view, widgets: view.widgets.map((widget) => widget.id === target.id ? updated : widget) };
}

export function sameInterval(a: PivotInterval | null, b: PivotInterval | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.type === "auto") return b.type === "auto" && a.scaling === b.scaling;
  if (b.type === "auto") return false;
  return a.value === b.value && a.unit === b.unit;
}

function isTimeGroupedChart(widget: Widget): widget is AggregationWidget {
  return widget.type === "aggregation" &&
    widget.config.row_pivots.some((pivot) => pivot.type === "time" && pivot.fields.includes("timestamp"));
}
