import { Alert, Button, Group, MultiSelect, Paper, Stack, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { Team } from "../../../api/schemas/teams.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { LoadingPage } from "../../shell/LoadingPage.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { UsersAndTeamsNavigation } from "../users/UsersAndTeamsNavigation.tsx";
import { memberLabel, savedText } from "./logic/team-list.ts";
import { createTeam, invalidateTeams, teamQueryOptions, teamRolesQueryOptions, teamUsersQueryOptions, updateTeam } from "./teams-queries.ts";

/** /system/teams/new: a new team with its name, description, members and roles. */
export function TeamCreatePage() {
  return <TeamForm team={null} />;
}

/** /system/teams/edit/{id}: change a team's name, description, members and roles. */
export function TeamEditPage() {
  const { teamId = "" } = useParams();
  const team = useQuery(teamQueryOptions(teamId));
  if (!team.data) return <LoadingPage text="Loading team…" />;
  return <TeamForm key={team.data.id} team={team.data} />;
}

function TeamForm({ team }: { team: Team | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const users = useQuery(teamUsersQueryOptions());
  const roles = useQuery(teamRolesQueryOptions());
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm({
    initialValues: { name: team?.name ?? "", description: team?.description ?? "", users: team?.users ?? [], roles: team?.roles ?? [] },
    validate: { name: (name: string) => (name.trim() ? null : "The name is required.") },
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setError(null);
    try {
      const body = { ...values, name: values.name.trim() };
      const saved = await (team ? updateTeam(team.id, body) : createTeam(body));
      // Not awaited: the details page shows the stored team as the refetches arrive, the save does not wait for them.
      void invalidateTeams(queryClient);
      toastSuccess(savedText(body.name));
      navigate(paths.team.href({ teamId: saved.id }));
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSaving(false);
    }
  });

  const title = team ? `Edit team ${team.name}` : "Create team";
  return (
    <PageLayout
      title={title}
      description="A team's members hold its roles and see what is shared with the team."
      topActions={<UsersAndTeamsNavigation />}
      actions={team && <Button variant="default" component={Link} to={paths.team.href({ teamId: team.id })}>Team details</Button>}
    >
      <Paper withBorder p="md" maw={720}>
        <form onSubmit={submit} noValidate aria-label={title}>
          <Stack gap="sm">
            <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
            <Textarea label="Description" autosize minRows={2} {...form.getInputProps("description")} />
            <MultiSelect
              label="Members"
              searchable
              placeholder="Search for users"
              nothingFoundMessage="No user matches."
              data={(users.data?.users ?? []).map((user) => ({ value: user.id, label: memberLabel(user) }))}
              {...form.getInputProps("users")}
            />
            <MultiSelect
              label="Roles"
              description="Every member of the team holds these roles."
              searchable
              placeholder="Search for roles"
              nothingFoundMessage="No role matches."
              data={(roles.data?.roles ?? []).map((role) => ({ value: role.id, label: role.name }))}
              {...form.getInputProps("roles")}
            />
            {error && <Alert color="red">{error}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={team ? paths.team.href({ teamId: team.id }) : paths.teams.href()}>Cancel</Button>
              <Button type="submit" loading={saving}>{team ? "Update team" : "Create team"}</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageLayout>
  );
}
