import { keepPreviousData, useQuery, useQueryClient } from "@tanstack/react-query";
import { type ViewJob, viewJobQueryOptions, type ViewJobResult } from "./view-job.ts";
import type { QueryResult } from "./widget-results.ts";

/** What a view's page gets from its one job. */
export interface ViewJobState {
  /** The last answer (the previous one while a new job runs). */
  result: ViewJobResult | undefined;
  /** One query's result: its execution figures and each widget's data, by widget id. */
  queryResult: (queryId: string) => QueryResult | undefined;
  isFetching: boolean;
  /** The answer shown is the previous job's. */
  isPlaceholderData: boolean;
  error: Error | null;
  /** Starts a job before the page asks for it (Enter starts the search before the URL has changed). */
  prefetch: (job: ViewJob) => void;
}

/**
 * Runs one search job for a whole view and hands each query (and through it each widget) its results. The
 * previous results stay on screen, dimmed by the page, while the next job runs.
 */
export function useViewJob(job: ViewJob): ViewJobState {
  const queryClient = useQueryClient();
  const query = useQuery({ ...viewJobQueryOptions(job), placeholderData: keepPreviousData });
  return {
    result: query.data,
    queryResult: (queryId) => query.data?.queries[queryId],
    isFetching: query.isFetching,
    isPlaceholderData: query.isPlaceholderData,
    error: query.error,
    prefetch: (next) => void queryClient.prefetchQuery(viewJobQueryOptions(next)),
  };
}
