/**
 * System → Overview from the UI, through the typed client: notifications (polled every 3 s like the shell's
 * badge), their plain-text messages, the indexer cluster's name and health, dismissing a notification.
 */
import { type QueryClient, useQuery } from "@tanstack/react-query";
import { apiCall } from "../../api/api-client.ts";
import { postedQueryOptions, resourceQueryKey, resourceQueryOptions } from "../../api/resource-query.ts";
import type { paths } from "../../api/openapi-types.ts";

/** The notification types the server has a text for (Graylog's `Notification.Type`). */
type NotificationMessageType = paths["/system/notification/message/plaintext/{type}"]["post"]["parameters"]["path"]["type"];

export { notificationsQueryOptions, systemInfoQueryOptions } from "../../shell/shell-queries.ts";

/**
 * A notification's text, by its type and (when it has one) its key. The type arrives as a plain string; one the
 * server has no text for answers 400, shown as the query's error.
 */
export function useNotificationMessage(notificationType: string, key: string | null) {
  const type = notificationType as NotificationMessageType;
  const body = { values: {} };
  const byType = useQuery({ ...postedQueryOptions("/system/notification/message/plaintext/{type}", { params: { path: { type } }, body }), enabled: key === null });
  const byKey = useQuery({
    ...postedQueryOptions("/system/notification/message/plaintext/{type}/{key}", { params: { path: { type, key: key ?? "" } }, body }),
    enabled: key !== null,
  });
  return key === null ? byType : byKey;
}

export const indexerClusterNameQueryOptions = () => resourceQueryOptions("/system/indexer/cluster/name");
export const indexerClusterHealthQueryOptions = () => resourceQueryOptions("/system/indexer/cluster/health", undefined, { refetchInterval: 5000 });

export async function dismissNotification(queryClient: QueryClient, type: string, key: string | null): Promise<void> {
  if (key === null) await apiCall("delete", "/system/notifications/{notificationType}", { params: { path: { notificationType: type } } });
  else await apiCall("delete", "/system/notifications/{notificationType}/{notificationKey}", { params: { path: { notificationType: type, notificationKey: key } } });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/notifications") });
}

/** The node's system jobs, polled while the page is open (a job's progress moves). */
export const systemJobsQueryOptions = () => resourceQueryOptions("/system/jobs", undefined, { refetchInterval: 2000 });

export const systemMessagesQueryOptions = (page: number) =>
  resourceQueryOptions("/system/messages", { query: { page } }, { refetchInterval: 10_000 });

export const processingStatusQueryOptions = () => resourceQueryOptions("/system/processing/status", undefined, { refetchInterval: 5000 });

export async function acknowledgeJob(queryClient: QueryClient, jobId: string): Promise<void> {
  await apiCall("delete", "/system/jobs/acknowledge/{jobId}", { params: { path: { jobId } } });
  await queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/jobs") });
}

/** Pauses or resumes message processing; the node's state and the system messages change with it. */
export async function setProcessing(queryClient: QueryClient, running: boolean): Promise<void> {
  await apiCall("put", running ? "/system/processing/resume" : "/system/processing/pause", {});
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system") }),
    queryClient.invalidateQueries({ queryKey: resourceQueryKey("/system/messages") }),
  ]);
}
