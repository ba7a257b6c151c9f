/**
 * The pipeline API from the UI, through the typed client: rules, pipelines, stream connections, functions and
 * the pipelines' throughput meters. Every change invalidates every pipeline query.
 */
import type { QueryClient } from "@tanstack/react-query";
import { pipelineThroughputMetric } from "../../../shared/pipeline-metrics.ts";
import { apiCall } from "../../api/api-client.ts";
import { postedQueryOptions, resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";

export const rulesQueryOptions = () => resourceQueryOptions("/system/pipelines/rule");
export const ruleQueryOptions = (id: string) => resourceQueryOptions("/system/pipelines/rule/{id}", { path: { id } });
/** Each rule's counters, every 5 s. */
export const ruleCountersQueryOptions = () => resourceQueryOptions("/system/pipelines/rule/counters", undefined, { refetchInterval: 5_000, staleTime: 0 });
export const functionsQueryOptions = () => resourceQueryOptions("/system/pipelines/rule/functions", undefined, { staleTime: 300_000 });
export const pipelinesQueryOptions = () => resourceQueryOptions("/system/pipelines/pipeline");
export const pipelineQueryOptions = (id: string) => resourceQueryOptions("/system/pipelines/pipeline/{id}", { path: { id } });
export const connectionsQueryOptions = () => resourceQueryOptions("/system/pipelines/connections");
export const streamsQueryOptions = () => resourceQueryOptions("/streams", undefined, { staleTime: 60_000 });

/** The pipelines' meters, every 5 s. */
export const pipelineThroughputQueryOptions = (ids: readonly string[]) =>
  postedQueryOptions("/system/metrics/multiple", { body: { metrics: ids.map(pipelineThroughputMetric) } }, { refetchInterval: 5_000, staleTime: 0 });

type Source = { source: string; description: string };

export const parseRule = (body: Source) => apiCall("post", "/system/pipelines/rule/parse", { body });
export const createRule = (body: Source) => apiCall("post", "/system/pipelines/rule", { body });
export const updateRule = (id: string, body: Source) => apiCall("put", "/system/pipelines/rule/{id}", { params: { path: { id } }, body });
export const deleteRule = (id: string) => apiCall("delete", "/system/pipelines/rule/{id}", { params: { path: { id } } });

export const createPipeline = (body: Source) => apiCall("post", "/system/pipelines/pipeline", { body });
export const updatePipeline = (id: string, body: Source) => apiCall("put", "/system/pipelines/pipeline/{id}", { params: { path: { id } }, body });
export const deletePipeline = (id: string) => apiCall("delete", "/system/pipelines/pipeline/{id}", { params: { path: { id } } });
export const connectPipeline = (pipelineId: string, streamIds: string[]) =>
  apiCall("post", "/system/pipelines/connections/to_pipeline", { body: { pipeline_id: pipelineId, stream_ids: streamIds } });

const PIPELINE_PATHS = [
  "/system/pipelines/rule",
  "/system/pipelines/rule/{id}",
  "/system/pipelines/pipeline",
  "/system/pipelines/pipeline/{id}",
  "/system/pipelines/connections",
] as const;

export async function invalidatePipelines(queryClient: QueryClient): Promise<void> {
  await Promise.all(PIPELINE_PATHS.map((path) => queryClient.invalidateQueries({ queryKey: resourceQueryKey(path) })));
}
