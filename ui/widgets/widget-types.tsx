import { Center, Loader } from "@mantine/core";
import { type ComponentType, lazy, Suspense } from "react";
import type { MessagesWidget, Widget, WidgetType } from "../../api/schemas/widgets.ts";
import { aggregationWidgetTitle } from "../aggregation/logic/widget-title.ts";
import { AggregationWidgetEditor } from "./AggregationWidgetEditor.tsx";
import { AggregationWidgetView } from "./AggregationWidgetView.tsx";
import { MessagesWidgetView } from "./messages/MessagesWidgetView.tsx";
import type { WidgetEditorProps } from "./widget-editor-props.ts";
import type { WidgetViewProps } from "./widget-context.ts";

/** A widget type: how it is titled, sized and drawn (spec 001 §3 'Widget types and defaults'). */
export interface WidgetTypeDefinition<T extends WidgetType> {
  /** The title of a widget nobody named. */
  defaultTitle: (widget: Extract<Widget, { type: T }>) => string;
  /** Size of a new widget in grid units. */
  size: { height: number; width: number };
  /** Whether the frame offers Export: message tables export their rows, aggregations their table as CSV. */
  exportable: boolean;
  View: ComponentType<WidgetViewProps<Extract<Widget, { type: T }>>>;
  /** The edit panel shown beside the preview in edit mode. */
  Editor: ComponentType<WidgetEditorProps<Extract<Widget, { type: T }>>>;
}

// The message table's editor (with the decorator forms) shows only in edit mode: its code loads then, not with
// the search page (issue 4 item 10).
const MessagesWidgetEditorOnDemand = lazy(() =>
  import("./messages/MessagesWidgetEditor.tsx").then((module) => ({ default: module.MessagesWidgetEditor }))
);

function MessagesWidgetEditor(props: WidgetEditorProps<MessagesWidget>) {
  return (
    <Suspense fallback={<Center p="md"><Loader size="sm" aria-label="Loading the message table editor" /></Center>}>
      <MessagesWidgetEditorOnDemand {...props} />
    </Suspense>
  );
}

export const UNTITLED_MESSAGE_TABLE = "Untitled Message Table";

export const WIDGET_TYPES: { [T in WidgetType]: WidgetTypeDefinition<T> } = {
  messages: {
    defaultTitle: () => UNTITLED_MESSAGE_TABLE,
    size: { height: 5, width: 6 },
    exportable: true,
    View: MessagesWidgetView,
    Editor: MessagesWidgetEditor,
  },
  aggregation: {
    defaultTitle: (widget) => aggregationWidgetTitle(widget.config),
    size: { height: 4, width: 4 },
    exportable: true,
    View: AggregationWidgetView,
    Editor: AggregationWidgetEditor,
  },
};

/** Looks up a widget's definition with its type narrowed (the record is exhaustive). */
export function widgetTypeOf<W extends Widget>(widget: W): WidgetTypeDefinition<W["type"]> {
  return WIDGET_TYPES[widget.type] as WidgetTypeDefinition<W["type"]>;
}

export function widgetTitle(widget: Widget, titles: Readonly<Record<string, string>>): string {
  return titles[widget.id] ?? (widgetTypeOf(widget).defaultTitle as (widget: Widget) => string)(widget);
}
