import type { ExecutionState, Search } from "../../../api/schemas/search.ts";
import type { TimeRange } from "../../../api/schemas/timerange.ts";
import type { SearchUrlState, TimeRangeState } from "./url-state.ts";

/**
 * The one search job of the default new search (spec 001 §3, §7): one query holding the 'All Messages'
 * messages search type and the 'Message Count' histogram pivot.
 */

export const QUERY_ID = "default-query";
export const MESSAGES_SEARCH_TYPE_ID = "all-messages";
export const HISTOGRAM_SEARCH_TYPE_ID = "message-count";

/** Messages search default limit (spec 001 §9): also the message table's page size. */
export const MESSAGES_PAGE_SIZE = 150;

export type SortOrder = "ASC" | "DESC";

export interface SearchDefinition extends SearchUrlState {
  /** Sort of the message table on the timestamp (default descending). */
  sort: SortOrder;
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

/** The body of POST /views/search. */
export function buildSearch(definition: SearchDefinition): Search {
  return {
    queries: [{
      id: QUERY_ID,
      timerange: toWireTimeRange(definition.timerange, definition.timezone),
      query: { type: "elasticsearch", query_string: definition.query },
      filter: definition.streams.length > 0
        ? { type: "or", filters: definition.streams.map((id) => ({ type: "stream" as const, id })) }
        : null,
      filters: [],
      search_types: [
        {
          type: "messages",
          id: MESSAGES_SEARCH_TYPE_ID,
          name: "All Messages",
          limit: MESSAGES_PAGE_SIZE,
          offset: 0,
          sort: [{ field: "timestamp", order: definition.sort }],
          decorators: [],
          fields: [],
        },
        {
          type: "pivot",
          id: HISTOGRAM_SEARCH_TYPE_ID,
          name: "chart",
          row_groups: [{ type: "time", fields: ["timestamp"], interval: { type: "auto", scaling: 1 } }],
          column_groups: [],
          series: [{ type: "count", id: "count()" }],
          sort: [],
          rollup: true,
        },
      ],
    }],
    parameters: [],
  };
}

/** The body of POST /views/search/{id}/execute for a page of the message table (spec 001 §4 paging). */
export function buildExecutionState(page: number, pageSize = MESSAGES_PAGE_SIZE): ExecutionState {
  return {
    global_override: {
      keep_search_types: [],
      keep_queries: [],
      search_types: { [MESSAGES_SEARCH_TYPE_ID]: { limit: pageSize, offset: pageSize * (page - 1) } },
    },
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
