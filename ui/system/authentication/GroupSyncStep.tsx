import { MultiSelect, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { MONOSPACE_INPUT } from "./monospace-input.ts";
import type { BackendForm, RoleOption } from "./backend-form-context.ts";
import { TEAM_SELECTION_OPTIONS } from "./logic/backend-form.ts";

interface Props {
  form: BackendForm;
  roles: RoleOption[];
}

/** Step 3 (optional): the directory groups a user belongs to become teams, with the roles new teams get. */
export function GroupSyncStep({ form, roles }: Props) {
  const { values } = form;
  return (
    <Stack gap="sm">
      <Switch
        label="Synchronize groups"
        description="When a user signs in, their directory groups become teams and the user a member of them."
        {...form.getInputProps("groupSyncEnabled", { type: "checkbox" })}
      />
      {values.groupSyncEnabled
        ? (
          <>
            <TextInput
              label="Group search base DN"
              required
              placeholder="ou=groups,dc=example,dc=org"
              {...form.getInputProps("groupSearchBase")}
            />
            <TextInput
              label="Group search pattern"
              required
              styles={MONOSPACE_INPUT}
              description="The LDAP filter that finds groups."
              {...form.getInputProps("groupSearchPattern")}
            />
            <TextInput
              label="Group name attribute"
              required
              description="The attribute that becomes the team's name."
              {...form.getInputProps("teamNameAttribute")}
            />
            <MultiSelect
              label="Default roles"
              description="The roles a team made from a group gets."
              data={roles}
              searchable
              clearable
              {...form.getInputProps("teamDefaultRoles")}
            />
            <Select
              label="Groups to synchronize"
              data={TEAM_SELECTION_OPTIONS.map((option) => ({ ...option }))}
              allowDeselect={false}
              {...form.getInputProps("teamSelectionType")}
            />
            {values.teamSelectionType !== "all" && (
              <TextInput
                label="Group names"
                description="The groups' names, separated by commas."
                {...form.getInputProps("teamSelection")}
              />
            )}
          </>
        )
        : (
          <Text size="sm" c="dimmed">
            Groups are not synchronized: users keep the teams given to them in Users and Teams.
          </Text>
        )}
    </Stack>
  );
}
