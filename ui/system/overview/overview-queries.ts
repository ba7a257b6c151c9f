/**
 * System → Overview from the UI, through the typed client: notifications (polled every 3 s like the shell's
 * badge), their plain-text messages, the indexer cluster's name and health, dismissing a notification.
 */
import type { QueryClient } from "@tanstack/react-query";
import { apiCall } from "../../api/api-client.ts";
import { postedQueryOptions, resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";

export { notificationsQueryOptions, systemInfoQueryOptions } from "../../shell/shell-queries.ts";

export const notificationMessageQueryOptions = (type: string, key: string | null) =>
  key === null
    ? postedQueryOptions("/system/notification/message/plaintext/{type}", { params: { path: { type } }, body: { values: {} } })
    : postedQueryOptions("/system/notification/message/plaintext/{type}/{key}", { params: { path: { type, key } }, body: { values: {} } });

export const indexerClusterNameQueryOptions = () => resourceQueryOptions("/system/indexer/cluster/name");
export const indexerClusterHealthQueryOptions = () => resourceQueryOptions("/system/indexer/cluster/health", undefined, { refetchInterval: 5000 });

export async function dismissNotification(queryClient: QueryClient, type: string, key: string | null): Promise<void> {
  if (key === null) await apiCall("delete", "/system/notifications/{notificationType}", { params: { path: { notificationType: type } } });
  else await apiCall("delete", "/system/notifications/{notificationType}/{notificationKey}", { params: { path: { notificationType: type, notificationKey: key } } });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/notifications") });
}
