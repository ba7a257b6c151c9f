import { ActionIcon, Anchor, Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconTrash, IconUserPlus } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import type { Team } from "../../../api/schemas/teams.ts";
import { paths } from "../../../shared/paths.ts";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { LoadingPage } from "../../shell/LoadingPage.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { UsersAndTeamsNavigation } from "../users/UsersAndTeamsNavigation.tsx";
import { memberAddedText, memberLabel, memberRemovedText } from "./logic/team-list.ts";
import { addTeamMembers, invalidateTeams, removeTeamMember, teamQueryOptions, teamRolesQueryOptions, teamUsersQueryOptions } from "./teams-queries.ts";

/** /system/teams/{id}: a team's description, its members (added and removed here) and the roles they hold through it. */
export function TeamDetailsPage() {
  const { teamId = "" } = useParams();
  const team = useQuery(teamQueryOptions(teamId));
  if (!team.data) return <LoadingPage text="Loading team…" />;
  return <TeamDetails team={team.data} />;
}

function TeamDetails({ team }: { team: Team }) {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const users = useQuery(teamUsersQueryOptions());
  const roles = useQuery(teamRolesQueryOptions());
  const [newMember, setNewMember] = useState<string | null>(null);
  const mayEdit = permissions.isPermitted(`teams:edit:${team.id}`);
  const allUsers = users.data?.users ?? [];
  const members = team.users.map((id) => allUsers.find((user) => user.id === id) ?? { id, username: id, full_name: id, email: "" });
  const others = allUsers.filter((user) => !team.users.includes(user.id));
  const roleNames = new Map((roles.data?.roles ?? []).map((role) => [role.id, role.name]));

  const change = async (work: () => Promise<unknown>, success: string) => {
    try {
      await work();
      toastSuccess(success);
    } catch (error) {
      toastError(error);
    }
    await invalidateTeams(queryClient);
  };

  const add = async () => {
    const user = others.find((candidate) => candidate.id === newMember);
    if (!user) return;
    setNewMember(null);
    await change(() => addTeamMembers(team.id, [user.id]), memberAddedText(user.username, team.name));
  };

  return (
    <PageLayout
      title={`Team details: ${team.name}`}
      description="Overview of the team's members and the roles they hold through it."
      topActions={<UsersAndTeamsNavigation />}
      actions={mayEdit && <Button component={Link} to={paths.teamEdit.href({ teamId: team.id })}>Edit team</Button>}
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Profile">
          <Table withRowBorders={false} verticalSpacing={4}>
            <Table.Tbody>
              <Table.Tr>
                <Table.Th w={160}>Name</Table.Th>
                <Table.Td>{team.name}</Table.Td>
              </Table.Tr>
              <Table.Tr>
                <Table.Th>Description</Table.Th>
                <Table.Td>{team.description || "—"}</Table.Td>
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Section>
        <Section title="Roles">
          <Group gap={6}>
            {team.roles.length === 0
              ? <Text size="sm" c="dimmed">No roles.</Text>
              : team.roles.map((id) => <Badge key={id} variant="outline">{roleNames.get(id) ?? id}</Badge>)}
          </Group>
        </Section>
      </SimpleGrid>
      <Section title="Members">
        {mayEdit && (
          <Group align="flex-end" gap="xs">
            <Select
              label="Add member"
              placeholder="Search for users"
              searchable
              w={360}
              value={newMember}
              onChange={setNewMember}
              data={others.map((user) => ({ value: user.id, label: memberLabel(user) }))}
              nothingFoundMessage="No user matches."
            />
            <Button leftSection={<IconUserPlus size={16} />} disabled={!newMember} onClick={() => void add()}>Add member</Button>
          </Group>
        )}
        {members.length === 0 ? <Text size="sm" c="dimmed">This team has no members.</Text> : (
          <Table aria-label="Members" striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Full name</Table.Th>
                <Table.Th>Username</Table.Th>
                <Table.Th>E-Mail Address</Table.Th>
                {mayEdit && <Table.Th w={60} />}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {members.map((user) => (
                <Table.Tr key={user.id} data-testid="team-member">
                  <Table.Td>
                    <Anchor component={Link} to={paths.user.href({ userId: user.id })} size="sm">{user.full_name || user.username}</Anchor>
                  </Table.Td>
                  <Table.Td>{user.username}</Table.Td>
                  <Table.Td>{user.email}</Table.Td>
                  {mayEdit && (
                    <Table.Td>
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${user.username} from the team`}
                        title="Remove from team"
                        onClick={() => void change(() => removeTeamMember(team.id, user.id), memberRemovedText(user.username, team.name))}
                      >
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
      </Section>
    </PageLayout>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md">
      <Stack gap="sm">
        <Title order={2} size="h4">{title}</Title>
        {children}
      </Stack>
    </Paper>
  );
}
