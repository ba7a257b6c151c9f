import { ActionIcon, Badge, Box, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import type { Team } from "../../../api/schemas/teams.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { SearchBox } from "../../common/paginated-list/SearchBox.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { deleteTeam, invalidateTeams, teamPageQueryOptions, teamRolesQueryOptions, teamUsersQueryOptions } from "./teams-queries.ts";
import { TeamFormModal } from "./TeamFormModal.tsx";

/**
 * The teams of 'Users and Teams': a team groups users, gives them its roles and can be chosen in the share dialog.
 * Shown below the users list to whoever may list teams.
 */
export function TeamsOverview() {
  const permissions = usePermissions();
  if (!permissions.isPermitted("teams:list")) return null;
  return <Teams />;
}

function Teams() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const [query, setQuery] = useState("");
  const list = useQuery(teamPageQueryOptions({ query, page: 1, perPage: 100 }));
  const users = useQuery(teamUsersQueryOptions());
  const roles = useQuery(teamRolesQueryOptions());
  const [editing, setEditing] = useState<Team | "new" | null>(null);
  const [toDelete, setToDelete] = useState<Team | null>(null);
  const userNames = new Map((users.data?.users ?? []).map((user) => [user.id, user.full_name || user.username]));
  const roleNames = new Map((roles.data?.roles ?? []).map((role) => [role.id, role.name]));
  const teams = list.data?.teams ?? [];

  const remove = async (team: Team) => {
    try {
      await deleteTeam(team.id);
      toastSuccess(`Team ${team.name} was deleted.`);
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
    await invalidateTeams(queryClient);
  };

  return (
    <Paper withBorder p="md" mt="lg">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h3">Teams Overview</Title>
          {permissions.isPermitted("teams:create") && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing("new")}>Create team</Button>
          )}
        </Group>
        <Text size="sm" c="dimmed">A team's members hold its roles and see what is shared with the team.</Text>
        <Box w={360}>
          <SearchBox placeholder="Search teams by name or description" onSearch={setQuery} />
        </Box>
        {list.data && teams.length === 0 && <Text size="sm" c="dimmed">{query ? "No teams match the filter." : "No teams have been created yet."}</Text>}
        {teams.length > 0 && (
          <Table aria-label="Teams" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Members</Table.Th>
                <Table.Th>Roles</Table.Th>
                <Table.Th w={90} />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {teams.map((team) => (
                <Table.Tr key={team.id} data-testid="team-row">
                  <Table.Td fw={600}>{team.name}</Table.Td>
                  <Table.Td>{team.description}</Table.Td>
                  <Table.Td>{team.users.map((id) => userNames.get(id) ?? id).join(", ")}</Table.Td>
                  <Table.Td>
                    <Group gap={4}>{team.roles.map((id) => <Badge key={id} size="sm" variant="outline">{roleNames.get(id) ?? id}</Badge>)}</Group>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={2} wrap="nowrap">
                      {permissions.isPermitted(`teams:edit:${team.id}`) && (
                        <ActionIcon variant="subtle" aria-label={`Edit team ${team.name}`} title="Edit" onClick={() => setEditing(team)}>
                          <IconEdit size={16} />
                        </ActionIcon>
                      )}
                      {permissions.isPermitted(`teams:delete:${team.id}`) && (
                        <ActionIcon variant="subtle" color="red" aria-label={`Delete team ${team.name}`} title="Delete" onClick={() => setToDelete(team)}>
                          <IconTrash size={16} />
                        </ActionIcon>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Stack>
      {editing !== null && (
        <TeamFormModal
          opened
          team={editing === "new" ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(name) => {
            toastSuccess(`Team ${name} was saved.`);
            setEditing(null);
            void invalidateTeams(queryClient);
          }}
        />
      )}
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete team"
        confirmText="Delete"
        confirmColor="red"
        onConfirm={() => toDelete && void remove(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? `Do you really want to delete team ${toDelete.name}? What was shared with it is no longer shared with its members.` : ""}
      </ConfirmDialog>
    </Paper>
  );
}
