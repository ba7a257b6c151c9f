import { parseSearchUrl, type SearchUrlState, type TimeRangeState, toSearchParams } from "../../view/url-state.ts";

/**
 * The global override of a dashboard (spec 001 §3 'Execution state', §4 'Global override') and its free-text
 * filter (issue 14: beyond Graylog): a time range and a query that replace every page's own for this visit, and a
 * filter ANDed to every widget's query. All three live in the URL (`rangetype`…, `q`, `filter`), never in the
 * saved dashboard; the page's own search shows read-only while overridden, with 'Reset Global Override' and
 * 'Reset Global Filter'.
 */
export interface GlobalOverride {
  timerange: TimeRangeState | null;
  query: string | null;
  /** The dashboard filter, '' when none. */
  filter: string;
}

export const NO_OVERRIDE: GlobalOverride = { timerange: null, query: null, filter: "" };

export const RESET_GLOBAL_OVERRIDE = "Reset Global Override";
export const RESET_GLOBAL_FILTER = "Reset Global Filter";

const RANGE_PARAMS = ["rangetype", "relative", "range", "from", "to", "keyword"] as const;

/** The override the URL names; a malformed time range is an error text. */
export function readGlobalOverride(params: URLSearchParams): GlobalOverride | string {
  const parsed = parseSearchUrl(params);
  if (!parsed.ok) return parsed.error;
  return {
    timerange: params.has("rangetype") ? parsed.state.timerange : null,
    query: params.has("q") ? parsed.state.query : null,
    filter: (params.get("filter") ?? "").trim(),
  };
}

/** The URL parameters with the override replaced (other parameters such as `page` kept). */
export function withGlobalOverride(params: URLSearchParams, override: GlobalOverride): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const name of [...RANGE_PARAMS, "q", "filter"]) next.delete(name);
  if (override.timerange) {
    const written = toSearchParams({ query: "", timerange: override.timerange, streams: [] });
    for (const [name, value] of written) if (name !== "q") next.set(name, value);
  }
  if (override.query !== null) next.set("q", override.query);
  if (override.filter !== "") next.set("filter", override.filter);
  return next;
}

/** A page's search as it runs: the override's range and query in place of its own, the filter ANDed. */
export function applyOverride(search: SearchUrlState, override: GlobalOverride): SearchUrlState {
  const query = override.query ?? search.query;
  return {
    ...search,
    timerange: override.timerange ?? search.timerange,
    query: override.filter === "" ? query : andQueries(query, override.filter),
  };
}

/** `a AND b` with each side grouped; an empty side drops out. */
export function andQueries(a: string, b: string): string {
  const parts = [a.trim(), b.trim()].filter((part) => part !== "");
  return parts.length < 2 ? parts.join("") : parts.map((part) => `(${part})`).join(" AND ");
}

export const hasOverride = (override: GlobalOverride) => override.timerange !== null || override.query !== null;
