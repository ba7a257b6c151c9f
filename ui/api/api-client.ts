/**
 * The UI's one typed client of the Sluice API: every path, parameter, body and answer is typed from
 * openapi.yaml (openapi-typescript writes `openapi-types.ts`; openapi-fetch builds the URLs), and every call goes
 * out through the same transport (api-transport.ts: login gate, XHR marker, 401 and unavailable handling,
 * FetchError on failure). No answer is cast by hand.
 *
 * How an area adds its calls:
 * 1. Add the route (zod schemas in api/schemas, createRoute in api/routes) and run
 *    `npx --yes deno@2.9.6 task openapi`: openapi.yaml and ui/api/openapi-types.ts are regenerated; commit both.
 * 2. In the feature's `x-queries.ts`, read with `resourceQueryOptions("/area/{id}", { path: { id } })` (one
 *    `xQueryOptions()` per resource, used by hooks, SSR prefetch and invalidation) and change with
 *    `apiCall("post", "/area", { body })`; invalidate with `resourceQueryKey("/area")`, which matches every
 *    parameter set of that path.
 * 3. To render a page with its data, prefetch the same options on the server (`prefetchResourceQuery` in routes/ssr-prefetch.ts).
 */
import createClient, { type ParamsOption, type RequestBodyOption } from "openapi-fetch";
import type { FilterKeys, PathsWithMethod, RequiredKeysOf, SuccessResponseJSON } from "openapi-typescript-helpers";
import { type RequestOptions, sendApiRequest } from "./api-transport.ts";
import type { paths } from "./openapi-types.ts";
import { apiUrl } from "./page-config.ts";

/** The methods the API uses. */
export type ApiMethod = "get" | "post" | "put" | "delete";

/** The paths (as written in openapi.yaml, e.g. `/users/{username}`) that answer a method. */
export type ApiPath<M extends ApiMethod> = PathsWithMethod<paths, M>;

/**
 * An operation as callers see it: the transport sends `X-Requested-By` on every call (api-transport.ts), so
 * the header openapi.yaml requires of state-changing operations is never the caller's to pass.
 */
type WithoutRequestedBy<Op> = Op extends { parameters: { header: infer Header } }
  ? Omit<Op, "parameters"> & { parameters: Omit<Op["parameters"], "header"> & { header?: Omit<Header, "X-Requested-By"> } }
  : Op;

type Operation<M extends ApiMethod, P extends ApiPath<M>> = WithoutRequestedBy<FilterKeys<paths[P], M>>;

/** What a call sends: `params` (`path`, `query`) and, where the operation takes one, `body`. */
export type ApiRequest<M extends ApiMethod, P extends ApiPath<M>> =
  & ParamsOption<Operation<M, P>>
  & RequestBodyOption<Operation<M, P>>;

/** The parameters of a call (`{ path: {…}, query: {…} }`). */
export type ApiParams<M extends ApiMethod, P extends ApiPath<M>> = NonNullable<ApiRequest<M, P>["params"]>;

/** The JSON body a call sends. */
export type ApiBody<M extends ApiMethod, P extends ApiPath<M>> = NonNullable<ApiRequest<M, P>["body"]>;

/** The JSON a successful call answers. */
export type ApiData<M extends ApiMethod, P extends ApiPath<M>> = Operation<M, P> extends Record<string | number, unknown>
  ? SuccessResponseJSON<Operation<M, P>>
  : never;

/** Optional when the operation requires nothing, required otherwise. */
type OptionalWhenEmpty<T, Rest extends unknown[]> = RequiredKeysOf<T> extends never ? [T?, ...Rest] : [T, ...Rest];

const client = createClient<paths>();

/** openapi-fetch's own signature is generic over its client type; the call is typed by `apiCall`'s. */
type UntypedRequest = (method: ApiMethod, path: string, init: Record<string, unknown>) => Promise<{ data?: unknown }>;
const untypedRequest = client.request as unknown as UntypedRequest;

/** Request URLs need an origin for `Request`; the transport gets the path and search back. */
const ORIGIN = "http://sluice.invalid";

/**
 * Calls the API: `apiCall("get", "/users/{username}", { params: { path: { username } } })`. Resolves to the
 * typed answer (`undefined` for 204), rejects with FetchError.
 */
export function apiCall<M extends ApiMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  ...[request, options]: OptionalWhenEmpty<ApiRequest<M, P>, [RequestOptions?]>
): Promise<ApiData<M, P>> {
  return apiRequest(method, path, request, options);
}

/**
 * How a call reaches the API: `apiRequest` in the browser; during server rendering the in-process API
 * (routes/ssr-prefetch.ts `inProcessRequester`), so the page and the prefetch run the same query functions.
 */
export type ApiRequester = <M extends ApiMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  request: ApiRequest<M, P> | undefined,
  options?: RequestOptions,
) => Promise<ApiData<M, P>>;

/** `apiCall` with every argument spelled out, for helpers that pass a request through (resourceQueryOptions). */
export async function apiRequest<M extends ApiMethod, P extends ApiPath<M>>(
  method: M,
  path: P,
  request: ApiRequest<M, P> | undefined,
  options: RequestOptions = {},
): Promise<ApiData<M, P>> {
  const { data } = await untypedRequest(method, path, {
    ...request,
    baseUrl: ORIGIN + apiUrl(""),
    fetch: async (sent: Request) => {
      const url = new URL(sent.url);
      const body = sent.body === null ? undefined : await sent.text();
      return await sendApiRequest(url.pathname + url.search, { method: sent.method, headers: sent.headers, body }, options);
    },
  });
  // The answer's type is the operation's success JSON: the transport threw for every other status.
  return data as ApiData<M, P>;
}
