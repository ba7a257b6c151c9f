import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ApiQueryMeta } from "../ui/api/api-query.ts";
import type { HttpMethod } from "../ui/api/fetch-json.ts";

/** A call of the in-process API: GET without a body, or a state-changing method with a JSON body. */
export interface InProcessRequest {
  method: HttpMethod;
  body?: unknown;
}

/** Calls the API in process, as the browser would, with the request's identity. */
export type InProcessApi = (apiPath: string, request?: InProcessRequest) => Promise<Response>;

/**
 * Prefetches a query built with `apiQueryOptions` through the in-process API, so the page is rendered
 * with its data and the browser hydrates it instead of fetching again. Failures leave the query empty.
 */
export async function prefetchApiQuery(
  queryClient: QueryClient,
  options: { queryKey: QueryKey; meta?: Record<string, unknown> },
  api: InProcessApi,
): Promise<void> {
  const { apiPath } = options.meta as ApiQueryMeta;
  await queryClient.prefetchQuery({
    queryKey: options.queryKey,
    retry: false,
    queryFn: () => callApi(api, "GET", apiPath, undefined),
  });
}

/** One in-process API call answering JSON (null for 204); a non-2xx answer throws with the path and status. */
export async function callApi<T>(
  api: InProcessApi,
  method: HttpMethod,
  apiPath: string,
  body: unknown,
): Promise<T> {
  const response = await api(apiPath, method === "GET" ? undefined : { method, body });
  if (!response.ok) {
    await response.body?.cancel();
    throw new Error(`${method} ${apiPath} answered ${response.status}`);
  }
  return response.status === 204 ? null as T : await response.json() as T;
}
