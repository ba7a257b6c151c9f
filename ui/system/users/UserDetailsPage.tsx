import type { ReactNode } from "react";
import { Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import type { User } from "../../../api/schemas/user.ts";
import { paths } from "../../../shared/paths.ts";
import { formatTimestamp } from "../../common/time-format.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { LoadingPage } from "../../shell/LoadingPage.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { userByIdQueryOptions } from "./users-queries.ts";
import { UserStatusBadge } from "./UserStatusBadge.tsx";
import { msToMinutes } from "./logic/user-form.ts";

/** /system/users/{id}: a user's profile, settings, roles and session at a glance. */
export function UserDetailsPage() {
  const { userId = "" } = useParams();
  const user = useQuery(userByIdQueryOptions(userId));
  const permissions = usePermissions();
  if (!user.data) return <LoadingPage text="Loading user…" />;
  const shown = user.data;
  return (
    <PageLayout
      title={`User details: ${shown.full_name}`}
      description="Overview of the user's profile, settings and roles."
      actions={
        <>
          <Button variant="default" component={Link} to={paths.users.href()}>Users overview</Button>
          {permissions.isPermitted(`users:tokenlist:${shown.username}`) && (
            <Button variant="default" component={Link} to={paths.userTokens.href({ userId })}>Edit tokens</Button>
          )}
          {!shown.read_only && permissions.isPermitted(`users:edit:${shown.username}`) && (
            <Button component={Link} to={paths.userEdit.href({ userId })}>Edit user</Button>
          )}
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="Profile">
          <Details
            rows={[
              ["Username", shown.username],
              ["Full name", shown.full_name],
              ["E-Mail Address", shown.email],
              ["Client Address", shown.client_address ?? "—"],
              ["Last activity", shown.last_activity ? formatTimestamp(shown.last_activity, shown.timezone ?? "UTC", false) : "Never"],
              ["Status", <UserStatusBadge key="s" status={shown.account_status} sessionActive={shown.session_active} />],
            ]}
          />
        </Section>
        <Section title="Settings">
          <Details
            rows={[
              ["Sessions Timeout", `${msToMinutes(shown.session_timeout_ms)} minutes`],
              ["Time Zone", shown.timezone ?? "Browser's time zone"],
              ["Start page", startpageText(shown)],
              ["Read-only", shown.read_only ? "Yes" : "No"],
            ]}
          />
        </Section>
        <Section title="Roles">
          <Group gap={6}>
            {shown.roles.length === 0 ? <Text size="sm" c="dimmed">No roles.</Text> : shown.roles.map((role) => <Badge key={role} variant="outline">{role}</Badge>)}
          </Group>
        </Section>
      </SimpleGrid>
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

function Details({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4}>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th w={180} fw={600}>{label}</Table.Th>
            <Table.Td>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}

function startpageText(user: User): string {
  return user.startpage ? `${user.startpage.type} ${user.startpage.id}` : "Default";
}
