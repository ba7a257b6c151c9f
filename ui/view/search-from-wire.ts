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

/** The query string, time range and streams of a saved search's query (its stream filter is an 'or' of streams). */
export function fromSearchQuery(query: SearchQuery): SearchUrlState {
  const filter = query.filter;
  return {
    query: query.query.query_string,
    timerange: fromWireTimeRange(query.timerange),
    streams: filter && filter.type === "or" ? filter.filters.map((stream) => stream.id) : [],
  };
}
