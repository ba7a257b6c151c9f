import { Alert, Button, Group, MultiSelect, NumberInput, Paper, PasswordInput, Select, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { createUser, invalidateUsers, rolesQueryOptions } from "./users-queries.ts";
import {
  EMPTY_USER_FORM,
  type UserCreateValues,
  validateEmail,
  validatePassword,
  validatePasswordRepeat,
  validateRequired,
  validateSessionTimeout,
} from "./logic/user-form.ts";
import { createdText } from "./logic/user-list.ts";
import { TIMEZONE_OPTIONS } from "./logic/timezones.ts";

/** /system/users/new: a new user's profile, password, roles and settings. */
export function UserCreatePage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const roles = useQuery(rolesQueryOptions());
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<UserCreateValues>({
    initialValues: EMPTY_USER_FORM,
    validate: {
      username: validateRequired,
      email: validateEmail,
      password: validatePassword,
      password_repeat: (value, values) => validatePasswordRepeat(value, values.password),
      session_timeout_minutes: validateSessionTimeout,
    },
  });

  const submit = form.onSubmit(async (values) => {
    setSaving(true);
    setSaveError(null);
    try {
      await createUser(values);
      toastSuccess(createdText(values.username.trim()));
      await invalidateUsers(queryClient);
      navigate(paths.users.href());
    } catch (error) {
      setSaveError(failureMessage(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <PageLayout
      title="Create new user"
      description="Use this page to create new users. The users and their permissions created here are not limited to the web interface but valid and required for the REST APIs of your nodes, too."
      actions={<Button variant="default" component={Link} to={paths.users.href()}>Users overview</Button>}
    >
      <Paper withBorder p="md" maw={760}>
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={2} size="h4">Profile</Title>
            <TextInput label="Username" description="Select a unique user name used to log in with." required {...form.getInputProps("username")} />
            <SimpleGrid cols={2}>
              <TextInput label="First Name" {...form.getInputProps("first_name")} />
              <TextInput label="Last Name" {...form.getInputProps("last_name")} />
            </SimpleGrid>
            <TextInput label="E-Mail Address" required type="email" {...form.getInputProps("email")} />
            <Title order={2} size="h4">Settings</Title>
            <SimpleGrid cols={2}>
              <NumberInput label="Sessions Timeout (minutes)" description="Signs the user out after this long without activity." min={1} {...form.getInputProps("session_timeout_minutes")} />
              <Select label="Time Zone" description="Times are shown in this zone; empty uses the browser's." searchable clearable data={TIMEZONE_OPTIONS} {...form.getInputProps("timezone")} />
            </SimpleGrid>
            <Title order={2} size="h4">Roles</Title>
            <MultiSelect
              label="Assign Roles"
              description="The roles the user holds: they grant the user's permissions."
              searchable
              data={(roles.data?.roles ?? []).map((role) => role.name)}
              {...form.getInputProps("roles")}
            />
            <Title order={2} size="h4">Password</Title>
            <SimpleGrid cols={2}>
              <PasswordInput label="Password" required autoComplete="new-password" {...form.getInputProps("password")} />
              <PasswordInput label="Repeat Password" required autoComplete="new-password" {...form.getInputProps("password_repeat")} />
            </SimpleGrid>
            {saveError && <Alert color="red" title="Could not create the user">{saveError}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={paths.users.href()}>Cancel</Button>
              <Button type="submit" loading={saving}>Create user</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageLayout>
  );
}
