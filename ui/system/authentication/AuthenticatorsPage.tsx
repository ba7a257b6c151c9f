import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Switch,
  Table,
  Text,
  TextInput,
  Title,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { HttpHeaderAuthConfig } from "../../../api/schemas/authentication.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { LoadingPage } from "../../shell/LoadingPage.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { AuthenticationNavigation } from "./AuthenticationNavigation.tsx";
import {
  httpHeaderAuthQueryOptions,
  invalidateAuthentication,
  saveHttpHeaderAuth,
} from "./authentication-queries.ts";
import { HTTP_HEADER_AUTH_TEXT, usernameHeaderError } from "./logic/http-header-auth.ts";

/** /system/authentication/authenticator: the authenticators in front of the sign-in page (the HTTP header authenticator). */
export function AuthenticatorsPage() {
  const permissions = usePermissions();
  const config = useQuery(httpHeaderAuthQueryOptions());
  return (
    <PageLayout
      title="Authenticators"
      description="Authenticators sign users in before the sign-in page is shown."
      topActions={<AuthenticationNavigation />}
      actions={permissions.isPermitted("authhttpheaderconfig:edit") && (
        <Button component={Link} to={paths.authenticatorsEdit.href()}>Edit authenticators</Button>
      )}
    >
      <Paper withBorder p="md" maw={800} role="region" aria-label="Trusted Header Authentication">
        <Stack gap="sm">
          <Title order={2} size="h4">Trusted Header Authentication</Title>
          <Text size="sm" c="dimmed">{HTTP_HEADER_AUTH_TEXT}</Text>
          {config.data
            ? (
              <Table withRowBorders={false} fz="sm" verticalSpacing={4}>
                <Table.Tbody>
                  <Table.Tr>
                    <Table.Td w="40%">
                      <Text fw={600} size="sm">Enabled</Text>
                    </Table.Td>
                    <Table.Td>
                      {config.data.enabled
                        ? <Badge color="green" variant="light">yes</Badge>
                        : <Badge color="gray" variant="light">no</Badge>}
                    </Table.Td>
                  </Table.Tr>
                  <Table.Tr>
                    <Table.Td>
                      <Text fw={600} size="sm">Username header</Text>
                    </Table.Td>
                    <Table.Td ff="monospace">{config.data.username_header}</Table.Td>
                  </Table.Tr>
                </Table.Tbody>
              </Table>
            )
            : <Text size="sm">Loading…</Text>}
        </Stack>
      </Paper>
    </PageLayout>
  );
}

/** /system/authentication/authenticator/edit: switch the HTTP header authenticator and name its header. */
export function AuthenticatorsEditPage() {
  const config = useQuery(httpHeaderAuthQueryOptions());
  if (!config.data) return <LoadingPage text="Loading authenticators…" />;
  return <AuthenticatorsForm initial={config.data} />;
}

function AuthenticatorsForm({ initial }: { initial: HttpHeaderAuthConfig }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm({ initialValues: initial, validate: { username_header: usernameHeaderError } });

  const save = form.onSubmit(async (values) => {
    setSaving(true);
    setError(null);
    try {
      await saveHttpHeaderAuth({ enabled: values.enabled, username_header: values.username_header.trim() });
      await invalidateAuthentication(queryClient);
      toastSuccess("Authenticators were updated.");
      navigate(paths.authenticators.href());
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSaving(false);
    }
  });

  return (
    <PageLayout
      title="Edit authenticators"
      description="Authenticators sign users in before the sign-in page is shown."
      topActions={<AuthenticationNavigation />}
    >
      <Paper withBorder p="md" maw={800}>
        <form onSubmit={save} noValidate aria-label="Edit authenticators">
          <Stack gap="sm">
            <Title order={2} size="h4">Trusted Header Authentication</Title>
            <Text size="sm" c="dimmed">{HTTP_HEADER_AUTH_TEXT}</Text>
            <Switch label="Enabled" {...form.getInputProps("enabled", { type: "checkbox" })} />
            <TextInput
              label="Username header"
              required
              description="The HTTP header that names the user, e.g. Remote-User."
              {...form.getInputProps("username_header")}
            />
            {error && <Alert color="red">{error}</Alert>}
            <Group justify="flex-end">
              <Button variant="default" component={Link} to={paths.authenticators.href()}>Cancel</Button>
              <Button type="submit" loading={saving}>Update authenticators</Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </PageLayout>
  );
}
