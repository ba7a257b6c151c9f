/**
 * System → Configurations through the typed client: cluster config documents by class, the message processors
 * configuration and the URL allow-list; every save invalidates what it changed.
 */
import type { QueryClient } from "@tanstack/react-query";
import type { ClusterConfigValue } from "../../../api/schemas/backend.ts";
import type { ClusterConfigClass } from "../../../api/schemas/cluster-config.ts";
import type { MessageProcessorsConfigWithDescriptors } from "../../../api/schemas/message-processors.ts";
import type { UrlWhitelist } from "../../../api/schemas/url-whitelist.ts";
import { apiCall } from "../../api/api-client.ts";
import { resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";

/**
 * A cluster config document of one class. The path answers any class as an open object; the server validated the
 * document against its class's schema when it was saved and fills unsaved classes with their defaults, so the
 * answer has the class's shape.
 */
export const clusterConfigQueryOptions = <C extends ClusterConfigClass>(configClass: C) => ({
  ...resourceQueryOptions("/system/cluster_config/{configClass}", { path: { configClass } }),
  select: (config: Record<string, unknown>) => config as ClusterConfigValue<C>,
});

export async function saveClusterConfig<C extends ClusterConfigClass>(queryClient: QueryClient, configClass: C, value: ClusterConfigValue<C>): Promise<void> {
  await apiCall("put", "/system/cluster_config/{configClass}", { params: { path: { configClass } }, body: value as Record<string, unknown> });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/cluster_config/{configClass}") });
}

export const messageProcessorsQueryOptions = () => resourceQueryOptions("/system/messageprocessors/config");

export async function saveMessageProcessors(queryClient: QueryClient, config: MessageProcessorsConfigWithDescriptors): Promise<void> {
  await apiCall("put", "/system/messageprocessors/config", { body: config });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/messageprocessors/config") });
}

export const urlWhitelistQueryOptions = () => resourceQueryOptions("/system/urlwhitelist");

export async function saveUrlWhitelist(queryClient: QueryClient, whitelist: UrlWhitelist): Promise<void> {
  await apiCall("put", "/system/urlwhitelist", { body: whitelist });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/urlwhitelist") });
}

/** Whether the server accepts `regex` (Graylog checks with Java's regex engine). */
export async function isValidRegex(regex: string): Promise<boolean> {
  const answer = await apiCall("get", "/tools/regex_tester/validate", { params: { query: { regex } } });
  return answer.is_valid;
}
