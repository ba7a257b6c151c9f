import { ActionIcon, Anchor, Badge, Box, Button, Group, Menu, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconDots, IconEdit, IconKey, IconPlus, IconTrash, IconUserCheck, IconUserOff } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import type { UserOverview } from "../../../api/schemas/user.ts";
import { paths } from "../../../shared/paths.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { FILTER_MATCHES_NOTHING, NO_ENTITIES_EXIST } from "../../common/empty-states.ts";
import { EntityTable } from "../../common/entity-table/EntityTable.tsx";
import { usePersistedTableLayout } from "../../common/entity-table/use-persisted-table-layout.ts";
import { SearchBox } from "../../common/paginated-list/SearchBox.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { useCurrentUser, usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { deleteUser, invalidateUsers, setUserStatus, userPageQueryOptions } from "./users-queries.ts";
import {
  deletedText,
  deleteQuestion,
  mayRemove,
  statusText,
  USER_COLUMNS,
  USER_LAYOUT_DEFAULTS,
  USER_PAGE_SIZES,
  USERS_TABLE_ID,
} from "./logic/user-list.ts";
import { UsersAndTeamsNavigation } from "./UsersAndTeamsNavigation.tsx";
import { UserStatusBadge } from "./UserStatusBadge.tsx";

/**
 * System → Users and Teams (spec 002 §2): the users on the shared entity table (sorted by full name), with
 * search, paging and the user's layout; create, edit, tokens, enable/disable and delete.
 */
export function UsersPage() {
  const queryClient = useQueryClient();
  const me = useCurrentUser();
  const permissions = usePermissions();
  const { layout, onSortChange, onColumnsChange, onPageSizeChange } = usePersistedTableLayout(USERS_TABLE_ID, {
    defaults: USER_LAYOUT_DEFAULTS,
    pageSizes: USER_PAGE_SIZES,
  });
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const [toDelete, setToDelete] = useState<UserOverview | null>(null);
  const [deleting, setDeleting] = useState(false);
  const sort = layout.sort ?? USER_LAYOUT_DEFAULTS.sort!;
  const list = useQuery(userPageQueryOptions({ query, page, perPage: layout.perPage, sort }));
  const mayEdit = (user: UserOverview) => !user.read_only && permissions.isPermitted(`users:edit:${user.username}`);

  const changeStatus = async (user: UserOverview, status: "enabled" | "disabled") => {
    try {
      await setUserStatus(user.username, status);
      toastSuccess(statusText(user.username, status));
    } catch (error) {
      toastError(error);
    }
    await invalidateUsers(queryClient);
  };

  const confirmDelete = async (user: UserOverview) => {
    setDeleting(true);
    try {
      await deleteUser(user.username);
      toastSuccess(deletedText(user.username));
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(false);
      setToDelete(null);
      await invalidateUsers(queryClient);
    }
  };

  return (
    <PageLayout
      title="Users Overview"
      description="Overview of users: their roles, status and last activity. Users sign in with a username and password, or call the API with an access token."
      topActions={<UsersAndTeamsNavigation />}
      actions={permissions.isPermitted("users:create") && (
        <Button component={Link} to={paths.userNew.href()} leftSection={<IconPlus size={16} />}>Create user</Button>
      )}
    >
      <EntityTable<UserOverview>
        label="Users"
        rowTestId="user-row"
        entities={list.data?.users ?? []}
        columnDefinitions={USER_COLUMNS}
        visibleColumns={layout.displayedAttributes}
        onColumnsChange={onColumnsChange}
        activeSort={sort}
        onSortChange={(next) => {
          setPage(1);
          onSortChange(next);
        }}
        loading={list.isPending}
        emptyText={query.trim() === "" ? NO_ENTITIES_EXIST : FILTER_MATCHES_NOTHING}
        toolbar={
          <Box w={360}>
            <SearchBox
              placeholder="Search users by name, username or e-mail"
              onSearch={(next) => {
                setQuery(next);
                setPage(1);
              }}
            />
          </Box>
        }
        columnRenderers={{
          full_name: {
            renderCell: (value, user) => (
              // The badges wrap below a long name instead of being cut to 'READ-ON…' in a narrow column.
              <Group gap={6} wrap="wrap">
                <Anchor component={Link} to={paths.user.href({ userId: user.id })} fw={600} size="sm">{String(value)}</Anchor>
                {user.read_only && <Badge size="xs" variant="light" color="gray" style={{ flexShrink: 0, overflow: "visible" }}>read-only</Badge>}
                {user.service_account && <Badge size="xs" variant="light" style={{ flexShrink: 0, overflow: "visible" }}>service account</Badge>}
              </Group>
            ),
          },
          client_address: { renderCell: (value) => <Text size="sm">{value ? String(value) : ""}</Text> },
          roles: {
            renderCell: (_, user) => (
              <Group gap={4}>{user.roles.map((role) => <Badge key={role} size="sm" variant="outline">{role}</Badge>)}</Group>
            ),
          },
          account_status: { renderCell: (_, user) => <UserStatusBadge status={user.account_status} sessionActive={user.session_active} /> },
        }}
        actionsColumnWidth={110}
        rowActions={(user) => (
          <Group gap={2} wrap="nowrap">
            {mayEdit(user) && (
              <ActionIcon variant="subtle" component={Link} to={paths.userEdit.href({ userId: user.id })} aria-label={`Edit ${user.username}`} title="Edit">
                <IconEdit size={16} />
              </ActionIcon>
            )}
            <Menu position="bottom-end" withinPortal>
              <Menu.Target>
                <ActionIcon variant="subtle" aria-label={`More actions for ${user.username}`} title="More actions">
                  <IconDots size={16} />
                </ActionIcon>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item component={Link} to={paths.userTokens.href({ userId: user.id })} leftSection={<IconKey size={14} />}
                  disabled={!permissions.isPermitted(`users:tokenlist:${user.username}`)}>
                  Edit tokens
                </Menu.Item>
                {mayRemove(user.username, me.username) && permissions.isPermitted(`users:edit:${user.username}`) && (
                  <>
                    {user.account_status === "enabled"
                      ? <Menu.Item leftSection={<IconUserOff size={14} />} onClick={() => void changeStatus(user, "disabled")}>Disable</Menu.Item>
                      : <Menu.Item leftSection={<IconUserCheck size={14} />} onClick={() => void changeStatus(user, "enabled")}>Enable</Menu.Item>}
                    <Menu.Item color="red" leftSection={<IconTrash size={14} />} onClick={() => setToDelete(user)}>Delete</Menu.Item>
                  </>
                )}
              </Menu.Dropdown>
            </Menu>
          </Group>
        )}
        pagination={{
          page,
          perPage: layout.perPage,
          total: list.data?.total ?? 0,
          pageSizes: USER_PAGE_SIZES,
          onChange: (nextPage, perPage) => {
            setPage(nextPage);
            if (perPage !== layout.perPage) onPageSizeChange(perPage);
          },
        }}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete user"
        confirmText="Delete"
        confirmColor="red"
        submitting={deleting}
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? deleteQuestion(toDelete.username) : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
