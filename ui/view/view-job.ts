import { queryOptions } from "@tanstack/react-query";
import type { Widget } from "../../api/schemas/widgets.ts";
import { apiRequest, type ApiRequester } from "../api/api-client.ts";
import { buildExecutionState, buildSearch, type SearchDefinition } from "./search-request.ts";
import { trendTimeRange } from "./trend-range.ts";
import { type QueryResult, toQueryResult } from "./widget-results.ts";
import { MESSAGES_PAGE_SIZE, widgetSearchTypes } from "./widget-search-types.ts";

/**
 * The one search job of a view (ARCHITECTURE 'one job per page'): every query of the view (the search page has
 * one, a dashboard one per page) with every widget's search types, run as one POST /views/search + execute.
 * The search page, dashboards and the server render's prefetch all run it through `viewJobQueryOptions`.
 */

/** Search status poll interval (spec 001 §9). */
export const SEARCH_STATUS_POLL_MS = 250;

/** One query of the job: what it searches and the widgets it holds. */
export interface ViewJobQuery {
  id: string;
  search: SearchDefinition;
  widgets: readonly Widget[];
}

/** Everything the job's answer depends on: its key. */
export interface ViewJob {
  queries: readonly ViewJobQuery[];
  /** Current page of each message table, by widget id (1 when left out). */
  pages: Readonly<Record<string, number>>;
  /** Bumped to run the same job again (a resubmitted search: relative ranges move on). */
  run: number;
}

/** The job's answer: each query's result by query id. */
export interface ViewJobResult {
  queries: Record<string, QueryResult>;
}

/** How view job keys start (routes/dehydrated-search-jobs.ts finds the jobs of a dehydrated state by it). */
export const VIEW_JOB_KEY_PREFIX = ["view", "job"] as const;

export const viewJobKey = (job: ViewJob) => [...VIEW_JOB_KEY_PREFIX, job.queries, job.pages, job.run] as const;

/**
 * Runs a view's job: POST /views/search with every query and its widgets' search types, then execute with each
 * message table's page as limit/offset; if the answer is not done yet, poll the status every 250 ms (spec 001 §4,
 * §7). `now` anchors the trend comparison ranges.
 */
export async function runViewJob(
  request: ApiRequester,
  job: ViewJob,
  now: number,
  signal?: AbortSignal,
): Promise<ViewJobResult> {
  const queries = job.queries.map((query) => ({
    id: query.id,
    search: query.search,
    searchTypes: widgetSearchTypes(query.widgets, job.pages, trendTimeRange(query.search.timerange, now)).searchTypes,
  }));
  const paging = Object.fromEntries(
    queries.flatMap((query) => query.searchTypes).filter((type) => type.type === "messages").map((type) => [type.id, {
      limit: MESSAGES_PAGE_SIZE,
      offset: MESSAGES_PAGE_SIZE * ((job.pages[type.id] ?? 1) - 1),
    }]),
  );
  const search = await request("post", "/views/search", { body: buildSearch(queries) }, { signal });
  if (!search.id) throw new Error("The search was stored without an id.");
  let answer = await request("post", "/views/search/{id}/execute", {
    params: { path: { id: search.id } },
    body: buildExecutionState(paging),
  }, { signal });
  while (!answer.execution.done) {
    await new Promise((resolve) => setTimeout(resolve, SEARCH_STATUS_POLL_MS));
    if (signal?.aborted) throw new DOMException("aborted", "AbortError");
    answer = await request("get", "/views/search/status/{jobId}", { params: { path: { jobId: answer.id } } }, { signal });
  }
  return {
    queries: Object.fromEntries(job.queries.map((query) => [query.id, toQueryResult(answer, query.id, query.widgets)])),
  };
}

/**
 * The query options of a view's job. The server render seeds the first job of a page under this key with its
 * in-process requester (routes/search-prefetch.ts), so the browser hydrates the results instead of searching again.
 */
export const viewJobQueryOptions = (job: ViewJob, request: ApiRequester = apiRequest) =>
  queryOptions({
    queryKey: viewJobKey(job),
    queryFn: ({ signal }) => runViewJob(request, job, Date.now(), signal),
    staleTime: Infinity,
    retry: false,
  });
