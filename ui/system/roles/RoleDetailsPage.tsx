import { Badge, Button, Group, Paper, Select, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import type { Role } from "../../../api/schemas/roles.ts";
import { readablePermission } from "../../../shared/permission-catalogue.ts";
import { paths } from "../../../shared/paths.ts";
import { resourceQueryOptions } from "../../api/resource-query.ts";
import { toastError } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { LoadingPage } from "../../shell/LoadingPage.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { assignRole, invalidateRoles, roleMembersQueryOptions, roleQueryOptions, unassignRole } from "./roles-queries.ts";

/** /system/roles/{id}: a role's permissions in readable words and its members, who can be added and removed. */
export function RoleDetailsPage() {
  const { roleId = "" } = useParams();
  const role = useQuery(roleQueryOptions(roleId));
  if (!role.data) return <LoadingPage text="Loading role…" />;
  return <RoleDetails role={role.data} />;
}

function RoleDetails({ role }: { role: Role }) {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const members = useQuery(roleMembersQueryOptions(role.name));
  const users = useQuery({ ...resourceQueryOptions("/users", { query: { include_permissions: "false" } }), enabled: permissions.isPermitted("users:list") });
  const [selected, setSelected] = useState<string | null>(null);
  const mayAssign = permissions.isPermitted(["roles:edit", "users:rolesedit"]);
  const memberNames = new Set((members.data?.users ?? []).map((user) => user.username));

  const change = async (work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      toastError(error);
    }
    await invalidateRoles(queryClient);
  };

  return (
    <PageLayout
      title={`Role details: ${role.name}`}
      description={role.description || "No description."}
      actions={
        <>
          <Button variant="default" component={Link} to={paths.roles.href()}>Roles overview</Button>
          {!role.read_only && permissions.isPermitted(`roles:edit:${role.name}`) && (
            <Button component={Link} to={paths.roleEdit.href({ roleId: role.id })}>Edit role</Button>
          )}
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Group gap="xs">
              <Title order={2} size="h4">Permissions</Title>
              {role.read_only && <Badge size="sm" variant="light" color="gray">built-in</Badge>}
            </Group>
            <Table aria-label="Permissions" withRowBorders={false} verticalSpacing={2}>
              <Table.Tbody>
                {role.permissions.map((permission) => (
                  <Table.Tr key={permission}>
                    <Table.Td>{readablePermission(permission)}</Table.Td>
                    <Table.Td><Text size="xs" c="dimmed" ff="monospace">{permission}</Text></Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">Users</Title>
            {mayAssign && (
              <Group align="flex-end">
                <Select
                  label="Assign to user"
                  searchable
                  value={selected}
                  onChange={setSelected}
                  data={(users.data?.users ?? []).filter((user) => !memberNames.has(user.username)).map((user) => user.username)}
                  style={{ flex: 1 }}
                />
                <Button disabled={!selected} onClick={() => selected && void change(() => assignRole(role.id, selected)).then(() => setSelected(null))}>
                  Assign
                </Button>
              </Group>
            )}
            {members.data && members.data.users.length === 0 && <Text size="sm" c="dimmed">No users hold this role.</Text>}
            <Table aria-label="Members">
              <Table.Tbody>
                {(members.data?.users ?? []).map((user) => (
                  <Table.Tr key={user.id}>
                    <Table.Td fw={600}>{user.username}</Table.Td>
                    <Table.Td>{user.full_name}</Table.Td>
                    <Table.Td w={110}>
                      {mayAssign && (
                        <Button size="xs" variant="subtle" color="red" aria-label={`Remove ${user.username}`} onClick={() => void change(() => unassignRole(role.id, user.username))}>
                          Remove
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Stack>
        </Paper>
      </SimpleGrid>
    </PageLayout>
  );
}
