import { queryOptions } from "@tanstack/react-query";
import type { SearchesClusterConfig } from "../../api/schemas/cluster-config.ts";
import type { Search, SearchJob } from "../../api/schemas/search.ts";
import type { FieldTypeMapping, SuggestResponse, ValidationResponse } from "../../api/schemas/search-support.ts";
import { SUGGESTION_SIZE } from "./logic/lucene-completion.ts";
import type { StreamsList } from "../../api/schemas/streams.ts";
import { apiQueryOptions } from "../api/api-query.ts";
import { fetchJson, type HttpMethod } from "../api/fetch-json.ts";
import type { Widget } from "../../api/schemas/widgets.ts";
import { trendTimeRange } from "../widgets/logic/trend-range.ts";
import { type SearchJobModel, toSearchJobModel } from "../widgets/logic/widget-results.ts";
import { MESSAGES_PAGE_SIZE, widgetSearchTypes } from "../widgets/logic/widget-search-types.ts";
import { buildExecutionState, buildSearch, QUERY_ID, type SearchDefinition, toWireTimeRange } from "./logic/search-request.ts";
import type { TimeRangeState } from "./logic/url-state.ts";

/** Search status poll interval (spec 001 §9). */
export const SEARCH_STATUS_POLL_MS = 250;
/** Field types are cached about 30 s (spec 001 §7). */
export const FIELD_TYPES_STALE_MS = 30_000;

export const SEARCH_CONFIG_CLASS = "org.graylog2.indexer.searches.SearchesClusterConfig";

export const searchKeys = {
  config: ["search", "cluster-config"] as const,
  streams: ["streams", "list"] as const,
  fields: (streams: readonly string[], range: TimeRangeState) => ["search", "fields", streams, range] as const,
  validation: (query: string, streams: readonly string[], range: TimeRangeState) => ["search", "validate", query, streams, range] as const,
  keyword: (keyword: string, timezone: string) => ["search", "keyword", keyword, timezone] as const,
  suggest: (field: string, input: string, streams: readonly string[], range: TimeRangeState) => ["search", "suggest", field, input, streams, range] as const,
  job: (definition: SearchDefinition, widgets: readonly Widget[], pages: Readonly<Record<string, number>>, run: number) =>
    ["search", "job", definition, widgets, pages, run] as const,
  message: (index: string, id: string) => ["messages", index, id] as const,
  topValues: (field: string, query: string, streams: readonly string[], range: TimeRangeState, run: number) =>
    ["search", "top-values", field, query, streams, range, run] as const,
};

export const searchConfigQueryOptions = () =>
  apiQueryOptions<SearchesClusterConfig>(searchKeys.config, `/system/cluster_config/${SEARCH_CONFIG_CLASS}`, { staleTime: 300_000 });

/** A saved search's search (its queries), by id. */
export const savedSearchQueryOptions = (searchId: string) =>
  apiQueryOptions<Search & { id: string }>(["views", "search", searchId], `/views/search/${encodeURIComponent(searchId)}`);

export const streamsQueryOptions = () => apiQueryOptions<StreamsList>(searchKeys.streams, "/streams", { staleTime: 300_000 });

export const keywordPreviewQueryOptions = (keyword: string, timezone: string) =>
  apiQueryOptions<{ from: string; to: string; timezone: string }>(
    searchKeys.keyword(keyword, timezone),
    `/system/tools/natural_date_tester?string=${encodeURIComponent(keyword)}&timezone=${encodeURIComponent(timezone)}`,
    { staleTime: 0 },
  );

export const messageQueryOptions = (index: string, id: string) =>
  apiQueryOptions<{ message: Record<string, unknown>; index: string }>(
    searchKeys.message(index, id),
    `/messages/${encodeURIComponent(index)}/${encodeURIComponent(id)}`,
  );

/** The body of POST /views/fields (also sent by server rendering, routes/search-prefetch.ts). */
export const fieldTypesRequest = (streams: readonly string[], range: TimeRangeState, timezone: string) => ({
  streams,
  timerange: toWireTimeRange(range, timezone),
});

/** POST /views/fields for the chosen streams and time range (field-name completion). */
export const fieldTypesQueryOptions = (streams: readonly string[], range: TimeRangeState, timezone: string) =>
  queryOptions({
    queryKey: searchKeys.fields(streams, range),
    queryFn: ({ signal }) =>
      fetchJson<FieldTypeMapping[]>("POST", "/views/fields", fieldTypesRequest(streams, range, timezone), { signal }),
    staleTime: FIELD_TYPES_STALE_MS,
  });

/** POST /search/suggest: values of `field` starting with `input` for the query editor's completion (spec 001 §7, size 50). */
export const suggestQueryOptions = (field: string, input: string, streams: readonly string[], range: TimeRangeState, timezone: string) =>
  queryOptions({
    queryKey: searchKeys.suggest(field, input, streams, range),
    queryFn: ({ signal }) =>
      fetchJson<SuggestResponse>(
        "POST",
        "/search/suggest",
        { field, input, streams, timerange: toWireTimeRange(range, timezone), size: SUGGESTION_SIZE },
        { signal },
      ),
    staleTime: 30_000,
    retry: false,
  });

