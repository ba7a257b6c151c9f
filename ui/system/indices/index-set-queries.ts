/**
 * The index set and indices API from the UI, through the typed client: query options per resource (keys
 * `[path, params]`) and the calls that change index sets or indices. Every change invalidates what it touches.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { IndexSetCreate, IndexSetUpdate } from "../../../api/schemas/index-sets.ts";
import { apiCall } from "../../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";

/** Index sets are refreshed every few seconds: their statistics move while messages arrive. */
const LIVE = { refetchInterval: 5000 };

export const indexSetsQueryOptions = () =>
  resourceQueryOptions("/system/indices/index_sets", { query: { stats: "true" } }, LIVE);

export const allIndexSetStatsQueryOptions = () => resourceQueryOptions("/system/indices/index_sets/stats", undefined, LIVE);

const bySet = (indexSetId: string) => ({ path: { indexSetId } });

export const indexSetQueryOptions = (indexSetId: string) =>
  resourceQueryOptions("/system/indices/index_sets/{indexSetId}", bySet(indexSetId));

export const indexerOverviewQueryOptions = (indexSetId: string) =>
  resourceQueryOptions("/system/indexer/overview/{indexSetId}", bySet(indexSetId), LIVE);

export const indexSetDefaultsQueryOptions = () =>
  resourceQueryOptions("/system/cluster_config/{configClass}", { path: { configClass: "org.graylog2.configuration.IndexSetsDefaultConfiguration" } });

export const createIndexSet = (body: IndexSetCreate) => apiCall("post", "/system/indices/index_sets", { body });

export const updateIndexSet = (indexSetId: string, body: IndexSetUpdate) =>
  apiCall("put", "/system/indices/index_sets/{indexSetId}", { params: bySet(indexSetId), body });

export const deleteIndexSet = (indexSetId: string, deleteIndices: boolean) =>
  apiCall("delete", "/system/indices/index_sets/{indexSetId}", {
    params: { ...bySet(indexSetId), query: { delete_indices: deleteIndices ? "true" : "false" } },
  });

export const makeDefaultIndexSet = (indexSetId: string) =>
  apiCall("put", "/system/indices/index_sets/{indexSetId}/default", { params: bySet(indexSetId) });

export const cycleDeflector = (indexSetId: string) =>
  apiCall("post", "/cluster/deflector/{indexSetId}/cycle", { params: bySet(indexSetId) });

export const rebuildIndexSetRanges = (indexSetId: string) =>
  apiCall("post", "/system/indices/ranges/index_set/{indexSetId}/rebuild", { params: bySet(indexSetId) });

const byIndex = (index: string) => ({ path: { index } });

export const closeIndex = (index: string) => apiCall("post", "/system/indexer/indices/{index}/close", { params: byIndex(index) });
export const reopenIndex = (index: string) => apiCall("post", "/system/indexer/indices/{index}/reopen", { params: byIndex(index) });
export const deleteIndex = (index: string) => apiCall("delete", "/system/indexer/indices/{index}", { params: byIndex(index) });

export async function invalidateIndexSets(queryClient: QueryClient): Promise<void> {
  for (
    const path of [
      "/system/indices/index_sets",
      "/system/indices/index_sets/stats",
      "/system/indices/index_sets/{indexSetId}",
      "/system/indexer/overview/{indexSetId}",
    ] as const
  ) await queryClient.invalidateQueries({ queryKey: resourceQueryKey(path) });
}

/** A page of indexing failures (newest first) and how many there were in the last 24 hours. */
export const indexFailuresQueryOptions = (page: number, perPage: number) =>
  resourceQueryOptions("/system/indexer/failures", { query: { limit: perPage, offset: (page - 1) * perPage } }, LIVE);

export const indexFailureCountQueryOptions = (since: string) =>
  resourceQueryOptions("/system/indexer/failures/count", { query: { since } }, LIVE);
