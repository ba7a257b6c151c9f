import { queryOptions } from "@tanstack/react-query";
import type { RequiredKeysOf } from "openapi-typescript-helpers";
import { type ApiData, type ApiParams, type ApiPath, type ApiRequest, apiRequest } from "./api-client.ts";
import type { RequestOptions } from "./api-transport.ts";

/** A GET resource's query key: its path as in openapi.yaml and its parameters, so each resource is cached once. */
export type ResourceQueryKey<P extends ApiPath<"get">> = readonly [P, ApiParams<"get", P> | Record<never, never>];

/** The key of a GET resource; without parameters it matches every parameter set of the path (for invalidation). */
export function resourceQueryKey<P extends ApiPath<"get">>(path: P, params?: ApiParams<"get", P>): ResourceQueryKey<P> {
  return [path, params ?? {}];
}

/** Per-query choices: the transport's (session extension, public) and react-query's timing. */
export interface ResourceQueryChoices extends Omit<RequestOptions, "signal"> {
  staleTime?: number;
  refetchInterval?: number;
  refetchIntervalInBackground?: boolean;
  retry?: boolean | number;
}

type ParamsArgs<P extends ApiPath<"get">> = RequiredKeysOf<ApiRequest<"get", P>> extends never
  ? [params?: ApiParams<"get", P>, choices?: ResourceQueryChoices]
  : [params: ApiParams<"get", P>, choices?: ResourceQueryChoices];

/**
 * The query options of a GET resource: key `[path, params]`, the typed fetcher, and the timing. Every
 * `xQueryOptions()` of the UI is built from this; routes/ssr-prefetch.ts replays the key in process.
 */
export function resourceQueryOptions<P extends ApiPath<"get">>(path: P, ...[params, choices = {}]: ParamsArgs<P>) {
  const { noSessionExtension, public: isPublic, ...timing } = choices;
  const request = { params } as ApiRequest<"get", P>;
  return queryOptions<ApiData<"get", P>, Error, ApiData<"get", P>, ResourceQueryKey<P>>({
    queryKey: resourceQueryKey(path, params),
    queryFn: ({ signal }) => apiRequest("get", path, request, { noSessionExtension, public: isPublic, signal }),
    ...timing,
  });
}

/** The key of a query answered by a POST (metrics, field lists): its path and what is posted. */
export type PostedQueryKey<P extends ApiPath<"post">> = readonly [P, ApiRequest<"post", P>];

/**
 * The query options of a read that Graylog's API answers by POST (e.g. `/system/metrics/multiple`): key
 * `[path, { params, body }]`, so the same request is cached once, and the typed fetcher.
 */
export function postedQueryOptions<P extends ApiPath<"post">>(path: P, request: ApiRequest<"post", P>, choices: ResourceQueryChoices = {}) {
  const { noSessionExtension, public: isPublic, ...timing } = choices;
  return queryOptions<ApiData<"post", P>, Error, ApiData<"post", P>, PostedQueryKey<P>>({
    queryKey: [path, request],
    queryFn: ({ signal }) => apiRequest("post", path, request, { noSessionExtension, public: isPublic, signal }),
    ...timing,
  });
}
