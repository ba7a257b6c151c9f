import { ActionIcon, Anchor, Badge, Box, Button, Group, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Role } from "../../../api/schemas/roles.ts";
import { paths } from "../../../shared/paths.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { FILTER_MATCHES_NOTHING, NO_ENTITIES_EXIST } from "../../common/empty-states.ts";
import { EntityTable } from "../../common/entity-table/EntityTable.tsx";
import { SearchBox } from "../../common/paginated-list/SearchBox.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { roleDeletion } from "./logic/role-deletion.ts";
import { deleteRole, invalidateRoles, rolePageQueryOptions } from "./roles-queries.ts";

const COLUMNS = [
  { id: "name", title: "Name", type: "STRING" as const },
  { id: "description", title: "Description", type: "STRING" as const },
  { id: "users", title: "Users", type: "STRING" as const },
];
const PAGE_SIZES = [10, 20, 50, 100];

/** System → Roles (spec 002 §2): the roles with their members; built-in roles cannot be deleted. */
export function RolesPage() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [perPage, setPerPage] = useState(50);
  const [toDelete, setToDelete] = useState<Role | null>(null);
  const [deleting, setDeleting] = useState(false);
  const list = useQuery(rolePageQueryOptions({ query, page, perPage }));
  const members = list.data?.context.users ?? {};
  const deletion = toDelete ? roleDeletion(toDelete.name, (members[toDelete.id] ?? []).map((user) => user.username)) : null;

  const confirmDelete = async (role: Role) => {
    setDeleting(true);
    try {
      await deleteRole(role.id);
      toastSuccess(`Role "${role.name}" was deleted.`);
    } catch (error) {
      toastError(error, "Could not delete the role");
    } finally {
      setDeleting(false);
      setToDelete(null);
      await invalidateRoles(queryClient);
    }
  };

  return (
    <PageLayout
      title="Roles Overview"
      description="Roles bundle permissions: a user holds the permissions of all their roles. Built-in roles cannot be changed or deleted."
      actions={permissions.isPermitted("roles:create") && (
        <Button component={Link} to={paths.roleNew.href()} leftSection={<IconPlus size={16} />}>Create role</Button>
      )}
    >
      <EntityTable<Role>
        label="Roles"
        rowTestId="role-row"
        entities={list.data?.roles ?? []}
        columnDefinitions={COLUMNS}
        visibleColumns={COLUMNS.map((column) => column.id)}
        loading={list.isPending}
        emptyText={query.trim() === "" ? NO_ENTITIES_EXIST : FILTER_MATCHES_NOTHING}
        toolbar={
          <Box w={360}>
            <SearchBox placeholder="Search roles by name or description" onSearch={(next) => {
              setQuery(next);
              setPage(1);
            }} />
          </Box>
        }
        columnRenderers={{
          name: {
            renderCell: (value, role) => (
              <Group gap={6} wrap="nowrap">
                <Anchor component={Link} to={paths.role.href({ roleId: role.id })} fw={600} size="sm">{String(value)}</Anchor>
                {role.read_only && <Badge size="xs" variant="light" color="gray">built-in</Badge>}
              </Group>
            ),
          },
          users: {
            renderCell: (_, role) => {
              const users = members[role.id] ?? [];
              return <Text size="sm">{users.length === 0 ? "—" : users.map((user) => user.username).join(", ")}</Text>;
            },
          },
        }}
        actionsColumnWidth={60}
        rowActions={(role) =>
          !role.read_only && permissions.isPermitted("roles:delete") && (
            <ActionIcon variant="subtle" color="red" aria-label={`Delete ${role.name}`} title="Delete" onClick={() => setToDelete(role)}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        pagination={{
          page,
          perPage,
          total: list.data?.total ?? 0,
          pageSizes: PAGE_SIZES,
          onChange: (nextPage, size) => {
            setPage(nextPage);
            setPerPage(size);
          },
        }}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete role"
        confirmText="Delete"
        confirmColor="red"
        confirmDisabled={deletion?.allowed === false}
        submitting={deleting}
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {deletion?.text ?? ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
