import type { MessagesResult, PivotResult, SearchJobResults } from "../../api/schemas/search.ts";
import type { Widget } from "../../api/schemas/widgets.ts";
import { type MessageRow, toMessageRow, widgetErrors } from "../widgets/messages/logic/message-rows.ts";
import { type EventAnnotation, eventAnnotations } from "./event-annotations.ts";
import { eventsSearchTypeIdOf, searchTypeIdOf, trendSearchTypeIdOf } from "./widget-search-types.ts";

/** What a message table widget shows from the job. */
export interface MessagesWidgetData {
  type: "messages";
  messages: MessageRow[];
  total: number;
  /** The result window limit when the search engine reported it. */
  resultWindowLimit: number | null;
  effectiveRange: MessagesResult["effective_timerange"];
}

export interface AggregationWidgetData {
  type: "aggregation";
  pivot: PivotResult;
  /** The same pivot over the previous period (single number trend). */
  previous?: PivotResult;
  /** Events in the widget's range, for charts with event annotations. */
  events?: EventAnnotation[];
}

/** One widget's share of the search job: its data, or the errors to show instead (spec 001 §8). */
export interface WidgetResult {
  errors: string[];
  data: MessagesWidgetData | AggregationWidgetData | null;
}

/** One query's share of the view's job: its execution figures and each of its widgets' result by widget id. */
export interface QueryResult {
  durationMs: number;
  executedAt: string | null;
  effectiveRange: { from: string; to: string } | null;
  widgets: Record<string, WidgetResult>;
}

/** Hands each widget of a query its search types' results from the job (widget_mapping: see widget-search-types.ts). */
export function toQueryResult(
  job: SearchJobResults,
  queryId: string,
  widgets: readonly Widget[],
): QueryResult {
  const result = job.results[queryId];
  const allErrors = [...(result?.errors ?? []), ...(job.errors ?? [])];
  const entries = widgets.map((widget): [string, WidgetResult] => {
    const searchTypeId = searchTypeIdOf(widget);
    const errors = widgetErrors(job, queryId, searchTypeId);
    const own = result?.search_types[searchTypeId];
    if (own?.type === "messages") {
      const windowError = allErrors.find((error) =>
        error.search_type_id === searchTypeId && error.type === "result_window_limit"
      );
      return [widget.id, {
        errors,
        data: {
          type: "messages",
          messages: own.messages.map(toMessageRow),
          total: own.total_results,
          resultWindowLimit: windowError?.result_window_limit ?? null,
          effectiveRange: own.effective_timerange,
        },
      }];
    }
    if (own?.type === "pivot") {
      const previous = result?.search_types[trendSearchTypeIdOf(widget)];
      const events = result?.search_types[eventsSearchTypeIdOf(widget)];
      return [widget.id, {
        errors,
        data: {
          type: "aggregation",
          pivot: own,
          ...(previous?.type === "pivot" ? { previous } : {}),
          ...(events?.type === "events" ? { events: eventAnnotations(events.events) } : {}),
        },
      }];
    }
    return [widget.id, { errors, data: null }];
  });
  return {
    durationMs: result?.execution_stats.duration ?? 0,
    executedAt: result?.execution_stats.timestamp ?? null,
    effectiveRange: result ? result.execution_stats.effective_timerange : null,
    widgets: Object.fromEntries(entries),
  };
}
