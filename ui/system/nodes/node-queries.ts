/**
 * The cluster's nodes and what each reports, from the UI, through the typed client: query options per resource
 * (keys `[path, params]`). The node list refreshes every 5 s (spec 002 §9), the metrics page every 2 s.
 */
import { postedQueryOptions, resourceQueryOptions } from "../../api/resource-query.ts";
import { THROUGHPUT_METRICS } from "../../shell/shell-queries.ts";

export const NODE_REFRESH_MS = 5000;
const METRICS_REFRESH_MS = 2000;

const byNode = (nodeId: string) => ({ path: { nodeId } });

export const nodesQueryOptions = () => resourceQueryOptions("/system/cluster/nodes", undefined, { refetchInterval: NODE_REFRESH_MS });

export const nodeQueryOptions = (nodeId: string) =>
  resourceQueryOptions("/system/cluster/nodes/{nodeId}", byNode(nodeId), { refetchInterval: NODE_REFRESH_MS });

export const nodeSystemQueryOptions = (nodeId: string) =>
  resourceQueryOptions("/cluster/{nodeId}/system", byNode(nodeId), { refetchInterval: NODE_REFRESH_MS });

export const nodeJvmQueryOptions = (nodeId: string) =>
  resourceQueryOptions("/cluster/{nodeId}/jvm", byNode(nodeId), { refetchInterval: NODE_REFRESH_MS });

export const buffersQueryOptions = () => resourceQueryOptions("/system/buffers", undefined, { refetchInterval: NODE_REFRESH_MS });

/** Each node's input and output 1-second rates, the way Graylog 5.1's node list reads them (all nodes in one call). */
export const nodesThroughputQueryOptions = () =>
  postedQueryOptions("/cluster/metrics/multiple", { body: { metrics: Object.values(THROUGHPUT_METRICS) } }, {
    refetchInterval: NODE_REFRESH_MS,
  });

export const metricNamesQueryOptions = (nodeId: string) => resourceQueryOptions("/cluster/{nodeId}/metrics/names", byNode(nodeId));

export const nodeMetricsQueryOptions = (nodeId: string, names: readonly string[]) =>
  postedQueryOptions("/cluster/{nodeId}/metrics/multiple", { params: byNode(nodeId), body: { metrics: [...names] } }, {
    refetchInterval: METRICS_REFRESH_MS,
  });

export const threadDumpQueryOptions = (nodeId: string) => resourceQueryOptions("/cluster/{nodeId}/threaddump", byNode(nodeId));

export const processBufferDumpQueryOptions = (nodeId: string) =>
  resourceQueryOptions("/cluster/{nodeId}/processbufferdump", byNode(nodeId));
