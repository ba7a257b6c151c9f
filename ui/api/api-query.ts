import { queryOptions, type QueryKey } from "@tanstack/react-query";
import type { RequestOptions } from "./api-transport.ts";
import { fetchJson } from "./fetch-json.ts";

/** Marks a query so that server rendering can prefetch it in process (see routes/ssr-prefetch.ts). */
export interface ApiQueryMeta extends Record<string, unknown> {
  apiPath: string;
}

/**
 * The untyped query options of a GET resource: key, fetcher and the API path (for SSR prefetch). Superseded
 * by resource-query.ts (typed, keyed `[path, params]`); remains only until the areas still on it move.
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
