import type { MessagesSearchType, ResultMessage } from "../../api/schemas/search.ts";
import type { HighlightTerm } from "./highlight.ts";
import { highlightRanges } from "./highlight.ts";
import type { SearchTypeContext } from "./search-context.ts";
import { SearchTypeError } from "./search-type-error.ts";
import { effectiveTimeRange } from "./time-range.ts";

/** Elasticsearch's default `index.max_result_window`: offset + limit may not pass it. */
export const RESULT_WINDOW_LIMIT = 10_000;

export interface MessagesExecution {
  limit?: number;
  offset?: number;
  /** Terms to mark in the results (from the query). */
  highlight: HighlightTerm[];
}

/**
 * The `messages` search type: a page of messages in the requested order (ties broken by `gl2_message_id`, so
 * paging is stable) and the total number of hits.
 */
export async function executeMessages(searchType: MessagesSearchType, context: SearchTypeContext, execution: MessagesExecution) {
  const limit = execution.limit ?? searchType.limit;
  const offset = execution.offset ?? searchType.offset;
  if (offset + limit > RESULT_WINDOW_LIMIT) {
    throw new SearchTypeError(
      "result_window_limit",
      `Result window is too large: offset + limit must be at most ${RESULT_WINDOW_LIMIT}, but was ${offset + limit}.`,
      RESULT_WINDOW_LIMIT,
    );
  }
  const order = orderBy(searchType.sort, context);
  const { filter, db, store } = context;
  const [count, rows] = await Promise.all([
    db.first<{ n: bigint }>(`SELECT count(*) AS n FROM messages WHERE ${filter.sql}`, filter.params),
    limit === 0 ? Promise.resolve([]) : db.all(
      `SELECT ${store.selectList()} FROM messages WHERE ${filter.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
      [...filter.params, limit, offset],
    ),
  ]);
  const wanted = searchType.fields.length > 0 ? new Set(["_id", "timestamp", ...searchType.fields]) : null;
  const isAnalyzed = (field: string) => context.catalog.field(field)?.matching === "analyzed";
  const messages: ResultMessage[] = rows.map((row) => {
    const decoded = store.decodeRow(row);
    const fields = wanted ? Object.fromEntries(Object.entries(decoded.fields).filter(([name]) => wanted.has(name))) : decoded.fields;
    const ranges = highlightRanges(fields, execution.highlight, isAnalyzed);
    return { message: fields, index: decoded.index, ...(ranges ? { highlight_ranges: ranges } : {}) };
  });
  return {
    id: searchType.id,
    ...(searchType.name ? { name: searchType.name } : {}),
    type: "messages" as const,
    messages,
    total_results: Number(count?.n ?? 0),
    effective_timerange: effectiveTimeRange(context),
  };
}

/** ORDER BY from the requested sort; unknown fields fail like Elasticsearch ("No mapping found"). */
function orderBy(sort: MessagesSearchType["sort"], context: SearchTypeContext): string {
  const parts = sort.map(({ field, order }) => {
    const stored = context.catalog.field(field);
    if (!stored) throw new SearchTypeError("search_type", `No mapping found for [${field}] in order to sort on`);
    return `${stored.valueSql} ${order === "ASC" ? "ASC" : "DESC"} NULLS LAST`;
  });
  const tieBreak = sort[0]?.order === "ASC" ? "ASC" : "DESC";
  return [...parts, `gl2_message_id ${tieBreak}`].join(", ");
}