/** POST /search/validate; an empty query is OK without a call (spec 001 §7). */
export const validationQueryOptions = (query: string, streams: readonly string[], range: TimeRangeState, timezone: string) =>
  queryOptions({
    queryKey: searchKeys.validation(query, streams, range),
    queryFn: ({ signal }) =>
      query.trim() === "" ? Promise.resolve<ValidationResponse>({ status: "OK" }) : fetchJson<ValidationResponse>(
        "POST",
        "/search/validate",
        { query, streams, timerange: toWireTimeRange(range, timezone), validation_mode: "QUERY" },
        { signal },
      ),
    staleTime: 30_000,
    retry: false,
  });

/** How the search job's calls reach the API: `fetchJson` in the browser, the in-process API during server rendering. */
export type SearchJobTransport = <T>(method: HttpMethod, path: string, body: unknown, signal?: AbortSignal) => Promise<T>;

const browserTransport: SearchJobTransport = (method, path, body, signal) => fetchJson(method, path, body, { signal });

/**
 * Runs the page's one search job: POST /views/search with every widget's search type, then execute with each message
 * table's page as limit/offset; if the answer is not done yet, poll the status every 250 ms (spec 001 §4, §7).
 * `now` anchors the trend comparison ranges.
 */
export async function runSearchJob(
  transport: SearchJobTransport,
  definition: SearchDefinition,
  widgets: readonly Widget[],
  pages: Readonly<Record<string, number>>,
  now: number,
  signal?: AbortSignal,
): Promise<SearchJobModel> {
  const { searchTypes } = widgetSearchTypes(widgets, pages, trendTimeRange(definition.timerange, now));
  const paging = Object.fromEntries(
    searchTypes.filter((type) => type.type === "messages").map((type) => [type.id, {
      limit: MESSAGES_PAGE_SIZE,
      offset: MESSAGES_PAGE_SIZE * ((pages[type.id] ?? 1) - 1),
    }]),
  );
  const search = await transport<Search & { id: string }>("POST", "/views/search", buildSearch(definition, searchTypes), signal);
  let job = await transport<SearchJob>("POST", `/views/search/${search.id}/execute`, buildExecutionState(paging), signal);
  while (!job.execution.done) {
    await new Promise((resolve) => setTimeout(resolve, SEARCH_STATUS_POLL_MS));
    if (signal?.aborted) throw new DOMException("aborted", "AbortError");
    job = await transport<SearchJob>("GET", `/views/search/status/${job.id}`, undefined, signal);
  }
  return toSearchJobModel(job, QUERY_ID, widgets);
}

/**
 * The page's one search job (see `runSearchJob`). Server rendering runs the first one and seeds it under this
 * key (routes/search-prefetch.ts), so the browser hydrates its results instead of running it again.
 */
export const searchJobQueryOptions = (
  definition: SearchDefinition,
  widgets: readonly Widget[],
  pages: Readonly<Record<string, number>>,
  run: number,
) =>
  queryOptions({
    queryKey: searchKeys.job(definition, widgets, pages, run),
    queryFn: ({ signal }) => runSearchJob(browserTransport, definition, widgets, pages, Date.now(), signal),
    staleTime: Infinity,
    retry: false,
  });

/** Inline top values of a field in the sidebar: POST /search/suggest with an empty input (values by occurrence). */
export const TOP_VALUES_SIZE = 10;

/**
 * The most frequent values of a field among the messages the current query matches: a values pivot with a count
 * run through POST /views/search/sync (the suggest call would count over the whole time range instead).
 */
export const topValuesQueryOptions = (
  field: string,
  query: string,
  streams: readonly string[],
  range: TimeRangeState,
  timezone: string,
  run: number,
) =>
  queryOptions({
    queryKey: searchKeys.topValues(field, query, streams, range, run),
    queryFn: async ({ signal }) => {
      const search = {
        queries: [{
          id: "top-values",
          timerange: toWireTimeRange(range, timezone),
          query: { type: "elasticsearch", query_string: query },
          filter: streams.length > 0 ? { type: "or", filters: streams.map((id) => ({ type: "stream", id })) } : null,
          search_types: [{
            type: "pivot",
            id: "values",
            row_groups: [{ type: "values", fields: [field], limit: TOP_VALUES_SIZE, skip_empty_values: true }],
            series: [{ type: "count", id: "count()" }],
            rollup: false,
          }],
        }],
      };
      const job = await fetchJson<SearchJob>("POST", "/views/search/sync", search, { signal });
      const result = job.results["top-values"]?.search_types.values;
      if (!result || result.type !== "pivot") throw new Error(job.errors?.[0]?.description ?? "The top values could not be computed.");
      const suggestions = result.rows
        .filter((row) => row.source === "leaf")
        .map((row) => ({ value: row.key[0] ?? "", occurrence: Number(row.values[0]?.value ?? 0) }));
      return { suggestions };
    },
    staleTime: 30_000,
    retry: false,
  });
