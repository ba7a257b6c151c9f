import { Alert, Button, Card, Code, Grid, Group, ScrollArea, Stack, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type ComponentType, useEffect, useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { FunctionDescriptor, RuleSource } from "../../../api/schemas/pipelines.ts";
import { paths } from "../../../shared/paths.ts";
import { FetchError, failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { type ParseError, parseErrorsOf } from "./logic/rule-diagnostics.ts";
import { functionSignature, RULE_TEMPLATE } from "./logic/rule-functions.ts";
import { PipelinesNav } from "./PipelinesNav.tsx";
import { createRule, functionsQueryOptions, invalidatePipelines, parseRule, ruleQueryOptions, updateRule } from "./pipeline-queries.ts";
import type { RuleEditorProps } from "./RuleEditor.tsx";

const NEW = "new";

/**
 * `/system/pipelines/rules/{id}` (and `/rules/new`): the rule's description and source in the rule editor, with
 * the server's parse errors inline, and the functions rules may call with their signatures.
 */
export function RulePage() {
  const { ruleId = NEW } = useParams();
  const existing = useQuery({ ...ruleQueryOptions(ruleId), enabled: ruleId !== NEW });
  const title = ruleId === NEW ? "Create pipeline rule" : existing.data ? `Pipeline rule ${existing.data.title}` : "Pipeline rule";
  return (
    <PageLayout title={title} description="Rules are a way of applying changes to messages: a condition and a list of actions." topActions={<PipelinesNav active="rules" />}>
      {existing.isError && <Alert color="red">{failureMessage(existing.error)}</Alert>}
      {(ruleId === NEW || existing.data) && <RuleForm existing={existing.data ?? null} />}
    </PageLayout>
  );
}

function RuleForm({ existing }: { existing: RuleSource | null }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayEdit = usePermissions().isPermitted(existing ? "pipeline_rule:edit" : "pipeline_rule:create");
  const functions = useQuery(functionsQueryOptions());
  const [description, setDescription] = useState(existing?.description ?? "");
  const [source, setSource] = useState(existing?.source ?? RULE_TEMPLATE);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const Editor = useRuleEditor();

  const parse = async (text: string): Promise<ParseError[]> => {
    try {
      await parseRule({ source: text, description: "" });
      return [];
    } catch (error) {
      return error instanceof FetchError ? parseErrorsOf(error.body) : [];
    }
  };

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const saved = existing ? await updateRule(existing.id!, { source, description }) : await createRule({ source, description });
      toastSuccess(existing ? `Rule "${saved.title}" was updated.` : `Rule "${saved.title}" was created.`);
      await invalidatePipelines(queryClient);
      navigate(paths.pipelineRules.href());
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Grid>
      <Grid.Col span={{ base: 12, lg: 8 }}>
        <Stack gap="sm">
          <Textarea label="Description" autosize minRows={2} value={description} onChange={(event) => setDescription(event.currentTarget.value)} disabled={!mayEdit} />
          <Text size="sm" fw={500}>Rule source</Text>
          {Editor
            ? <Editor value={source} onChange={setSource} parse={parse} functionNames={(functions.data ?? []).map((fn) => fn.name)} readOnly={!mayEdit} />
            : <Code block mih={260}>{source}</Code>}
          {failure && <Alert color="red" style={{ whiteSpace: "pre-wrap" }}>{failure}</Alert>}
          {mayEdit && (
            <Group>
              <Button onClick={() => void save()} loading={saving}>{existing ? "Update rule" : "Create rule"}</Button>
              <Button variant="default" component={Link} to={paths.pipelineRules.href()}>Cancel</Button>
            </Group>
          )}
        </Stack>
      </Grid.Col>
      <Grid.Col span={{ base: 12, lg: 4 }}>
        <FunctionList functions={functions.data ?? []} />
      </Grid.Col>
    </Grid>
  );
}

/** The CodeMirror editor, loaded on the client after the first render (null until then). */
function useRuleEditor(): ComponentType<RuleEditorProps> | null {
  const [editor, setEditor] = useState<ComponentType<RuleEditorProps> | null>(null);
  useEffect(() => {
    let live = true;
    void import("./RuleEditor.tsx").then((module) => live && setEditor(() => module.RuleEditor));
    return () => {
      live = false;
    };
  }, []);
  return editor;
}

function FunctionList({ functions }: { functions: readonly FunctionDescriptor[] }) {
  const [filter, setFilter] = useState("");
  const shown = functions.filter((fn) => fn.name.includes(filter.trim().toLowerCase()));
  return (
    <Card withBorder>
      <Stack gap="xs">
        <Title order={2} size="h5">Functions</Title>
        <TextInput placeholder="Filter functions" value={filter} onChange={(event) => setFilter(event.currentTarget.value)} aria-label="Filter functions" />
        <ScrollArea h={520}>
          <Stack gap="sm" aria-label="Function list">
            {shown.map((fn) => (
              <div key={fn.name}>
                <Code>{functionSignature(fn)}</Code>
                <Text size="xs" c="dimmed">{fn.description}</Text>
              </div>
            ))}
          </Stack>
        </ScrollArea>
      </Stack>
    </Card>
  );
}
