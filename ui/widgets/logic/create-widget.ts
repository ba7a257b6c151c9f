import type { Widget } from "../../../api/schemas/widgets.ts";
import { MESSAGE_COUNT_TITLE, messageCountWidget, messagesWidget } from "./default-search-view.ts";

/** A widget made by the sidebar's Create section: the widget, its title if it has a fixed one, and whether to edit it. */
export interface CreatedWidget {
  widget: Widget;
  title?: string;
  edit: boolean;
}

/** The widget kinds a page can create (spec 001 §2 'Sidebar', §9 'Default new widget'). */
export const WIDGET_CREATORS = {
  /** Count over a timestamp time pivot, as bars, rollup on; opened in the editor. */
  aggregation: (id: string): CreatedWidget => {
    const widget = messageCountWidget(id);
    return {
      widget: { ...widget, config: { ...widget.config, series: [{ function: "count()", config: {} }] } },
      edit: true,
    };
  },
  messages: (id: string): CreatedWidget => ({ widget: messagesWidget(id), edit: false }),
  messageCount: (id: string): CreatedWidget => ({
    widget: messageCountWidget(id),
    title: MESSAGE_COUNT_TITLE,
    edit: false,
  }),
} satisfies Record<string, (id: string) => CreatedWidget>;

export type CreatableWidget = keyof typeof WIDGET_CREATORS;
