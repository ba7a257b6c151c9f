import type { MessagesWidget } from "../../../api/schemas/widgets.ts";
import { MessageTable } from "./MessageTable.tsx";
import type { WidgetViewProps } from "../widget-context.ts";
import { MESSAGES_PAGE_SIZE } from "../../view/widget-search-types.ts";

/** Elasticsearch's default result window: offset + limit may not pass it. */
const RESULT_WINDOW_LIMIT = 10_000;

/** A message table widget's body. */
export function MessagesWidgetView(props: WidgetViewProps<MessagesWidget>) {
  const { widget, result, onConfigChange, page, onPageChange } = props;
  const data = result?.data?.type === "messages" ? result.data : null;
  if (!data) return null;
  return (
    <MessageTable
      config={widget.config}
      onConfigChange={(config) => {
        // A new sort is new data: back to the first page (spec 001 §4).
        if (JSON.stringify(config.sort) !== JSON.stringify(widget.config.sort)) onPageChange(1);
        onConfigChange(config);
      }}
      messages={data.messages}
      total={data.total}
      page={page}
      pageSize={MESSAGES_PAGE_SIZE}
      resultWindowLimit={data.resultWindowLimit ?? RESULT_WINDOW_LIMIT}
      onPageChange={onPageChange}
      timezone={props.timezone}
      cellColor={props.cellColor}
      fieldTypes={props.fieldTypes}
      query={props.query}
      onQueryChange={props.onQueryChange}
    />
  );
}
