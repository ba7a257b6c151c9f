import type { ExecutionState, Search, SearchType } from "../../api/schemas/search.ts";
import type { TimeRange } from "../../api/schemas/timerange.ts";
import type { SearchUrlState, TimeRangeState } from "./url-state.ts";

/**
 * The wire search of a view (spec 001 §3, §7): one query per query of the view (the search page has one, a
 * dashboard one per page), each with its query string, time range and streams and the search types of its widgets.
 */

/** The id of a search page's one query (and of a new view's first query). */
export const QUERY_ID = "default-query";

export interface SearchDefinition extends SearchUrlState {
  /** The browser's time zone, for keyword ranges. */
  timezone: string;
}

export function toWireTimeRange(range: TimeRangeState, timezone: string): TimeRange {
  switch (range.type) {
    case "relative":
      return { type: "relative", from: range.range };
    case "absolute":
      return { type: "absolute", from: toIso(range.from), to: toIso(range.to) };
    case "keyword":
      return { type: "keyword", keyword: range.keyword, timezone };
  }
}

/** One query of the wire search: its id, what it searches and its widgets' search types. */
export interface QuerySearchTypes {
  id: string;
  search: SearchDefinition;
  searchTypes: SearchType[];
}

/** The body of POST /views/search. */
export function buildSearch(queries: readonly QuerySearchTypes[]): Search {
  return {
    queries: queries.map(({ id, search, searchTypes }) => ({
      id,
      timerange: toWireTimeRange(search.timerange, search.timezone),
      query: { type: "elasticsearch", query_string: search.query },
      filter: search.streams.length > 0
        ? { type: "or", filters: search.streams.map((stream) => ({ type: "stream" as const, id: stream })) }
        : null,
      filters: [],
      search_types: searchTypes,
    })),
    parameters: [],
  };
}

/** The body of POST /views/search/{id}/execute: limit and offset of each message table's current page (§4). */
export function buildExecutionState(paging: Record<string, { limit: number; offset: number }>): ExecutionState {
  return {
    global_override: { keep_search_types: [], keep_queries: [], search_types: paging },
    parameter_bindings: {},
  };
}

/** Absolute times from the URL or the form ('YYYY-MM-DD HH:mm:ss' is read as UTC) as ISO-8601. */
export function toIso(value: string): string {
  const normalized = value.includes("T") ? value : value.replace(" ", "T");
  const withZone = /Z$|[+-]\d\d:?\d\d$/.test(normalized) ? normalized : `${normalized}Z`;
  const time = Date.parse(withZone);
  return Number.isNaN(time) ? value : new Date(time).toISOString();
}
