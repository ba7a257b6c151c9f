import type { MessagesSearchType, ResultMessage } from "../../api/schemas/search.ts";
import { decorateSearchResults } from "../decorators/decorate-search-results.ts";
import type { StoredMessage } from "../message-store.ts";
import type { HighlightTerm } from "./highlight.ts";
import { highlightRanges } from "./highlight.ts";
import type { SearchTypeContext, SqlPredicate } from "./search-context.ts";
import type { HitsTable } from "./shared-hits.ts";
import { SearchTypeError } from "./search-type-error.ts";
import { effectiveTimeRange } from "./time-range.ts";

/** Elasticsearch's default `index.max_result_window`: offset + limit may not pass it. */
export const RESULT_WINDOW_LIMIT = 10_000;

export interface MessagesExecution {
  limit?: number;
  offset?: number;
  /** Terms to mark in the results (from the query). */
  highlight: HighlightTerm[];
  /** The streams searched, which choose the stored decorators (defaults to the search type's own streams). */
  streams?: readonly string[];
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
  const byTime = timeSortDirection(searchType.sort);
  let total: number;
  let rows: StoredMessage[];
  if (byTime !== null && limit > 0 && context.sharedHits) {
    ({ total, rows } = await sharedHitsPage(context, context.sharedHits, byTime, order, limit, offset));
  } else if (byTime !== null && limit > 0 && context.costlyFilter) {
    ({ total, rows } = await timeOrderedPage(context, byTime, order, limit, offset));
  } else if (byTime !== null && limit > 0) {
    const [count, page] = await Promise.all([
      db.first<{ n: bigint }>(`SELECT count(*) AS n FROM messages WHERE ${filter.sql}`, filter.params),
      edgeSlicePage(context, byTime, order, limit, offset),
    ]);
    total = Number(count?.n ?? 0);
    rows = page;
  } else {
    const [count, page] = await Promise.all([
      context.sharedHits
        ? { n: context.sharedHits.count }
        : db.first<{ n: bigint }>(`SELECT count(*) AS n FROM messages WHERE ${filter.sql}`, filter.params),
      limit === 0 ? Promise.resolve([]) : store.readMessages(
        `SELECT ${store.selectList()} FROM messages WHERE ${filter.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
        [...filter.params, limit, offset],
      ),
    ]);
    total = Number(count?.n ?? 0);
    rows = page;
  }
  const wanted = searchType.fields.length > 0 ? new Set(["_id", "timestamp", ...searchType.fields]) : null;
  const isAnalyzed = (field: string) => context.catalog.field(field)?.matching === "analyzed";
  const messages: ResultMessage[] = rows.map((decoded) => {
    const fields = wanted ? Object.fromEntries(Object.entries(decoded.fields).filter(([name]) => wanted.has(name))) : decoded.fields;
    const ranges = highlightRanges(fields, execution.highlight, isAnalyzed);
    return { message: fields, index: decoded.index, ...(ranges ? { highlight_ranges: ranges } : {}) };
  });
  const decorated = await decorateSearchResults(context.db, messages, { streams: execution.streams ?? searchType.streams ?? [], inline: searchType.decorators });
  return {
    id: searchType.id,
    ...(searchType.name ? { name: searchType.name } : {}),
    type: "messages" as const,
    messages: decorated,
    total_results: total,
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

/**
 * The total and a page sorted by time over hits shared from a text filter: their table gives the total (its
 * count) and the time of the page's last message (the `offset + limit`-th in time order), so the page is read from
 * the slice of the range between that time and the range's end, where zone maps on `timestamp` skip the rest;
 * every message of the page lies there, whatever the tie-break. Fewer hits than that: the page is all of them.
 * No pass over the range's messages is needed for either (before, the hits were counted per time bucket over the
 * range first). The search page's job with the histogram read from the same table (pivot/execute-pivot.ts), 1M
 * messages, median of 15 (bench/measure/job-overhead.ts, a one-off script kept in git history): a bare term over seven days 141 → 78 ms, a phrase over
 * an hour 32 → 26 ms.
 */
async function sharedHitsPage(
  context: SearchTypeContext,
  hits: HitsTable,
  direction: "ASC" | "DESC",
  order: string,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: StoredMessage[] }> {
  const total = hits.count;
  if (offset >= total) return { total, rows: [] };
  let slice: SqlPredicate = { sql: "TRUE", params: [] };
  if (offset + limit <= total) {
    const edge = await context.db.first<{ us: bigint }>(
      `SELECT epoch_us(timestamp) AS us FROM ${hits.table} ORDER BY timestamp ${direction} LIMIT 1 OFFSET ?`,
      [offset + limit - 1],
    );
    if (edge) {
      // Microseconds since 1970 stay below 2^53 until the year 2255: exact as a number.
      slice = {
        sql: `timestamp ${direction === "DESC" ? ">=" : "<="} make_timestamp(?::BIGINT)`,
        params: [Number(edge.us)],
      };
    }
  }
  return { total, rows: await pageInSlice(context, slice, order, limit, offset) };
}

/**
 * A page sorted by time for a cheap filter: the time of the page's last message (the `offset + limit`-th hit in
 * time order, a top-N over the timestamps alone), then the page from the slice of the range between it and the
 * range's end, which zone maps on `timestamp` narrow. A top-N over every column instead lets DuckDB fetch the
 * winners' columns by row id (late materialization), but that second scan does not prune by row id and read every
 * row group of the table: match-all over 4 hours of 1M messages took 100–570 ms for the page, 4 ms for the edge
 * and a few ms for the slice (bench/search.ts, issue 21). Fewer hits than that: the page is all of them.
 */
async function edgeSlicePage(
  context: SearchTypeContext,
  direction: "ASC" | "DESC",
  order: string,
  limit: number,
  offset: number,
): Promise<StoredMessage[]> {
  const { filter, db } = context;
  const edge = await db.first<{ us: bigint }>(
    `SELECT epoch_us(timestamp) AS us FROM messages WHERE ${filter.sql} ORDER BY timestamp ${direction} LIMIT 1 OFFSET ?`,
    [...filter.params, offset + limit - 1],
  );
  const slice: SqlPredicate = edge
    ? { sql: `timestamp ${direction === "DESC" ? ">=" : "<="} make_timestamp(?::BIGINT)`, params: [Number(edge.us)] }
    : { sql: "TRUE", params: [] };
  return await pageInSlice(context, slice, order, limit, offset);
}

/** The page of the filter's hits within `slice`, a part of the range that holds all of it. */
function pageInSlice(
  context: SearchTypeContext,
  slice: SqlPredicate,
  order: string,
  limit: number,
  offset: number,
): Promise<StoredMessage[]> {
  const { filter, store } = context;
  return store.readMessages(
    `SELECT ${store.selectList()} FROM messages WHERE ${filter.sql} AND ${slice.sql} ORDER BY ${order} LIMIT ? OFFSET ?`,
    [...filter.params, ...slice.params, limit, offset],
  );
}

/** Buckets of the hit count by time: enough that the newest page lies in a small slice of the range. */
const PAGE_BUCKETS = 256;

/** The direction when the sort is by `timestamp` first (the search page's default), else null. */
function timeSortDirection(sort: MessagesSearchType["sort"]): "ASC" | "DESC" | null {
  if (sort.length === 0) return null;
  return sort[0].field === "timestamp" ? (sort[0].order === "ASC" ? "ASC" : "DESC") : null;
}

/**
 * The total and a page sorted by time, for an expensive filter, in two statements instead of two full passes:
 * hits counted per time bucket (one pass over the range, the total is their sum), then the page read only from
 * the buckets that hold it, where zone maps on `timestamp` skip the rest. For a cheap filter the count beside the
 * page's edge and slice (edgeSlicePage) is faster: the statements run at once instead of one after the other. Measured
 * on 10M messages (bench/measure/job-overhead.ts, a one-off script kept in git history, minimum of 10): `_exists_` over a day 39.9 → 33.7 ms, a
 * range over an hour 32.2 → 26.8 ms, match-all over 7 days 185 → 136 ms; for a bare term the narrowed page
 * stays (one day: 294 ms narrowed, 560 ms by top-N). Hits shared from a text filter have their own way
 * (sharedHitsPage).
 */
async function timeOrderedPage(
  context: SearchTypeContext,
  direction: "ASC" | "DESC",
  order: string,
  limit: number,
  offset: number,
): Promise<{ total: number; rows: StoredMessage[] }> {
  const { filter, db, store } = context;
  // Bucket only where messages are: an "all time" range would put every message in one bucket.
  const stored = store.indices().filter((index) => index.beginMs !== null && index.endMs !== null);
  const dataFrom = Math.min(...stored.map((index) => index.beginMs!));
  const dataTo = Math.max(...stored.map((index) => index.endMs!));
  const from = Math.max(context.from, Number.isFinite(dataFrom) ? dataFrom : context.from);
  const to = Math.max(from, Math.min(context.to, Number.isFinite(dataTo) ? dataTo : context.to));
  const width = Math.max(1, Math.ceil((to - from + 1) / PAGE_BUCKETS));
  const buckets = await db.all<{ b: bigint; n: bigint }>(
    `SELECT (epoch_ms(timestamp) - ?::BIGINT) // ?::BIGINT AS b, count(*) AS n FROM messages WHERE ${filter.sql} GROUP BY b`,
    [from, width, ...filter.params],
  );
  const counts = buckets.map((bucket) => ({ b: Number(bucket.b), n: Number(bucket.n) }));
  const total = counts.reduce((sum, bucket) => sum + bucket.n, 0);
  if (offset >= total) return { total, rows: [] };
  // Walk from the page's end of the range until the buckets hold offset + limit hits.
  counts.sort((a, b) => (direction === "DESC" ? b.b - a.b : a.b - b.b));
  let seen = 0;
  let edge = counts[counts.length - 1].b;
  for (const bucket of counts) {
    seen += bucket.n;
    if (seen >= offset + limit) {
      edge = bucket.b;
      break;
    }
  }
  const slice = direction === "DESC"
    ? { sql: "timestamp >= epoch_ms(?::BIGINT)", params: [from + edge * width] }
    : { sql: "timestamp < epoch_ms(?::BIGINT)", params: [from + (edge + 1) * width] };
  return { total, rows: await pageInSlice(context, slice, order, limit, offset) };
}
