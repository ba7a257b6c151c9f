import { queryOptions } from "@tanstack/react-query";
import type { Search, SearchJob } from "../../api/schemas/search.ts";
import type { SuggestResponse, ValidationResponse } from "../../api/schemas/search-support.ts";
import { SUGGESTION_SIZE } from "./logic/lucene-completion.ts";
import { apiQueryOptions } from "../api/api-query.ts";
import { resourceQueryOptions } from "../api/resource-query.ts";
import { fetchJson } from "../api/fetch-json.ts";
import { toWireTimeRange } from "../view/search-request.ts";
import type { TimeRangeState } from "../view/url-state.ts";

export const searchKeys = {
  validation: (query: string, streams: readonly string[], range: TimeRangeState) => ["search", "validate", query, streams, range] as const,
  suggest: (field: string, input: string, streams: readonly string[], range: TimeRangeState) => ["search", "suggest", field, input, streams, range] as const,
  message: (index: string, id: string) => ["messages", index, id] as const,
  topValues: (field: string, query: string, streams: readonly string[], range: TimeRangeState, run: number) =>
    ["search", "top-values", field, query, streams, range, run] as const,
};

/** A saved search's search (its queries), by id. */
export const savedSearchQueryOptions = (searchId: string) =>
  apiQueryOptions<Search & { id: string }>(["views", "search", searchId], `/views/search/${encodeURIComponent(searchId)}`);

/** The range a time range keyword stands for (the Keyword tab's preview); typed by the API client. */
export const keywordPreviewQueryOptions = (keyword: string, timezone: string) =>
  resourceQueryOptions("/system/tools/natural_date_tester", { query: { string: keyword, timezone } }, { staleTime: 0 });

export const messageQueryOptions = (index: string, id: string) =>
  apiQueryOptions<{ message: Record<string, unknown>; index: string }>(
    searchKeys.message(index, id),
    `/messages/${encodeURIComponent(index)}/${encodeURIComponent(id)}`,
  );

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
