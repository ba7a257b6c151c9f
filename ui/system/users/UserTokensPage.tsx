import { Alert, Button, Code, Group, Paper, Stack, Table, Text, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import type { AccessToken, AccessTokenSummary } from "../../../api/schemas/access-tokens.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { CopyButton } from "../../common/copy-button/CopyButton.tsx";
import { formatTimestamp } from "../../common/time-format.ts";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { LoadingPage } from "../../shell/LoadingPage.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { createToken, invalidateUsers, revokeToken, tokensQueryOptions, userByIdQueryOptions } from "./users-queries.ts";
import { lastUsedText, revokeQuestion, revokedText, validateTokenName } from "./logic/token-list.ts";

/** /system/users/tokens/{id}: a user's access tokens; a new token's secret is shown once, right after creating it. */
export function UserTokensPage() {
  const { userId = "" } = useParams();
  const user = useQuery(userByIdQueryOptions(userId));
  if (!user.data) return <LoadingPage text="Loading user…" />;
  return <TokensOf username={user.data.username} fullName={user.data.full_name} userId={userId} />;
}

function TokensOf({ username, fullName, userId }: { username: string; fullName: string; userId: string }) {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const tokens = useQuery(tokensQueryOptions(username));
  const [name, setName] = useState("");
  const [nameError, setNameError] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<AccessToken | null>(null);
  const [toRevoke, setToRevoke] = useState<AccessTokenSummary | null>(null);
  const [revoking, setRevoking] = useState(false);
  const mayCreate = permissions.isPermitted(`users:tokencreate:${username}`);
  const mayRevoke = permissions.isPermitted(`users:tokenremove:${username}`);

  const create = async () => {
    const error = validateTokenName(name);
    setNameError(error);
    if (error) return;
    setCreating(true);
    try {
      setCreated(await createToken(username, name.trim()));
      setName("");
      await invalidateUsers(queryClient);
    } catch (failure) {
      setNameError(failureMessage(failure));
    } finally {
      setCreating(false);
    }
  };

  const revoke = async (token: AccessTokenSummary) => {
    setRevoking(true);
    try {
      await revokeToken(username, token.id);
      toastSuccess(revokedText(token.name));
      if (created?.id === token.id) setCreated(null);
    } catch (error) {
      toastError(error);
    } finally {
      setRevoking(false);
      setToRevoke(null);
      await invalidateUsers(queryClient);
    }
  };

  return (
    <PageLayout
      title={`Edit tokens of user ${fullName}`}
      description="Access tokens let scripts and CI pipelines call the API as this user without a password: send the token as the user name and the word token as the password (HTTP basic auth token:token). Revoke a token to stop it at once."
      actions={<Button variant="default" component={Link} to={paths.user.href({ userId })}>User details</Button>}
    >
      <Stack maw={860}>
        {mayCreate && (
          <Paper withBorder p="md">
            <Stack gap="sm">
              <Title order={2} size="h4">Create Token</Title>
              <Group align="flex-start">
                <TextInput
                  label="Token Name"
                  placeholder="e.g. ci-pipeline"
                  value={name}
                  error={nameError}
                  onChange={(event) => setName(event.currentTarget.value)}
                  onKeyDown={(event) => event.key === "Enter" && void create()}
                  style={{ flex: 1 }}
                />
                <Button mt={25} onClick={() => void create()} loading={creating}>Create Token</Button>
              </Group>
              {created && (
                <Alert color="green" title={`Created token "${created.name}"`}>
                  <Stack gap="xs">
                    <Text size="sm">This is the only time the token is shown. Copy it now and keep it safe.</Text>
                    <Group gap="xs" wrap="nowrap">
                      <Code data-testid="created-token" style={{ overflowWrap: "anywhere" }}>{created.token}</Code>
                      <CopyButton text={created.token}>Copy</CopyButton>
                    </Group>
                    <Button variant="subtle" size="xs" w="fit-content" onClick={() => setCreated(null)}>Done</Button>
                  </Stack>
                </Alert>
              )}
            </Stack>
          </Paper>
        )}
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={2} size="h4">Tokens</Title>
            {tokens.data && tokens.data.tokens.length === 0 && <Text size="sm" c="dimmed">No tokens to display.</Text>}
            {tokens.data && tokens.data.tokens.length > 0 && (
              <Table aria-label="Access tokens" data-testid="token-table">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Token Name</Table.Th>
                    <Table.Th>Last used</Table.Th>
                    <Table.Th w={110} />
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {tokens.data.tokens.map((token) => (
                    <Table.Tr key={token.id}>
                      <Table.Td fw={600}>{token.name}</Table.Td>
                      <Table.Td>{lastUsedText(token.last_access, (iso) => formatTimestamp(iso, "UTC", false))}</Table.Td>
                      <Table.Td>
                        {mayRevoke && (
                          <Button size="xs" variant="subtle" color="red" leftSection={<IconTrash size={14} />} onClick={() => setToRevoke(token)}
                            aria-label={`Revoke ${token.name}`}>
                            Revoke
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Paper>
      </Stack>
      <ConfirmDialog
        opened={toRevoke !== null}
        title="Revoke token"
        confirmText="Revoke"
        confirmColor="red"
        submitting={revoking}
        onConfirm={() => toRevoke && void revoke(toRevoke)}
        onCancel={() => setToRevoke(null)}
      >
        {toRevoke ? revokeQuestion(toRevoke.name) : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
