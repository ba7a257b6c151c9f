import { queryOptions, type QueryKey } from "@tanstack/react-query";
import { fetchJson, type RequestOptions } from "./fetch-json.ts";

/** Marks a query so that server rendering can prefetch it in process (see routes/ssr-prefetch.ts). */
export interface ApiQueryMeta extends Record<string, unknown> {
  apiPath: string;
}

/**
 * The query options of a GET resource: key, fetcher and the API path (for SSR prefetch). Every
 * `xQueryOptions()` of the UI is built from this, so nobody writes a fetcher twice.
 */
export function apiQueryOptions<T>(queryKey: QueryKey, apiPath: string, options: RequestOptions & { staleTime?: number; refetchInterval?: number } = {}) {
  const { staleTime, refetchInterval, ...requestOptions } = options;
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => fetchJson<T>("GET", apiPath, undefined, { ...requestOptions, signal }),
    meta: { apiPath } satisfies ApiQueryMeta,
    staleTime,
    refetchInterval,
  });
}
