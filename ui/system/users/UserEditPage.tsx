import { Alert, Button, Group, MultiSelect, NumberInput, Paper, PasswordInput, Select, SimpleGrid, Stack, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import type { User } from "../../../api/schemas/user.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { useCurrentUser, usePermissions } from "../../session/current-user.tsx";
import { LoadingPage } from "../../shell/LoadingPage.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { changePassword, invalidateUsers, rolesQueryOptions, updateUser, userByIdQueryOptions } from "./users-queries.ts";
import {
  minutesToMs,
  msToMinutes,
  validateEmail,
  validatePassword,
  validatePasswordRepeat,
  validateSessionTimeout,
} from "./logic/user-form.ts";
import { updatedText } from "./logic/user-list.ts";
import { TIMEZONE_OPTIONS } from "./logic/timezones.ts";

/** /system/users/edit/{id}: profile, settings, password and roles of a user, each saved on its own. */
export function UserEditPage() {
  const { userId = "" } = useParams();
  const user = useQuery(userByIdQueryOptions(userId));
  if (!user.data) return <LoadingPage text="Loading user…" />;
  return <EditUser key={user.data.id} user={user.data} />;
}

function EditUser({ user }: { user: User }) {
  const me = useCurrentUser();
  const permissions = usePermissions();
  return (
    <PageLayout
      title={`Edit user ${user.full_name}`}
      description="You can change the user details and password here and assign roles."
      actions={
        <>
          <Button variant="default" component={Link} to={paths.users.href()}>Users overview</Button>
          <Button variant="default" component={Link} to={paths.user.href({ userId: user.id })}>User details</Button>
        </>
      }
    >
      <Stack maw={760}>
        <ProfileSection user={user} />
        <SettingsSection user={user} mayChangeTimeout={permissions.isPermitted("*")} />
        {permissions.isPermitted(`users:passwordchange:${user.username}`) && (
          <PasswordSection user={user} needsOld={me.username === user.username || !permissions.isPermitted("users:passwordchange:*")} />
        )}
        {permissions.isPermitted(`users:rolesedit:${user.username}`) && <RolesSection user={user} />}
      </Stack>
    </PageLayout>
  );
}

/** A section of the page with its own form, save button and error. */
function Section({ title, onSubmit, saving, error, submitText, children }: {
  title: string;
  onSubmit(event?: React.FormEvent<HTMLFormElement>): void;
  saving: boolean;
  error: string | null;
  submitText: string;
  children: ReactNode;
}) {
  return (
    <Paper withBorder p="md">
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="sm">
          <Title order={2} size="h4">{title}</Title>
          {children}
          {error && <Alert color="red">{error}</Alert>}
          <Group justify="flex-end">
            <Button type="submit" loading={saving}>{submitText}</Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}

/** Runs a save: its error is shown in the section, success as a toast, and the user queries are refreshed. */
function useSave(username: string) {
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const run = async (work: () => Promise<unknown>, success = updatedText(username)) => {
    setSaving(true);
    setError(null);
    try {
      await work();
      toastSuccess(success);
      await invalidateUsers(queryClient);
      return true;
    } catch (failure) {
      setError(failureMessage(failure));
      return false;
    } finally {
      setSaving(false);
    }
  };
  return { saving, error, run };
}

function ProfileSection({ user }: { user: User }) {
  const save = useSave(user.username);
  const form = useForm({
    initialValues: { first_name: user.first_name ?? "", last_name: user.last_name ?? "", full_name: user.full_name, email: user.email },
    validate: { email: validateEmail, full_name: (value) => (value.trim() === "" ? "Field is required." : null) },
  });
  return (
    <Section title="Profile" submitText="Update Profile" saving={save.saving} error={save.error}
      onSubmit={form.onSubmit((values) => void save.run(() => updateUser(user.username, {
        first_name: values.first_name.trim() || null,
        last_name: values.last_name.trim() || null,
        full_name: values.full_name.trim(),
        email: values.email.trim(),
      })))}
    >
      <TextInput label="Username" value={user.username} disabled readOnly />
      <SimpleGrid cols={2}>
        <TextInput label="First Name" {...form.getInputProps("first_name")} />
        <TextInput label="Last Name" {...form.getInputProps("last_name")} />
      </SimpleGrid>
      <TextInput label="Full Name" required {...form.getInputProps("full_name")} />
      <TextInput label="E-Mail Address" required type="email" {...form.getInputProps("email")} />
    </Section>
  );
}

function SettingsSection({ user, mayChangeTimeout }: { user: User; mayChangeTimeout: boolean }) {
  const save = useSave(user.username);
  const form = useForm({
    initialValues: { timezone: user.timezone ?? "", session_timeout_minutes: msToMinutes(user.session_timeout_ms) },
    validate: { session_timeout_minutes: validateSessionTimeout },
  });
  return (
    <Section title="Settings" submitText="Update Settings" saving={save.saving} error={save.error}
      onSubmit={form.onSubmit((values) => void save.run(() => updateUser(user.username, {
        timezone: values.timezone || null,
        ...(mayChangeTimeout ? { session_timeout_ms: minutesToMs(values.session_timeout_minutes) } : {}),
      })))}
    >
      <SimpleGrid cols={2}>
        <NumberInput label="Sessions Timeout (minutes)" min={1} disabled={!mayChangeTimeout}
          description={mayChangeTimeout ? "Signs the user out after this long without activity." : "Only administrators change session timeouts."}
          {...form.getInputProps("session_timeout_minutes")} />
        <Select label="Time Zone" searchable clearable data={TIMEZONE_OPTIONS} {...form.getInputProps("timezone")} />
      </SimpleGrid>
    </Section>
  );
}

function PasswordSection({ user, needsOld }: { user: User; needsOld: boolean }) {
  const save = useSave(user.username);
  const form = useForm({
    initialValues: { old_password: "", password: "", password_repeat: "" },
    validate: {
      old_password: (value) => (needsOld && value === "" ? "Field is required." : null),
      password: validatePassword,
      password_repeat: (value, values) => validatePasswordRepeat(value, values.password),
    },
  });
  return (
    <Section title="Password" submitText="Change Password" saving={save.saving} error={save.error}
      onSubmit={form.onSubmit(async (values) => {
        const body = needsOld ? { old_password: values.old_password, password: values.password } : { password: values.password };
        if (await save.run(() => changePassword(user.username, body), "Password was changed successfully.")) form.reset();
      })}
    >
      {needsOld && <PasswordInput label="Old Password" required autoComplete="current-password" {...form.getInputProps("old_password")} />}
      <SimpleGrid cols={2}>
        <PasswordInput label="New Password" required autoComplete="new-password" {...form.getInputProps("password")} />
        <PasswordInput label="Repeat Password" required autoComplete="new-password" {...form.getInputProps("password_repeat")} />
      </SimpleGrid>
    </Section>
  );
}

function RolesSection({ user }: { user: User }) {
  const save = useSave(user.username);
  const roles = useQuery(rolesQueryOptions());
  const form = useForm({ initialValues: { roles: user.roles } });
  return (
    <Section title="Roles" submitText="Update Roles" saving={save.saving} error={save.error}
      onSubmit={form.onSubmit((values) => void save.run(() => updateUser(user.username, { roles: values.roles })))}
    >
      <MultiSelect label="Assigned Roles" searchable data={(roles.data?.roles ?? []).map((role) => role.name)} {...form.getInputProps("roles")} />
    </Section>
  );
}
