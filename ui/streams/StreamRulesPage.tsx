import { ActionIcon, Alert, Badge, Button, Card, Group, Radio, Stack, Text, Textarea, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Link, useParams, useSearchParams } from "react-router";
import type { StreamRule, StreamTestMatchResponse } from "../../api/schemas/streams.ts";
import { paths } from "../../shared/paths.ts";
import { failureMessage } from "../api/fetch-error.ts";
import { ConfirmDialog } from "../common/confirm-dialog/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../common/toast.ts";
import { usePermissions } from "../session/current-user.tsx";
import { PageLayout } from "../shell/PageLayout.tsx";
import { exampleMessageText, parseTestMessage, ruleBody, ruleSentence, type RuleFormValues } from "./logic/stream-rules.ts";
import { StreamRuleFormModal } from "./StreamRuleFormModal.tsx";
import { createRule, deleteRule, exampleMessageQueryOptions, invalidateStreams, streamQueryOptions, testMatch, updateRule, updateStream } from "./stream-queries.ts";

const EXAMPLE_MESSAGE = '{\n  "source": "web-01",\n  "message": "GET /index.html 200",\n  "http_method": "GET"\n}';

/**
 * /streams/{id}/edit: the stream rules editor (spec 002 §7). Rules of every Graylog type, inverted or not, all
 * or any of them must match; a message can be tested against the rules before they route anything. With
 * `?index=&message_id=` (spec 002 §2) that stored message is the example to test.
 */
