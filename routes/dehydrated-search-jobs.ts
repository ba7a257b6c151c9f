import type { DehydratedState } from "@tanstack/react-query";
import type { ResultMessage } from "../api/schemas/search.ts";
import { type MessageRow, toMessageRow } from "../ui/widgets/messages/logic/message-rows.ts";
import { VIEW_JOB_KEY_PREFIX, type ViewJobResult } from "../ui/view/view-job.ts";
import type { QueryResult, WidgetResult } from "../ui/view/widget-results.ts";

/** A message row as it travels in the page: the wire message it was made from (the row is derived from it). */
type CompactMessageRow = Pick<ResultMessage, "message" | "index" | "highlight_ranges" | "decoration_stats">;

/**
 * A view page's dehydrated search job without what the browser derives: each message row's field list
 * (display texts of every field, sorted) repeats the stored message it comes with, nearly half the dehydrated
 * state. The server writes the wire message only (`compactSearchJobs`); the browser rebuilds the rows with the
 * same function the job's model uses (`expandSearchJobs`), so the cache holds what a browser-run job would.
 */
export function compactSearchJobs(state: DehydratedState): DehydratedState {
  return mapSearchJobs(state, (row: MessageRow): CompactMessageRow => ({
    message: row.raw,
    index: row.index,
    highlight_ranges: row.highlightRanges,
    decoration_stats: row.decorationStats ?? undefined,
  }));
}

/** The inverse of `compactSearchJobs`, before the state is hydrated. */
export function expandSearchJobs(state: DehydratedState): DehydratedState {
  return mapSearchJobs(state, (row: CompactMessageRow) => toMessageRow(row as ResultMessage));
}

function mapSearchJobs<From, To>(state: DehydratedState, mapRow: (row: From) => To): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const isJob = VIEW_JOB_KEY_PREFIX.every((part, index) => query.queryKey[index] === part);
      const model = query.state.data as ViewJobResult | undefined;
      if (!isJob || !model?.queries) return query;
      const queries = Object.fromEntries(
        Object.entries(model.queries).map(([id, result]): [string, QueryResult] => [id, mapQueryRows(result, mapRow)]),
      );
      return { ...query, state: { ...query.state, data: { ...model, queries } } };
    }),
  };
}

function mapQueryRows<From, To>(result: QueryResult, mapRow: (row: From) => To): QueryResult {
  const widgets = Object.fromEntries(
    Object.entries(result.widgets).map(([id, widget]): [string, WidgetResult] => [
      id,
      widget.data?.type === "messages"
        ? {
          ...widget,
          data: {
            ...widget.data,
            messages: (widget.data.messages as unknown as From[]).map(mapRow) as unknown as MessageRow[],
          },
        }
        : widget,
    ]),
  );
  return { ...result, widgets };
}
