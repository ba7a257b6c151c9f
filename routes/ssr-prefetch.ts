import type { QueryClient, QueryKey } from "@tanstack/react-query";
import createClient from "openapi-fetch";
import type { ApiPath } from "../ui/api/api-client.ts";
import type { ApiQueryMeta } from "../ui/api/api-query.ts";
import type { HttpMethod } from "../ui/api/fetch-json.ts";
import type { paths } from "../ui/api/openapi-types.ts";
import type { ResourceQueryKey } from "../ui/api/resource-query.ts";

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

/**
 * Prefetches a query built with `resourceQueryOptions` through the in-process API: its key `[path, params]` is
 * the call, so the page is rendered with its data and the browser hydrates it instead of fetching again.
 * Failures leave the query empty.
 */
export async function prefetchResourceQuery<P extends ApiPath<"get">>(
  queryClient: QueryClient,
  options: { queryKey: ResourceQueryKey<P> },
  api: InProcessApi,
): Promise<void> {
  const [path, params] = options.queryKey;
  // The key was typed where the options were built; here its path and parameters are replayed as they are.
  const get = inProcessClient(api).GET as unknown as (path: string, init: { params: unknown }) => Promise<{ data?: unknown; response: Response }>;
  await queryClient.prefetchQuery({
    queryKey: options.queryKey,
    retry: false,
    queryFn: async () => {
      const { data, response } = await get(path, { params });
      if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
      return data;
    },
  });
}

const IN_PROCESS_API = "http://in-process.invalid/api";

/** An openapi-fetch client whose transport is the in-process API: it builds the same URLs as the browser's. */
function inProcessClient(api: InProcessApi) {
  return createClient<paths>({ baseUrl: IN_PROCESS_API, fetch: (request) => api(request.url.slice(IN_PROCESS_API.length)) });
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
