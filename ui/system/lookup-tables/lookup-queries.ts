/**
 * The lookup table API from the UI, through the typed client: the three lists, one entity by name, the types,
 * the error states, test lookups, purges, and the calls that change entities. Every change invalidates every
 * lookup query.
 */
import { keepPreviousData, type QueryClient } from "@tanstack/react-query";
import type { LookupCacheBody, LookupDataAdapterBody, LookupTableBody } from "../../../api/schemas/lookup-tables.ts";
import { apiCall } from "../../api/api-client.ts";
import { postedQueryOptions, resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";
import { type LookupPageParams, lookupPageQuery } from "./logic/lookup-list.ts";

const byName = (idOrName: string) => ({ path: { idOrName } });

export const lookupTablePageQueryOptions = (params: LookupPageParams) => ({
  ...resourceQueryOptions("/system/lookup/tables", { query: { ...lookupPageQuery(params), resolve: "true" } }),
  placeholderData: keepPreviousData,
});
export const lookupCachePageQueryOptions = (params: LookupPageParams) => ({
  ...resourceQueryOptions("/system/lookup/caches", { query: lookupPageQuery(params) }),
  placeholderData: keepPreviousData,
});
export const lookupAdapterPageQueryOptions = (params: LookupPageParams) => ({
  ...resourceQueryOptions("/system/lookup/adapters", { query: lookupPageQuery(params) }),
  placeholderData: keepPreviousData,
});

/** Every cache or adapter (for the table form's choices): the first 1000 by title. */
export const allCachesQueryOptions = () =>
  resourceQueryOptions("/system/lookup/caches", { query: { page: 1, per_page: 1000, sort: "title", order: "asc" } });
export const allAdaptersQueryOptions = () =>
  resourceQueryOptions("/system/lookup/adapters", { query: { page: 1, per_page: 1000, sort: "title", order: "asc" } });

export const lookupTableQueryOptions = (idOrName: string) =>
  resourceQueryOptions("/system/lookup/tables/{idOrName}", { path: { idOrName }, query: { resolve: "true" } });
export const lookupCacheQueryOptions = (idOrName: string) => resourceQueryOptions("/system/lookup/caches/{idOrName}", byName(idOrName));
export const lookupAdapterQueryOptions = (idOrName: string) => resourceQueryOptions("/system/lookup/adapters/{idOrName}", byName(idOrName));

export const adapterTypesQueryOptions = () => resourceQueryOptions("/system/lookup/types/adapters", undefined, { staleTime: 300_000 });
export const cacheTypesQueryOptions = () => resourceQueryOptions("/system/lookup/types/caches", undefined, { staleTime: 300_000 });

/** Why the named tables and adapters cannot answer (null when they work), polled while a list shows. */
export const errorStatesQueryOptions = (tables: string[], dataAdapters: string[]) =>
  postedQueryOptions("/system/lookup/errorstates", { body: { tables, data_adapters: dataAdapters, caches: [] } }, { refetchInterval: 10_000 });

export const validateTable = (body: LookupTableBody) => apiCall("post", "/system/lookup/tables/validate", { body });
export const createTable = (body: LookupTableBody) => apiCall("post", "/system/lookup/tables", { body });
export const updateTable = (idOrName: string, body: LookupTableBody) => apiCall("put", "/system/lookup/tables/{idOrName}", { params: byName(idOrName), body });
export const deleteTable = (idOrName: string) => apiCall("delete", "/system/lookup/tables/{idOrName}", { params: byName(idOrName) });
export const queryTable = (idOrName: string, key: string) =>
  apiCall("get", "/system/lookup/tables/{idOrName}/query", { params: { path: { idOrName }, query: { key } } });
export const purgeTable = (idOrName: string, key: string | null) =>
  apiCall("post", "/system/lookup/tables/{idOrName}/purge", { params: { path: { idOrName }, query: key === null ? {} : { key } } });

export const validateCache = (body: LookupCacheBody) => apiCall("post", "/system/lookup/caches/validate", { body });
export const createCache = (body: LookupCacheBody) => apiCall("post", "/system/lookup/caches", { body });
export const updateCache = (idOrName: string, body: LookupCacheBody) => apiCall("put", "/system/lookup/caches/{idOrName}", { params: byName(idOrName), body });
export const deleteCache = (idOrName: string) => apiCall("delete", "/system/lookup/caches/{idOrName}", { params: byName(idOrName) });

export const validateAdapter = (body: LookupDataAdapterBody) => apiCall("post", "/system/lookup/adapters/validate", { body });
export const createAdapter = (body: LookupDataAdapterBody) => apiCall("post", "/system/lookup/adapters", { body });
export const updateAdapter = (idOrName: string, body: LookupDataAdapterBody) =>
  apiCall("put", "/system/lookup/adapters/{idOrName}", { params: byName(idOrName), body });
export const deleteAdapter = (idOrName: string) => apiCall("delete", "/system/lookup/adapters/{idOrName}", { params: byName(idOrName) });
export const queryAdapter = (idOrName: string, key: string) =>
  apiCall("get", "/system/lookup/adapters/{idOrName}/query", { params: { path: { idOrName }, query: { key } } });

const LOOKUP_PATHS = [
  "/system/lookup/tables",
  "/system/lookup/caches",
  "/system/lookup/adapters",
  "/system/lookup/tables/{idOrName}",
  "/system/lookup/caches/{idOrName}",
  "/system/lookup/adapters/{idOrName}",
] as const;

export async function invalidateLookups(queryClient: QueryClient): Promise<void> {
  await Promise.all(LOOKUP_PATHS.map((path) => queryClient.invalidateQueries({ queryKey: resourceQueryKey(path) })));
  await queryClient.invalidateQueries({ queryKey: ["/system/lookup/errorstates"] });
}
