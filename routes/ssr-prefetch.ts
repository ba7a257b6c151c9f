import type { QueryClient, QueryKey } from "@tanstack/react-query";
import type { ApiQueryMeta } from "../ui/api/api-query.ts";

/** Calls the API in process, as the browser would, with the request's cookie. */
export type InProcessApi = (apiPath: string) => Promise<Response>;

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
    queryFn: async () => {
      const response = await api(apiPath);
      if (!response.ok) throw new Error(`${apiPath} answered ${response.status}`);
      return response.status === 204 ? null : await response.json();
    },
  });
}
