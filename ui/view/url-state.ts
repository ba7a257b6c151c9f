import type { PivotInterval } from "../../api/schemas/widgets.ts";
import { formatIntervalParam, parseIntervalParam } from "./interval-param.ts";

/**
 * The search page's shareable state in the URL (spec 001 §2 'URL query parameters'): q, rangetype with
 * relative / from+to / keyword, streams, interval. Read on load and written on submit through these two
 * functions only.
 */

/** The default relative range: 5 minutes (spec 001 §9). */
export const DEFAULT_RELATIVE_RANGE = 300;

export const RANGE_TYPES = ["relative", "absolute", "keyword"] as const;
export type RangeType = (typeof RANGE_TYPES)[number];

/** A time range as the search bar edits it; `range` 0 means all time. */
export type TimeRangeState =
  | { type: "relative"; range: number }
  | { type: "absolute"; from: string; to: string }
  | { type: "keyword"; keyword: string };

export interface SearchUrlState {
  query: string;
  timerange: TimeRangeState;
  streams: string[];
}

/**
 * `interval` is the time grouping of the 'Message Count' chart, present only when the URL names one. It is kept
 * apart from the search state because it belongs to a widget, not to the search (a saved search does not change
 * by it).
 */
export type ParsedSearchUrl =
  | { ok: true; state: SearchUrlState; interval?: PivotInterval }
  | { ok: false; error: string };

/** The thrown-error text of spec 001 §8 for an unknown range type. */
export const INVALID_TIME_RANGE_TYPE = "Invalid time range type";

export const DEFAULT_SEARCH_STATE: SearchUrlState = {
  query: "",
  timerange: { type: "relative", range: DEFAULT_RELATIVE_RANGE },
  streams: [],
};

/** Reads the search state from URL parameters; `defaultStreams` applies when the URL names none (stream search). */
export function parseSearchUrl(params: URLSearchParams, defaultStreams: readonly string[] = []): ParsedSearchUrl {
  const query = params.get("q") ?? "";
  const streams = splitStreams(params.get("streams"));
  const timerange = parseTimeRange(params);
  if (typeof timerange === "string") return { ok: false, error: timerange };
  const interval = parseIntervalParam(params.get("interval"));
  if (typeof interval === "string") return { ok: false, error: interval };
  return {
    ok: true,
    state: { query, timerange, streams: streams.length > 0 ? streams : [...defaultStreams] },
    ...(interval ? { interval } : {}),
  };
}

/**
 * Writes the search state as URL parameters (empty query and streams are left out); `interval` is the 'Message
 * Count' chart's grouping, written only when it is a fixed time unit (the automatic one is the default).
 */
export function toSearchParams(state: SearchUrlState, interval: PivotInterval | null = null): URLSearchParams {
  const params = new URLSearchParams();
  if (state.query !== "") params.set("q", state.query);
  const range = state.timerange;
  params.set("rangetype", range.type);
  switch (range.type) {
    case "relative":
      params.set("relative", String(range.range));
      break;
    case "absolute":
      params.set("from", range.from);
      params.set("to", range.to);
      break;
    case "keyword":
      params.set("keyword", range.keyword);
      break;
  }
  if (state.streams.length > 0) params.set("streams", state.streams.join(","));
  const intervalParam = interval ? formatIntervalParam(interval) : null;
  if (intervalParam !== null) params.set("interval", intervalParam);
  return params;
}

function parseTimeRange(params: URLSearchParams): TimeRangeState | string {
  const type = params.get("rangetype");
  if (type === null || type === "") return { type: "relative", range: DEFAULT_RELATIVE_RANGE };
  if (!isRangeType(type)) return `${INVALID_TIME_RANGE_TYPE}: ${type}`;
  switch (type) {
    case "relative": {
      const raw = params.get("relative") ?? params.get("range");
      if (raw === null || raw === "") return { type: "relative", range: DEFAULT_RELATIVE_RANGE };
      const range = Number(raw);
      if (!Number.isInteger(range) || range < 0) return `Invalid relative time range: ${raw}`;
      return { type: "relative", range };
    }
    case "absolute": {
      const from = params.get("from") ?? "";
      const to = params.get("to") ?? "";
      if (!isDate(from) || !isDate(to)) return "An absolute time range needs valid from and to dates";
      return { type: "absolute", from, to };
    }
    case "keyword": {
      const keyword = (params.get("keyword") ?? "").trim();
      if (keyword === "") return "Keyword must not be empty!";
      return { type: "keyword", keyword };
    }
  }
}

function isRangeType(value: string): value is RangeType {
  return (RANGE_TYPES as readonly string[]).includes(value);
}

function isDate(value: string): boolean {
  return value !== "" && !Number.isNaN(Date.parse(value.replace(" ", "T")));
}

function splitStreams(value: string | null): string[] {
  return (value ?? "").split(",").map((id) => id.trim()).filter((id) => id !== "");
}

/** Whether the URL names a query or a time range: it then wins over a saved search's own. */
export function urlNamesSearch(params: URLSearchParams): boolean {
  return params.has("rangetype") || params.has("q");
}
