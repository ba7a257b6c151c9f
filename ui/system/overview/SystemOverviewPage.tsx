import { Alert, Anchor, Badge, Button, Group, SimpleGrid, Stack, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useMounted } from "../../common/use-mounted.ts";
import { OverviewSection } from "./OverviewSection.tsx";
import { ProcessingSection } from "./ProcessingSection.tsx";
import { SystemJobsSection } from "./SystemJobsSection.tsx";
import { SystemMessagesSection } from "./SystemMessagesSection.tsx";
import type { SystemNotification } from "../../../api/schemas/notifications.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastError } from "../../common/toast.ts";
import { useCurrentUser, usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import {
  dismissNotification,
  indexerClusterHealthQueryOptions,
  indexerClusterNameQueryOptions,
  useNotificationMessage,
  notificationsQueryOptions,
  systemInfoQueryOptions,
} from "./overview-queries.ts";

/**
 * /system/overview: notifications with dismiss, system jobs, message processing, the indexer cluster, time
 * configuration, where to get help and the system messages.
 */
export function SystemOverviewPage() {
  const permissions = usePermissions();
  const notifications = useQuery(notificationsQueryOptions());
  const clusterName = useQuery(indexerClusterNameQueryOptions());
  const health = useQuery(indexerClusterHealthQueryOptions());

  return (
    <PageLayout title="System Overview">
      <OverviewSection title="Notifications">
        {notifications.isError && <Alert color="red">{failureMessage(notifications.error)}</Alert>}
        {notifications.data?.total === 0 && (
          <Text size="sm" data-testid="no-notifications">Everything is fine! There are no notifications.</Text>
        )}
        {notifications.data && notifications.data.total > 0 && (
          <Text size="sm">There {notifications.data.total === 1 ? "is 1 notification" : `are ${notifications.data.total} notifications`}.</Text>
        )}
        {notifications.data?.notifications.map((notification) => (
          <NotificationItem
            key={`${notification.type}/${notification.key ?? ""}`}
            notification={notification}
            mayDismiss={permissions.isPermitted("notifications:delete")}
          />
        ))}
      </OverviewSection>
      {permissions.isPermitted("systemjobs:read") && <SystemJobsSection />}
      {permissions.isPermitted("processing:changestate") && <ProcessingSection />}
      <OverviewSection title="Elasticsearch cluster">
        {health.data && clusterName.data && (
          <Text size="sm" component="div" data-testid="indexer-cluster">
            The search cluster <b>{clusterName.data.name}</b> is{" "}
            <Badge color={health.data.status} variant="light">{health.data.status}</Badge>. Shards: {health.data.shards.active} active,{" "}
            {health.data.shards.initializing} initializing, {health.data.shards.relocating} relocating, {health.data.shards.unassigned} unassigned.
          </Text>
        )}
        {health.isError && <Alert color="red">{failureMessage(health.error)}</Alert>}
      </OverviewSection>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <TimeConfiguration />
        <OverviewSection title="Need help?">
          <Text size="sm">
            Do not hesitate to consult the Graylog community if your questions are not answered in the{" "}
            <Anchor href="https://go2docs.graylog.org/5-1/home.htm" target="_blank" rel="noopener noreferrer">documentation</Anchor>.
          </Text>
          <Text size="sm">
            <Anchor href="https://community.graylog.org/" target="_blank" rel="noopener noreferrer">Community support</Anchor>
            {" · "}
            <Anchor href="https://github.com/Graylog2/graylog2-server/issues" target="_blank" rel="noopener noreferrer">Issue tracker</Anchor>
          </Text>
        </OverviewSection>
      </SimpleGrid>
      {permissions.isPermitted("systemmessages:read") && <SystemMessagesSection />}
    </PageLayout>
  );
}

function NotificationItem({ notification, mayDismiss }: { notification: SystemNotification; mayDismiss: boolean }) {
  const queryClient = useQueryClient();
  const mounted = useMounted();
  const message = useNotificationMessage(notification.type, notification.key);
  const dismiss = async () => {
    try {
      await dismissNotification(queryClient, notification.type, notification.key);
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <Alert color={notification.severity === "urgent" ? "red" : "yellow"} title={message.data?.title ?? notification.type} data-testid="notification">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text size="sm">{message.data?.description ?? ""}</Text>
          <Text size="xs" c="dimmed">Triggered at {mounted ? new Date(notification.timestamp).toLocaleString() : notification.timestamp}</Text>
        </Stack>
        {mayDismiss && <Button size="xs" variant="default" onClick={() => void dismiss()}>Dismiss</Button>}
      </Group>
    </Alert>
  );
}

function TimeConfiguration() {
  const user = useCurrentUser();
  const system = useQuery(systemInfoQueryOptions());
  // The browser's zone and the current time are known only in the browser: the server render shows placeholders.
  const mounted = useMounted();
  const browserZone = mounted ? Intl.DateTimeFormat().resolvedOptions().timeZone : undefined;
  const now = new Date();
  const at = (timeZone: string | undefined) =>
    mounted && timeZone ? `${now.toLocaleString("en-GB", { timeZone, hour12: false })} (${timeZone})` : "—";
  return (
    <OverviewSection title="Time configuration">
      <Text size="sm">Dealing with timezones can be confusing. Here you can see the timezone applied to different components of your system.</Text>
      <Text size="sm" data-testid="time-user"><b>User {user.username}:</b> {at(user.timezone ?? browserZone)}</Text>
      <Text size="sm" data-testid="time-browser"><b>Your web browser:</b> {at(browserZone)}</Text>
      <Text size="sm" data-testid="time-server"><b>Sluice server:</b> {at(system.data?.timezone)}</Text>
    </OverviewSection>
  );
}

