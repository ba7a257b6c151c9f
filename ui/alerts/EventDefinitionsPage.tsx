import { ActionIcon, Badge, Button, Menu, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconEdit, IconPlayerPause, IconPlayerPlay, IconPlus, IconReplace, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import type { EventDefinitionWithState } from "../../api/schemas/event-definitions.ts";
import { paths } from "../../shared/paths.ts";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { EntityListTable } from "../common/entity-list/EntityListTable.tsx";
import { useEntityList } from "../common/entity-list/use-entity-list.ts";
import type { ColumnDefinition } from "../common/entity-table/logic/column-definition.ts";
import { toastError, toastSuccess } from "../common/toast.ts";
import { usePermissions } from "../session/current-user.tsx";
import { PageLayout } from "../shell/PageLayout.tsx";
import { AlertsNavigation } from "./AlertsNavigation.tsx";
import { bulkDefinitions, definitionPageQueryOptions, deleteDefinition, invalidateDefinitions, scheduleDefinition } from "./alert-queries.ts";
import { PRIORITIES } from "./logic/event-definition-form.ts";
import { ShareButton } from "../sharing/ShareButton.tsx";

const TABLE_ID = "event_definitions";
const PAGE_SIZES = [10, 20, 50, 100];
const COLUMNS: readonly ColumnDefinition[] = [
  { id: "title", title: "Title", type: "STRING", sortable: true },
  { id: "description", title: "Description", type: "STRING" },
  { id: "priority", title: "Priority", type: "STRING" },
  { id: "state", title: "Status", type: "STRING" },
  { id: "alert", title: "Alert", type: "BOOLEAN" },
];
const DEFAULTS = { displayedAttributes: ["title", "description", "priority", "state"], sort: { attributeId: "title", direction: "asc" as const }, perPage: 50 };

/** Alerts → Event Definitions: the paged list with schedule, unschedule, delete and their bulk forms. */
export function EventDefinitionsPage() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const list = useEntityList(TABLE_ID, { defaults: DEFAULTS, pageSizes: PAGE_SIZES });
  const [selected, setSelected] = useState<string[]>([]);
  const [toDelete, setToDelete] = useState<string[] | null>(null);
  const definitions = useQuery(definitionPageQueryOptions({ ...list.params, order: list.params.sort.direction }));
  const mayCreate = permissions.isPermitted("eventdefinitions:create");

  const run = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      toastSuccess(success);
    } catch (error) {
      toastError(error);
    } finally {
      await invalidateDefinitions(queryClient);
    }
  };

  return (
    <PageLayout
      title="Event Definitions"
      description="Create new Event Definitions that will allow you to search for different Conditions and alert on them."
      topActions={<AlertsNavigation />}
      actions={mayCreate && (
        <Button component={Link} to={paths.eventDefinitionNew.href()} leftSection={<IconPlus size={16} />}>Create event definition</Button>
      )}
    >
      <EntityListTable<EventDefinitionWithState>
        list={list}
        page={definitions.data && { entities: definitions.data.elements, total: definitions.data.pagination.total }}
        loading={definitions.isPending}
        searchPlaceholder="Search for event definitions"
        label="Event definitions"
        rowTestId="event-definition-row"
        columnDefinitions={COLUMNS}
        rowName={(definition) => definition.title}
        selection={{ selectedIds: selected, onChange: setSelected }}
        bulkActions={(ids, cancel) => (
          <>
            <Menu.Item leftSection={<IconPlayerPlay size={14} />} onClick={() => void run(() => bulkDefinitions("bulk_schedule", ids), `${ids.length} event definitions were enabled.`).then(cancel)}>
              Enable selected ({ids.length})
            </Menu.Item>
            <Menu.Item leftSection={<IconPlayerPause size={14} />} onClick={() => void run(() => bulkDefinitions("bulk_unschedule", ids), `${ids.length} event definitions were disabled.`).then(cancel)}>
              Disable selected ({ids.length})
            </Menu.Item>
            <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setToDelete(ids)}>Delete selected ({ids.length})</Menu.Item>
          </>
        )}
        columnRenderers={{
          title: {
            renderCell: (_value, definition) => (
              <Text component={Link} to={paths.eventDefinition.href({ definitionId: definition.id })} fw={600} size="sm" c="blue">
                {definition.title}
              </Text>
            ),
          },
          priority: { renderCell: (value) => PRIORITIES.find((p) => p.value === String(value))?.label ?? String(value) },
          state: {
            renderCell: (value) => <Badge color={value === "ENABLED" ? "green" : "gray"} variant="light">{value === "ENABLED" ? "Enabled" : "Disabled"}</Badge>,
          },
          alert: { renderCell: (value) => (value ? "Yes" : "No") },
        }}
        actionsColumnWidth={185}
        rowActions={(definition) => (
          <>
            <ShareButton grnType="event_definition" entityType="event definition" entityId={definition.id} entityTitle={definition.title} />
            <ActionIcon variant="subtle" component={Link} to={paths.eventDefinitionReplay.href({ definitionId: definition.id })} aria-label={`Replay search of ${definition.title}`} title="Replay search">
              <IconReplace size={16} />
            </ActionIcon>
            <ActionIcon variant="subtle" component={Link} to={paths.eventDefinitionEdit.href({ definitionId: definition.id })} aria-label={`Edit ${definition.title}`} title="Edit">
              <IconEdit size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`${definition.state === "ENABLED" ? "Disable" : "Enable"} ${definition.title}`}
              title={definition.state === "ENABLED" ? "Disable" : "Enable"}
              onClick={() =>
                void run(
                  () => scheduleDefinition(definition.id, definition.state !== "ENABLED"),
                  `Event definition "${definition.title}" was ${definition.state === "ENABLED" ? "disabled" : "enabled"}.`,
                )}
            >
              {definition.state === "ENABLED" ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />}
            </ActionIcon>
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${definition.title}`} title="Delete" onClick={() => setToDelete([definition.id])}>
              <IconTrash size={16} />
            </ActionIcon>
          </>
        )}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete event definitions"
        confirmText="Delete"
        confirmColor="red"
        onConfirm={() => {
          const ids = toDelete ?? [];
          setToDelete(null);
          setSelected([]);
          void run(() => (ids.length === 1 ? deleteDefinition(ids[0]) : bulkDefinitions("bulk_delete", ids)), `${ids.length} event definition(s) deleted.`);
        }}
        onCancel={() => setToDelete(null)}
      >
        {`Are you sure you want to delete ${toDelete?.length === 1 ? "this event definition" : `${toDelete?.length ?? 0} event definitions`}?`}
      </ConfirmDialog>
    </PageLayout>
  );
}