export function StreamRulesPage() {
  const { streamId = "" } = useParams();
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const stream = useQuery(streamQueryOptions(streamId));
  const [editing, setEditing] = useState<StreamRule | null | undefined>(undefined);
  const [toDelete, setToDelete] = useState<StreamRule | null>(null);
  const [messageText, setMessageText] = useState(EXAMPLE_MESSAGE);
  const [outcome, setOutcome] = useState<StreamTestMatchResponse | { error: string } | null>(null);
  const [searchParams] = useSearchParams();
  const exampleIndex = searchParams.get("index") ?? "";
  const exampleId = searchParams.get("message_id") ?? "";
  const example = useQuery({ ...exampleMessageQueryOptions(exampleIndex, exampleId), enabled: exampleIndex !== "" && exampleId !== "" });
  useEffect(() => {
    if (example.data) setMessageText(exampleMessageText(example.data.message));
  }, [example.data]);

  if (stream.isError) return <PageLayout title="Stream rules"><Alert color="red">{failureMessage(stream.error)}</Alert></PageLayout>;
  const current = stream.data;
  if (!current) return <PageLayout title="Stream rules"><Text c="dimmed">Loading…</Text></PageLayout>;
  const mayEdit = !current.is_default && permissions.isPermitted(`streams:edit:${current.id}`);

  const refresh = async () => {
    setOutcome(null);
    await invalidateStreams(queryClient);
  };

  const saveRule = async (values: RuleFormValues) => {
    if (editing) await updateRule(current.id, editing.id, ruleBody(values));
    else await createRule(current.id, ruleBody(values));
    toastSuccess(editing ? "Stream rule was updated." : "Stream rule was created.");
    setEditing(undefined);
    await refresh();
  };

  const removeRule = async (rule: StreamRule) => {
    try {
      await deleteRule(current.id, rule.id);
      toastSuccess("Stream rule was deleted.");
    } catch (error) {
      toastError(error);
    } finally {
      setToDelete(null);
      await refresh();
    }
  };

  const changeMatching = async (matching: "AND" | "OR") => {
    try {
      await updateStream(current.id, { matching_type: matching });
    } catch (error) {
      toastError(error);
    } finally {
      await refresh();
    }
  };

  const runTest = async () => {
    const parsed = parseTestMessage(messageText);
    if ("error" in parsed) return setOutcome(parsed);
    try {
      setOutcome(await testMatch(current.id, parsed.message));
    } catch (error) {
      setOutcome({ error: failureMessage(error) });
    }
  };

  const verdictOf = (rule: StreamRule) => (outcome && "rules" in outcome ? outcome.rules[rule.id] : undefined);

  return (
    <PageLayout
      title={`Rules of Stream "${current.title}"`}
      description="A rule change applies to every message ingested after it. Test the rules against a message before you start the stream."
      actions={<Button variant="default" component={Link} to={paths.streams.href()}>Back to streams</Button>}
    >
      <Stack gap="md">
        {current.is_default && <Alert color="blue">The default stream cannot be edited: it receives every message no other stream removes.</Alert>}
        <Card withBorder>
          <Stack gap="sm">
            <Group justify="space-between">
              <Title order={3}>Rules</Title>
              {mayEdit && <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>Add stream rule</Button>}
            </Group>
            <Radio.Group
              value={current.matching_type}
              onChange={(value) => void changeMatching(value === "OR" ? "OR" : "AND")}
              label="Messages are routed into the stream when they match"
            >
              <Group mt="xs">
                <Radio value="AND" label="all of the following rules" disabled={!mayEdit} />
                <Radio value="OR" label="at least one of the following rules" disabled={!mayEdit} />
              </Group>
            </Radio.Group>
            {current.rules.length === 0 && <Text c="dimmed" size="sm">No rules defined: the stream routes no message by rules.</Text>}
            {current.rules.map((rule) => {
              const verdict = verdictOf(rule);
              return (
                <Group key={rule.id} justify="space-between" wrap="nowrap" data-testid="stream-rule">
                  <Stack gap={0}>
                    <Group gap="xs">
                      {verdict !== undefined && <Badge color={verdict ? "green" : "red"} variant="light">{verdict ? "matches" : "does not match"}</Badge>}
                      <Text size="sm" ff="monospace">{ruleSentence(rule)}</Text>
                    </Group>
                    {rule.description && <Text size="xs" c="dimmed">{rule.description}</Text>}
                  </Stack>
                  {mayEdit && (
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" aria-label={`Edit rule ${ruleSentence(rule)}`} title="Edit" onClick={() => setEditing(rule)}>
                        <IconEdit size={16} />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={`Delete rule ${ruleSentence(rule)}`} title="Delete" onClick={() => setToDelete(rule)}>
                        <IconTrash size={16} />
                      </ActionIcon>
                    </Group>
                  )}
                </Group>
              );
            })}
          </Stack>
        </Card>
        <Card withBorder>
          <Stack gap="sm">
            <Title order={3}>Test against a message</Title>
            {example.data && (
              <Text size="sm" c="dimmed" data-testid="stream-example-message">
                Example message {exampleId} from index {example.data.index}.
              </Text>
            )}
            {example.isError && <Text c="red" size="sm" role="alert">Could not load the example message: {failureMessage(example.error)}</Text>}
            <Textarea
              label="Message fields (JSON)"
              autosize
              minRows={4}
              styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
              value={messageText}
              onChange={(event) => setMessageText(event.currentTarget.value)}
            />
            <Group>
              <Button variant="default" onClick={() => void runTest()}>Test rules</Button>
            </Group>
            {outcome && "error" in outcome && <Text c="red" size="sm" role="alert">{outcome.error}</Text>}
            {outcome && "matches" in outcome && (
              <Alert color={outcome.matches ? "green" : "orange"} data-testid="stream-test-outcome">
                {outcome.matches ? "This message would be routed to this stream." : "This message would not be routed to this stream."}
              </Alert>
            )}
          </Stack>
        </Card>
      </Stack>
      <StreamRuleFormModal rule={editing} onClose={() => setEditing(undefined)} onSave={saveRule} />
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete stream rule"
        confirmText="Delete"
        confirmColor="red"
        onConfirm={() => toDelete && void removeRule(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? `Do you really want to delete the rule "${ruleSentence(toDelete)}"?` : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
