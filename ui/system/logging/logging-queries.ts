/**
 * System → Logging through the typed client: each node's subsystems and loggers with their levels, the newest
 * lines of the server log, and the support bundles.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { LoggingSubsystem, LogLevel } from "../../../api/schemas/logging.ts";
import { apiCall } from "../../api/api-client.ts";
import { apiUrl } from "../../api/page-config.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";

/** The nodes, to name each node's subsystems. */
export const clusterNodesQueryOptions = () => resourceQueryOptions("/system/cluster/nodes");
export const clusterSubsystemsQueryOptions = () => resourceQueryOptions("/cluster/system/loggers/subsystems");
export const loggersQueryOptions = () => resourceQueryOptions("/system/loggers");
/** The newest server log lines, refreshed while the page is open. */
export const recentLogLinesQueryOptions = (limit: number) =>
  resourceQueryOptions("/system/loggers/messages/recent", { query: { limit } }, { refetchInterval: 5000 });
export const supportBundlesQueryOptions = () => resourceQueryOptions("/cluster/debug/support/bundle/list");

export async function setSubsystemLevel(queryClient: QueryClient, nodeId: string, subsystem: LoggingSubsystem, level: LogLevel): Promise<void> {
  await apiCall("put", "/cluster/system/loggers/{nodeId}/subsystems/{subsystem}/level/{level}", { params: { path: { nodeId, subsystem, level } } });
  await invalidateLevels(queryClient);
}

export async function setLoggerLevel(queryClient: QueryClient, loggerName: string, level: LogLevel): Promise<void> {
  await apiCall("put", "/system/loggers/{loggerName}/level/{level}", { params: { path: { loggerName, level } } });
  await invalidateLevels(queryClient);
}

async function invalidateLevels(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: resourceQueryKey("/cluster/system/loggers/subsystems") }),
    queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/loggers") }),
    queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/loggers/messages/recent") }),
  ]);
}

export async function buildSupportBundle(queryClient: QueryClient): Promise<void> {
  await apiCall("post", "/cluster/debug/support/bundle/build", {});
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/cluster/debug/support/bundle/list") });
}

export async function deleteSupportBundle(queryClient: QueryClient, filename: string): Promise<void> {
  await apiCall("delete", "/cluster/debug/support/bundle/{filename}", { params: { path: { filename } } });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/cluster/debug/support/bundle/list") });
}

/** Where the browser downloads a bundle (a plain link: the session cookie authenticates it). */
export const supportBundleHref = (filename: string) => apiUrl(`/cluster/debug/support/bundle/download/${encodeURIComponent(filename)}`);
