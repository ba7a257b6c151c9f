import { Text } from "@mantine/core";
import type { AggregationWidget } from "../../api/schemas/widgets.ts";
import { histogramBuckets } from "../search/logic/message-rows.ts";
import { MessageCountWidget } from "../search/MessageCountWidget.tsx";
import type { WidgetViewProps } from "./widget-context.ts";

export const NO_METRIC_TEXT = "To see results, add at least one metric";

/** An aggregation widget's body: its visualization drawn from the pivot result. */
export function AggregationWidgetView({ widget, result, timezone }: WidgetViewProps<AggregationWidget>) {
  if (widget.config.series.length === 0) return <Text c="dimmed" size="sm">{NO_METRIC_TEXT}</Text>;
  const data = result?.data?.type === "aggregation" ? result.data : null;
  if (!data) return null;
  return <MessageCountWidget buckets={histogramBuckets(data.pivot.rows)} timezone={timezone} />;
}
