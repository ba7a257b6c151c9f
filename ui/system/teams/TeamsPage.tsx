import { ActionIcon, Anchor, Badge, Button, Group, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import type { Team } from "../../../api/schemas/teams.ts";
import { paths } from "../../../shared/paths.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { EntityListTable } from "../../common/entity-list/EntityListTable.tsx";
import { useEntityList } from "../../common/entity-list/use-entity-list.ts";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { UsersAndTeamsNavigation } from "../users/UsersAndTeamsNavigation.tsx";
import { deletedText, deleteQuestion, NO_TEAMS, TEAM_COLUMNS, TEAM_LAYOUT_DEFAULTS, TEAM_PAGE_SIZES, TEAMS_TABLE_ID } from "./logic/team-list.ts";
import { deleteTeam, invalidateTeams, teamPageQueryOptions, teamRolesQueryOptions, teamUsersQueryOptions } from "./teams-queries.ts";

/**
 * /system/teams (System → Users and Teams → Teams Overview): a team groups users, gives them its roles and can be
 * chosen in the share window. The teams on the shared entity table with search, paging and the user's layout.
 */
export function TeamsPage() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const list = useEntityList(TEAMS_TABLE_ID, { defaults: TEAM_LAYOUT_DEFAULTS, pageSizes: TEAM_PAGE_SIZES });
  const [toDelete, setToDelete] = useState<Team | null>(null);
  const teams = useQuery(teamPageQueryOptions(list.params));
  const users = useQuery(teamUsersQueryOptions());
  const roles = useQuery(teamRolesQueryOptions());
  const userNames = new Map((users.data?.users ?? []).map((user) => [user.id, user.full_name || user.username]));
  const roleNames = new Map((roles.data?.roles ?? []).map((role) => [role.id, role.name]));

  const remove = async (team: Team) => {
    try {
      await deleteTeam(team.id);
      toastSuccess(deletedText(team.name));
    } catch (error) {
      toastError(error);
    }
    setToDelete(null);
    await invalidateTeams(queryClient);
  };

  return (
    <PageLayout
      title="Teams Overview"
      description="A team's members hold its roles and see what is shared with the team."
      topActions={<UsersAndTeamsNavigation />}
      actions={permissions.isPermitted("teams:create") && (
        <Button component={Link} to={paths.teamNew.href()} leftSection={<IconPlus size={16} />}>Create team</Button>
      )}
    >
      <EntityListTable<Team>
        list={list}
        page={teams.data && { entities: teams.data.teams, total: teams.data.total }}
        loading={teams.isPending}
        searchPlaceholder="Search teams by name or description"
        noEntitiesText={NO_TEAMS}
        label="Teams"
        rowTestId="team-row"
        columnDefinitions={TEAM_COLUMNS}
        columnRenderers={{
          name: {
            renderCell: (_, team) => (
              <Anchor component={Link} to={paths.team.href({ teamId: team.id })} fw={600} size="sm">{team.name}</Anchor>
            ),
          },
          users: { renderCell: (_, team) => <Text size="sm">{team.users.map((id) => userNames.get(id) ?? id).join(", ")}</Text> },
          roles: {
            renderCell: (_, team) => (
              <Group gap={4}>{team.roles.map((id) => <Badge key={id} size="sm" variant="outline">{roleNames.get(id) ?? id}</Badge>)}</Group>
            ),
          },
        }}
        actionsColumnWidth={90}
        rowActions={(team) => (
          <Group gap={2} wrap="nowrap">
            {permissions.isPermitted(`teams:edit:${team.id}`) && (
              <ActionIcon variant="subtle" component={Link} to={paths.teamEdit.href({ teamId: team.id })} aria-label={`Edit team ${team.name}`} title="Edit">
                <IconEdit size={16} />
              </ActionIcon>
            )}
            {permissions.isPermitted(`teams:delete:${team.id}`) && (
              <ActionIcon variant="subtle" color="red" aria-label={`Delete team ${team.name}`} title="Delete" onClick={() => setToDelete(team)}>
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        )}
      />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete team"
        confirmText="Delete"
        confirmColor="red"
        onConfirm={() => toDelete && void remove(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? deleteQuestion(toDelete.name) : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
