import { ActionIcon, Badge, Box, Button, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useNavigate, useParams } from "react-router";
import type { EventNotification, EventNotificationBody } from "../../api/schemas/event-notifications.ts";
import { paths } from "../../shared/paths.ts";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { EntityListTable } from "../common/entity-list/EntityListTable.tsx";
import { useEntityList } from "../common/entity-list/use-entity-list.ts";
import type { ColumnDefinition } from "../common/entity-table/logic/column-definition.ts";
import { toastError, toastSuccess } from "../common/toast.ts";
import { PageLayout } from "../shell/PageLayout.tsx";
import { AlertsNavigation } from "./AlertsNavigation.tsx";
import {
  createNotification, deleteNotification, deliveriesQueryOptions, invalidateNotifications, notificationPageQueryOptions, outboxQueryOptions,
  updateNotification,
} from "./alert-queries.ts";
import { NOTIFICATION_TYPE_LABELS } from "./logic/notification-form.ts";
import { NotificationFormModal } from "./NotificationFormModal.tsx";
import { ShareButton } from "../sharing/ShareButton.tsx";

const TABLE_ID = "event_notifications";
const PAGE_SIZES = [10, 20, 50, 100];
const COLUMNS: readonly ColumnDefinition[] = [
  { id: "title", title: "Title", type: "STRING", sortable: true },
  { id: "description", title: "Description", type: "STRING" },
  { id: "type", title: "Type", type: "STRING" },
];
const DEFAULTS = { displayedAttributes: ["title", "description", "type"], sort: { attributeId: "title", direction: "asc" as const }, perPage: 50 };

/** Alerts → Notifications (and /new, /{id}, /{id}/edit, which open the form): the list, the sends and the outbox. */
export function NotificationsPage() {
  const { notificationId } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const list = useEntityList(TABLE_ID, { defaults: DEFAULTS, pageSizes: PAGE_SIZES });
  const [toDelete, setToDelete] = useState<EventNotification | null>(null);
  const notifications = useQuery(notificationPageQueryOptions({ ...list.params, order: list.params.sort.direction }));
  const outbox = useQuery(outboxQueryOptions());
  const creating = globalThis.location?.pathname.endsWith("/new") ?? false;
  const editing = notifications.data?.elements.find((n) => n.id === notificationId) ?? null;
  const close = () => navigate(paths.eventNotifications.href());

  const save = async (body: EventNotificationBody) => {
    if (editing) await updateNotification(editing.id, body);
    else await createNotification(body);
    toastSuccess(`Notification "${body.title}" was ${editing ? "updated" : "created"}.`);
    await invalidateNotifications(queryClient);
    close();
  };

  return (
    <PageLayout
      title="Notifications"
      description="Notifications alert you of any configured Event when they occur."
      topActions={<AlertsNavigation />}
      actions={<Button leftSection={<IconPlus size={16} />} onClick={() => navigate(paths.eventNotificationNew.href())}>Create notification</Button>}
    >
      <Stack>
        <EntityListTable<EventNotification>
          list={list}
          page={notifications.data && { entities: notifications.data.elements, total: notifications.data.pagination.total }}
          loading={notifications.isPending}
          searchPlaceholder="Search for notifications"
          label="Notifications"
          rowTestId="notification-row"
          columnDefinitions={COLUMNS}
          columnRenderers={{ type: { renderCell: (_value, n) => NOTIFICATION_TYPE_LABELS[n.config.type] } }}
          expandedSectionRenderers={{ sends: { title: "Sends", content: (n) => <Deliveries notificationId={n.id} /> } }}
          actionsColumnWidth={185}
          rowActions={(n, row) => (
            <>
              <ShareButton grnType="notification" entityType="notification" entityId={n.id} entityTitle={n.title} />
              <Button size="compact-xs" variant="subtle" onClick={() => row.toggleSection("sends")}>Sends</Button>
              <ActionIcon variant="subtle" aria-label={`Edit ${n.title}`} title="Edit" onClick={() => navigate(paths.eventNotificationEdit.href({ notificationId: n.id }))}>
                <IconEdit size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={`Delete ${n.title}`} title="Delete" onClick={() => setToDelete(n)}>
                <IconTrash size={16} />
              </ActionIcon>
            </>
          )}
        />
        <Paper withBorder p="md">
          <Title order={4}>Email outbox</Title>
          <Text size="sm" c="dimmed" mb="xs">Mail the email notifications delivered ({outbox.data?.total ?? 0}).</Text>
          {(outbox.data?.mails ?? []).map((mail) => (
            <Box key={mail.id} mb="xs">
              <Text size="sm" fw={600}>{mail.subject}</Text>
              <Text size="xs" c="dimmed">to {mail.recipients.join(", ")} · {mail.delivered_at}</Text>
              <Text size="sm" style={{ whiteSpace: "pre-wrap" }}>{mail.body}</Text>
            </Box>
          ))}
        </Paper>
      </Stack>
      <NotificationFormModal opened={creating || editing !== null} notification={editing} onClose={close} onSave={save} />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete notification"
        confirmText="Delete"
        confirmColor="red"
        onConfirm={() => {
          const target = toDelete!;
          setToDelete(null);
          deleteNotification(target.id).then(() => toastSuccess(`Notification "${target.title}" was deleted.`), toastError)
            .finally(() => void invalidateNotifications(queryClient));
        }}
        onCancel={() => setToDelete(null)}
      >
        {`Are you sure you want to delete "${toDelete?.title ?? ""}"?`}
      </ConfirmDialog>
    </PageLayout>
  );
}

/** A notification's newest sends: status, attempts and the last error (retries are shown here). */
function Deliveries({ notificationId }: { notificationId: string }) {
  const deliveries = useQuery(deliveriesQueryOptions(notificationId));
  const rows = deliveries.data?.deliveries ?? [];
  if (rows.length === 0) return <Text size="sm" c="dimmed">This notification has not been sent yet.</Text>;
  return (
    <Table>
      <Table.Tbody>
        {rows.map((d) => (
          <Table.Tr key={d.id}>
            <Table.Td><Badge color={d.status === "sent" ? "green" : d.status === "failed" ? "red" : "yellow"} variant="light">{d.status}</Badge></Table.Td>
            <Table.Td>{d.created_at}</Table.Td>
            <Table.Td>{d.attempts} attempt(s)</Table.Td>
            <Table.Td>{d.last_error ?? ""}{d.next_attempt_at ? ` · next attempt ${d.next_attempt_at}` : ""}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
