import { Alert, Button, Group, Modal, MultiSelect, Stack, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import type { Team } from "../../../api/schemas/teams.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { createTeam, teamRolesQueryOptions, teamUsersQueryOptions, updateTeam } from "./teams-queries.ts";

interface Props {
  /** The team to edit; null creates a new one. */
  team: Team | null;
  opened: boolean;
  onClose(): void;
  onSaved(name: string): void;
}

/** Create or edit a team: name, description, its members and the roles its members get. */
export function TeamFormModal({ team, opened, onClose, onSaved }: Props) {
  const users = useQuery({ ...teamUsersQueryOptions(), enabled: opened });
  const roles = useQuery({ ...teamRolesQueryOptions(), enabled: opened });
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
      await (team ? updateTeam(team.id, body) : createTeam(body));
      onSaved(body.name);
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSaving(false);
    }
  });

  return (
    <Modal opened={opened} onClose={onClose} title={team ? `Edit team ${team.name}` : "Create team"} size="lg">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Name" required data-autofocus {...form.getInputProps("name")} />
          <TextInput label="Description" {...form.getInputProps("description")} />
          <MultiSelect
            label="Members"
            searchable
            placeholder="Search for users"
            data={(users.data?.users ?? []).map((user) => ({ value: user.id, label: `${user.full_name} (${user.username})` }))}
            {...form.getInputProps("users")}
          />
          <MultiSelect
            label="Roles"
            description="Every member of the team holds these roles."
            searchable
            placeholder="Search for roles"
            data={(roles.data?.roles ?? []).map((role) => ({ value: role.id, label: role.name }))}
            {...form.getInputProps("roles")}
          />
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" loading={saving}>{team ? "Update team" : "Create team"}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
