import { queryOptions } from "@tanstack/react-query";
import { SUGGESTION_SIZE } from "./logic/lucene-completion.ts";
import { type ApiBody, apiCall, type ApiData } from "../api/api-client.ts";
import { resourceQueryOptions } from "../api/resource-query.ts";
import { toWireTimeRange } from "../view/search-request.ts";
import type { TimeRangeState } from "../view/url-state.ts";

export const searchKeys = {
  validation: (query: string, streams: readonly string[], range: TimeRangeState) => ["search", "validate", query, streams, range] as const,
  suggest: (field: string, input: string, streams: readonly string[], range: TimeRangeState) => ["search", "suggest", field, input, streams, range] as const,
  topValues: (field: string, query: string, streams: readonly string[], range: TimeRangeState, run: number) =>
    ["search", "top-values", field, query, streams, range, run] as const,
};

/** A saved search's search (its queries), by id. */
export const savedSearchQueryOptions = (searchId: string) => resourceQueryOptions("/views/search/{id}", { path: { id: searchId } });

/** The range a time range keyword stands for (the Keyword tab's preview); typed by the API client. */
export const keywordPreviewQueryOptions = (keyword: string, timezone: string) =>
  resourceQueryOptions("/system/tools/natural_date_tester", { query: { string: keyword, timezone } }, { staleTime: 0 });

/** One stored message by index and id (the message page). */
export const messageQueryOptions = (index: string, messageId: string) =>
  resourceQueryOptions("/messages/{index}/{messageId}", { path: { index, messageId } });

/** POST /search/suggest: values of `field` starting with `input` for the query editor's completion (spec 001 §7, size 50). */
export const suggestQueryOptions = (field: string, input: string, streams: readonly string[], range: TimeRangeState, timezone: string) =>
  queryOptions({
    queryKey: searchKeys.suggest(field, input, streams, range),
    queryFn: ({ signal }) =>
      apiCall("post", "/search/suggest", {
        body: { field, input, streams: [...streams], timerange: toWireTimeRange(range, timezone), size: SUGGESTION_SIZE },
      }, { signal }),
    staleTime: 30_000,
    retry: false,
  });

type ValidationAnswer = ApiData<"post", "/search/validate">;

/** POST /search/validate; an empty query is OK without a call (spec 001 §7). */
export const validationQueryOptions = (query: string, streams: readonly string[], range: TimeRangeState, timezone: string) =>
  queryOptions({
    queryKey: searchKeys.validation(query, streams, range),
    queryFn: ({ signal }) =>
      query.trim() === "" ? Promise.resolve<ValidationAnswer>({ status: "OK" }) : apiCall("post", "/search/validate", {
        body: { query, streams: [...streams], timerange: toWireTimeRange(range, timezone), validation_mode: "QUERY", parameters: [], parameter_bindings: {} },
      }, { signal }),
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
      const body: ApiBody<"post", "/views/search/sync"> = {
        queries: [{
          id: "top-values",
          timerange: toWireTimeRange(range, timezone),
          query: { type: "elasticsearch", query_string: query },
          filter: streams.length > 0 ? { type: "or", filters: streams.map((id) => ({ type: "stream", id })) } : null,
          filters: [],
          search_types: [{
            type: "pivot",
            id: "values",
            row_groups: [{ type: "values", fields: [field], limit: TOP_VALUES_SIZE, skip_empty_values: true }],
            column_groups: [],
            series: [{ type: "count", id: "count()" }],
            sort: [],
            rollup: false,
          }],
        }],
        parameters: [],
      };
      const job = await apiCall("post", "/views/search/sync", { body }, { signal });
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
