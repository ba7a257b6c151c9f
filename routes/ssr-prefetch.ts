import type { QueryClient } from "@tanstack/react-query";
import createClient from "openapi-fetch";
import type { ApiMethod, ApiPath, ApiRequester } from "../ui/api/api-client.ts";
import type { paths } from "../ui/api/openapi-types.ts";
import type { ResourceQueryKey } from "../ui/api/resource-query.ts";

/** A call of the in-process API: GET without a body, or a state-changing method with a JSON body. */
export interface InProcessRequest {
  method: Uppercase<ApiMethod>;
  body?: unknown;
}

/** Calls the API in process, as the browser would, with the request's identity. */
export type InProcessApi = (apiPath: string, request?: InProcessRequest) => Promise<Response>;

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

/** An openapi-fetch client whose transport is the in-process API: it builds the same URLs and bodies as the browser's. */
function inProcessClient(api: InProcessApi) {
  return createClient<paths>({
    baseUrl: IN_PROCESS_API,
    fetch: async (request) => {
      const path = request.url.slice(IN_PROCESS_API.length);
      if (request.method === "GET") return await api(path);
      const text = await request.text();
      return await api(path, { method: request.method as Uppercase<ApiMethod>, body: text ? JSON.parse(text) : undefined });
    },
  });
}

/**
 * The typed client's calls through the in-process API (what `apiRequest` is in the browser), so the server render
 * runs the page's own query functions; a non-2xx answer throws with the call and its status.
 */
export function inProcessRequester(api: InProcessApi): ApiRequester {
  // openapi-fetch's own signature is generic over its client type; the call is typed by ApiRequester's.
  const request = inProcessClient(api).request as unknown as (
    method: ApiMethod,
    path: string,
    init: Record<string, unknown>,
  ) => Promise<{ data?: unknown; response: Response }>;
  return async (method, path, init) => {
    const { data, response } = await request(method, path, { ...init });
    if (!response.ok) throw new Error(`${method.toUpperCase()} ${path} answered ${response.status}`);
    // The answer's type is the operation's success JSON: every other status threw above.
    return data as never;
  };
}
