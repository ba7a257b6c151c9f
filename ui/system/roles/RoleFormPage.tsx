import { Alert, Button, Checkbox, Group, Paper, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { Role } from "../../../api/schemas/roles.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { LoadingPage } from "../../shell/LoadingPage.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { capabilityGroups, fromRolePermissionsModel, toRolePermissionsModel } from "./logic/role-permissions.ts";
import { createRole, invalidateRoles, roleQueryOptions, updateRole } from "./roles-queries.ts";

/** /system/roles/new: a new role with its name, description and permissions, the catalogue's in readable words. */
export function RoleCreatePage() {
  return <RoleEditor role={null} />;
}

/** /system/roles/edit/{id}: a role's name, description and permissions, the catalogue's in readable words. */
export function RoleEditPage() {
  const { roleId = "" } = useParams();
  const role = useQuery(roleQueryOptions(roleId));
  if (!role.data) return <LoadingPage text="Loading role…" />;
  return <RoleEditor key={role.data.id} role={role.data} />;
}

function RoleEditor({ role }: { role: Role | null }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const model = toRolePermissionsModel(role?.permissions ?? []);
  const form = useForm({
    initialValues: { name: role?.name ?? "", description: role?.description ?? "", capabilities: model.capabilities, others: model.others.join("\n") },
    validate: { name: (name: string) => (name.trim() ? null : "The name is required.") },
  });

  const save = form.onSubmit(async (values) => {
    setSaving(true);
    setError(null);
    try {
      const body = {
        name: values.name.trim(),
        description: values.description,
        permissions: fromRolePermissionsModel(values.capabilities, values.others),
      };
      const saved = await (role ? updateRole(role.name, body) : createRole(body));
      // Not awaited: the details page shows the stored role as the refetches arrive, the save does not wait for them.
      void invalidateRoles(queryClient);
      toastSuccess(`Role ${body.name} was saved.`);
      navigate(paths.role.href({ roleId: saved.id }));
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSaving(false);
    }
  });

  return (
    <PageLayout
      title={role ? `Edit role ${role.name}` : "Create role"}
      description="Choose what members of this role may do. Permissions on single entities are given by sharing them."
      actions={
        <>
          <Button variant="default" component={Link} to={paths.roles.href()}>Roles overview</Button>
          {role && <Button variant="default" component={Link} to={paths.role.href({ roleId: role.id })}>Role details</Button>}
        </>
      }
    >
      {role?.read_only
        ? <Alert color="yellow" title="Built-in role">The built-in role {role.name} cannot be changed.</Alert>
        : (
          <form onSubmit={save} noValidate>
            <Stack maw={1100}>
              <Paper withBorder p="md">
                <Stack gap="sm">
                  <TextInput label="Name" required {...form.getInputProps("name")} />
                  <TextInput label="Description" {...form.getInputProps("description")} />
                </Stack>
              </Paper>
              <Paper withBorder p="md">
                <Stack gap="sm">
                  <Title order={2} size="h4">Permissions</Title>
                  <Checkbox.Group {...form.getInputProps("capabilities")}>
                    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" verticalSpacing="md">
                      {capabilityGroups().map((group) => (
                        <Stack key={group.resource} gap={4} role="group" aria-label={group.title}>
                          <Text fw={600} size="sm">{group.title}</Text>
                          <Group gap="sm">
                            {group.actions.map(({ permission, action }) => (
                              <Checkbox key={permission} value={permission} label={action} size="xs" aria-label={`${group.title}: ${action}`} />
                            ))}
                          </Group>
                        </Stack>
                      ))}
                    </SimpleGrid>
                  </Checkbox.Group>
                  <Textarea
                    label="Other permissions"
                    description="One per line, e.g. streams:read:{stream id}; kept as they are."
                    autosize
                    minRows={2}
                    ff="monospace"
                    {...form.getInputProps("others")}
                  />
                </Stack>
              </Paper>
              {error && <Alert color="red">{error}</Alert>}
              <Group justify="flex-end">
                <Button variant="default" component={Link} to={role ? paths.role.href({ roleId: role.id }) : paths.roles.href()}>Cancel</Button>
                <Button type="submit" loading={saving}>{role ? "Save role" : "Create role"}</Button>
              </Group>
            </Stack>
          </form>
        )}
    </PageLayout>
  );
}
