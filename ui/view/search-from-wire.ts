import type { SearchQuery } from "../../api/schemas/search.ts";
import type { TimeRange } from "../../api/schemas/timerange.ts";
import { DEFAULT_RELATIVE_RANGE, type SearchUrlState, type TimeRangeState } from "./url-state.ts";

/** A stored time range as the search bar edits it. */
export function fromWireTimeRange(range: TimeRange): TimeRangeState {
  switch (range.type) {
    case "relative":
      return { type: "relative", range: range.range ?? range.from ?? DEFAULT_RELATIVE_RANGE };
    case "absolute":
      return { type: "absolute", from: range.from, to: range.to };
    case "keyword":
      return { type: "keyword", keyword: range.keyword };
  }
}

/** What a saved search's query is read for; its answer may leave the time range and query to their defaults. */
export type StoredQuery = Pick<SearchQuery, "id"> & Partial<Pick<SearchQuery, "timerange" | "query" | "filter">>;

/** A stored search (GET /views/search/{id}) as the pages read it: its queries. */
export interface StoredSearch {
  queries: readonly StoredQuery[];
}

/** The query string, time range and streams of a saved search's query (its stream filter is an 'or' of streams). */
export function fromSearchQuery(query: StoredQuery): SearchUrlState {
  const filter = query.filter;
  return {
    query: query.query?.query_string ?? "",
    timerange: query.timerange ? fromWireTimeRange(query.timerange) : { type: "relative", range: DEFAULT_RELATIVE_RANGE },
    streams: filter && filter.type === "or" ? filter.filters.map((stream) => stream.id) : [],
  };
}
