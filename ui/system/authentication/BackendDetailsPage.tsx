import {
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import type { AuthServiceBackend, GroupSyncConfig } from "../../../api/schemas/authentication.ts";
import { paths } from "../../../shared/paths.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { NotFoundPage } from "../../errors/NotFoundPage.tsx";
import { usePermissions } from "../../session/current-user.tsx";
import { LoadingPage } from "../../shell/LoadingPage.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { AuthenticationNavigation } from "./AuthenticationNavigation.tsx";
import {
  activeConfigurationQueryOptions,
  backendQueryOptions,
  backendUsersQueryOptions,
  groupSyncQueryOptions,
  invalidateAuthentication,
  roleOptionsQueryOptions,
  setActiveBackend,
} from "./authentication-queries.ts";
import { activateQuestion, deactivateQuestion } from "./logic/backend-list.ts";
import { TEAM_SELECTION_OPTIONS, TRANSPORT_SECURITY_OPTIONS } from "./logic/backend-form.ts";
import { backendTypeTitle } from "./logic/backend-types.ts";
import type { WizardStepKey } from "./logic/wizard-steps.ts";
import { WIZARD_STEP_TITLES } from "./logic/wizard-steps.ts";

/** /system/authentication/services/{id}: a service's settings, step by step, with its users; activate or deactivate it. */
export function BackendDetailsPage() {
  const { backendId = "" } = useParams();
  return <BackendDetails backendId={backendId} />;
}

/** /system/authentication/services/active: the active service's details, or that none is active. */
export function ActiveBackendPage() {
  const configuration = useQuery(activeConfigurationQueryOptions());
  if (!configuration.data) return <LoadingPage text="Loading the active authentication service…" />;
  const active = configuration.data.configuration.active_backend;
  if (active) return <BackendDetails backendId={active} />;
  return (
    <PageLayout title="Active authentication service" topActions={<AuthenticationNavigation />}>
      <Alert color="blue" title="No authentication service is active">
        Users sign in with the accounts of Users Overview.{" "}
        <Anchor component={Link} to={paths.authenticationServices.href()}>Activate a service</Anchor>{" "}
        to let the users of a directory sign in.
      </Alert>
    </PageLayout>
  );
}

function BackendDetails({ backendId }: { backendId: string }) {
  const backend = useQuery(backendQueryOptions(backendId));
  const groupSync = useQuery(groupSyncQueryOptions(backendId));
  const configuration = useQuery(activeConfigurationQueryOptions());
  if (backend.isError) return <NotFoundPage />;
  if (!backend.data || groupSync.isPending) return <LoadingPage text="Loading authentication service…" />;
  const active = configuration.data?.configuration.active_backend === backendId;
  return (
    <BackendSummary
      backend={backend.data.backend}
      groupSync={groupSync.data?.backend.config ?? null}
      active={active}
    />
  );
}

interface SummaryProps {
  backend: AuthServiceBackend;
  groupSync: GroupSyncConfig | null;
  active: boolean;
}

function BackendSummary({ backend, groupSync, active }: SummaryProps) {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const [confirming, setConfirming] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const roles = useQuery(roleOptionsQueryOptions());
  const users = useQuery({
    ...backendUsersQueryOptions(backend.id),
    enabled: permissions.isPermitted(["authserviceglobalconfig:read", "users:read"]),
  });
  const roleName = (id: string) => roles.data?.roles.find((role) => role.id === id)?.name ?? id;
  const mayEdit = permissions.isPermitted(`authservicebackend:edit:${backend.id}`);
  const { config } = backend;
  const editLink = (step: WizardStepKey) =>
    mayEdit && (
      <Button
        size="compact-xs"
        variant="default"
        component={Link}
        to={`${paths.authenticationEdit.href({ backendId: backend.id })}?initialStepKey=${step}`}
      >
        Edit {WIZARD_STEP_TITLES[step]}
      </Button>
    );

  const toggle = async () => {
    setSubmitting(true);
    try {
      await setActiveBackend(active ? null : backend.id);
      toastSuccess(`Authentication service "${backend.title}" was ${active ? "deactivated" : "activated"}.`);
    } catch (error) {
      toastError(error, "Could not change the active authentication service");
    } finally {
      setSubmitting(false);
      setConfirming(false);
      await invalidateAuthentication(queryClient);
    }
  };

  return (
    <PageLayout
      title={`Authentication service: ${backend.title}`}
      description={backend.description || `${backendTypeTitle(config.type)} service`}
      topActions={<AuthenticationNavigation />}
      actions={
        <>
          <Button variant="default" component={Link} to={paths.authenticationServices.href()}>
            Authentication services
          </Button>
          {permissions.isPermitted("authserviceglobalconfig:edit") && (
            <Button
              variant={active ? "default" : "filled"}
              onClick={() => setConfirming(true)}
            >
              {active ? "Deactivate" : "Activate"}
            </Button>
          )}
          {mayEdit && (
            <Button component={Link} to={paths.authenticationEdit.href({ backendId: backend.id })}>
              Edit service
            </Button>
          )}
        </>
      }
    >
      <Group gap="xs">
        <Badge variant="light">{backendTypeTitle(config.type)}</Badge>
        {active
          ? <Badge color="green" variant="light">active</Badge>
          : <Badge color="gray" variant="light">not active</Badge>}
      </Group>
      <SimpleGrid cols={{ base: 1, lg: 3 }}>
        <Section title={WIZARD_STEP_TITLES.serverConfig} action={editLink("serverConfig")}>
          <Settings
            rows={[
              [
                "Server addresses",
                config.servers.map((server) => `${server.host}:${server.port}`).join(", "),
              ],
              [
                "Transport security",
                TRANSPORT_SECURITY_OPTIONS.find((option) => option.value === config.transport_security)
                  ?.label ?? config.transport_security,
              ],
              ["Verify certificates", config.verify_certificates ? "yes" : "no"],
              ["System user DN", config.system_user_dn || "(anonymous)"],
              ["System password", config.system_user_password.is_set ? "set" : "not set"],
            ]}
          />
        </Section>
        <Section title={WIZARD_STEP_TITLES.userSync} action={editLink("userSync")}>
          <Settings
            rows={[
              ["Search base DN", config.user_search_base],
              ["Search pattern", config.user_search_pattern],
              ["Name attribute", config.user_name_attribute],
              ["Full name attribute", config.user_full_name_attribute],
              ...(config.type === "ldap"
                ? [["ID attribute", config.user_unique_id_attribute], [
                  "Email attributes",
                  config.email_attributes.join(", "),
                ]] as [string, string][]
                : []),
              ["Default roles", backend.default_roles.map(roleName).join(", ") || "none"],
            ]}
          />
        </Section>
        <Section title={WIZARD_STEP_TITLES.groupSync} action={editLink("groupSync")}>
          {groupSync
            ? (
              <Settings
                rows={[
                  ["Group search base DN", groupSync.group_search_base],
                  ["Group search pattern", groupSync.group_search_pattern],
                  ["Group name attribute", groupSync.team_name_attribute],
                  ["Default roles", groupSync.team_default_roles.map(roleName).join(", ") || "none"],
                  [
                    "Groups",
                    TEAM_SELECTION_OPTIONS.find((option) => option.value === groupSync.team_selection_type)
                      ?.label ?? groupSync.team_selection_type,
                  ],
                  ...(groupSync.team_selection_type === "all"
                    ? []
                    : [["Group names", groupSync.team_selection.join(", ")] as [string, string]]),
                ]}
              />
            )
            : <Text size="sm" c="dimmed">Groups are not synchronized.</Text>}
        </Section>
      </SimpleGrid>
      {users.data && (
        <Paper withBorder p="md">
          <Title order={2} size="h4" mb="sm">Synchronized users</Title>
          {users.data.users.length === 0
            ? <Text size="sm" c="dimmed">No user has signed in through this service yet.</Text>
            : (
              <Table aria-label="Synchronized users">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Full name</Table.Th>
                    <Table.Th>Username</Table.Th>
                    <Table.Th>Email</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {users.data.users.map((user) => (
                    <Table.Tr key={user.id}>
                      <Table.Td>
                        <Anchor component={Link} to={paths.user.href({ userId: user.id })} size="sm">
                          {user.full_name}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{user.username}</Table.Td>
                      <Table.Td>{user.email}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
        </Paper>
      )}
      <ConfirmDialog
        opened={confirming}
        title={active ? "Deactivate authentication service" : "Activate authentication service"}
        confirmText={active ? "Deactivate" : "Activate"}
        submitting={submitting}
        onConfirm={() => void toggle()}
        onCancel={() => setConfirming(false)}
      >
        {active ? deactivateQuestion(backend.title) : activateQuestion(backend.title)}
      </ConfirmDialog>
    </PageLayout>
  );
}

function Section({ title, action, children }: { title: string; action: ReactNode; children: ReactNode }) {
  return (
    <Paper withBorder p="md" role="region" aria-label={title}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={2} size="h4">{title}</Title>
          {action}
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

function Settings({ rows }: { rows: [string, string][] }) {
  return (
    <Table withRowBorders={false} verticalSpacing={4} fz="sm">
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Td w="45%">
              <Text fw={600} size="sm">{label}</Text>
            </Table.Td>
            <Table.Td style={{ wordBreak: "break-word" }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
