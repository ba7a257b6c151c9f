import { ActionIcon, Alert, Anchor, Button, Card, Group, MultiSelect, NumberInput, Select, Stack, Table, Text, Textarea, TextInput, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate, useParams } from "react-router";
import type { PipelineSource } from "../../../api/schemas/pipelines.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { draftProblem, nextStageNumber, type PipelineDraft, pipelineSource, STAGE_MATCH_LABELS, type StageMatch } from "./logic/pipeline-source.ts";
import { PipelinesNav } from "./PipelinesNav.tsx";
import { counterViews } from "./logic/rule-counters.ts";
import { RuleCounterCells } from "./RuleCounterCells.tsx";
import {
  connectionsQueryOptions,
  connectPipeline,
  createPipeline,
  invalidatePipelines,
  pipelineQueryOptions,
  ruleCountersQueryOptions,
  rulesQueryOptions,
  streamsQueryOptions,
  updatePipeline,
} from "./pipeline-queries.ts";

const NEW = "new";

/**
 * `/system/pipelines/{id}` (and `/system/pipelines/new`): a pipeline's title, description, stages (each with its
 * match mode and rules) and the streams it is connected to. Saving writes the pipeline's source, then its
 * stream connections.
 */
export function PipelinePage() {
  const { pipelineId = NEW } = useParams();
  const existing = useQuery({ ...pipelineQueryOptions(pipelineId), enabled: pipelineId !== NEW });
  const connections = useQuery(connectionsQueryOptions());
  const title = pipelineId === NEW ? "New pipeline" : existing.data ? `Pipeline ${existing.data.title}` : "Pipeline";
  const ready = (pipelineId === NEW || existing.data) && connections.data;
  return (
    <PageLayout title={title} description="Pipelines run their stages in order on the messages of the streams they are connected to." topActions={<PipelinesNav active="pipelines" />}>
      {existing.isError && <Alert color="red">{failureMessage(existing.error)}</Alert>}
      {ready && (
        <PipelineForm
          existing={existing.data ?? null}
          connectedStreams={existing.data ? connections.data.filter((c) => c.pipeline_ids.includes(existing.data.id!)).map((c) => c.stream_id) : []}
        />
      )}
    </PageLayout>
  );
}

function PipelineForm({ existing, connectedStreams }: { existing: PipelineSource | null; connectedStreams: string[] }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayEdit = usePermissions().isPermitted(existing ? "pipeline:edit" : "pipeline:create");
  const rules = useQuery(rulesQueryOptions());
  const streams = useQuery(streamsQueryOptions());
  const counters = counterViews(useQuery({ ...ruleCountersQueryOptions(), enabled: existing !== null }).data);
  const [draft, setDraft] = useState<PipelineDraft>({
    title: existing?.title ?? "",
    description: existing?.description ?? "",
    stages: existing?.stages.map((stage) => ({ ...stage, match: stage.match === "PASS" ? "EITHER" : stage.match })) ?? [{ stage: 0, match: "EITHER", rules: [] }],
  });
  const [streamIds, setStreamIds] = useState<string[]>(connectedStreams);
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const ruleOptions = [...new Set([...(rules.data ?? []).map((rule) => rule.title), ...draft.stages.flatMap((stage) => stage.rules)])];
  const problem = draftProblem(draft);

  const setStage = (index: number, change: Partial<PipelineDraft["stages"][number]>) =>
    setDraft((current) => ({ ...current, stages: current.stages.map((stage, i) => i === index ? { ...stage, ...change } : stage) }));

  const save = async () => {
    setSaving(true);
    setFailure(null);
    try {
      const body = { source: pipelineSource(draft), description: draft.description };
      const saved = existing ? await updatePipeline(existing.id!, body) : await createPipeline(body);
      await connectPipeline(saved.id!, streamIds);
      toastSuccess(existing ? `Pipeline "${saved.title}" was updated.` : `Pipeline "${saved.title}" was created.`);
      await invalidatePipelines(queryClient);
      navigate(paths.pipelines.href());
    } catch (error) {
      setFailure(failureMessage(error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="md" maw={900}>
      <Card withBorder>
        <Stack gap="sm">
          <TextInput label="Title" withAsterisk value={draft.title} onChange={(event) => setDraft({ ...draft, title: event.currentTarget.value })} disabled={!mayEdit} />
          <Textarea label="Description" autosize minRows={2} value={draft.description} onChange={(event) => setDraft({ ...draft, description: event.currentTarget.value })} disabled={!mayEdit} />
          <MultiSelect
            label="Connected streams"
            description="The pipeline processes the messages of these streams."
            searchable
            data={(streams.data?.streams ?? []).map((stream) => ({ value: stream.id, label: stream.title }))}
            value={streamIds}
            onChange={setStreamIds}
            disabled={!mayEdit}
          />
        </Stack>
      </Card>
      <Group justify="space-between">
        <Title order={2} size="h4">Stages</Title>
        {mayEdit && (
          <Button
            variant="default"
            leftSection={<IconPlus size={16} />}
            onClick={() => setDraft({ ...draft, stages: [...draft.stages, { stage: nextStageNumber(draft.stages), match: "EITHER", rules: [] }] })}
          >
            Add new stage
          </Button>
        )}
      </Group>
      {draft.stages.length === 0 && <Text c="dimmed" size="sm">This pipeline has no stages yet.</Text>}
      {draft.stages.map((stage, index) => (
        <Card withBorder key={index} aria-label={`Stage ${stage.stage}`} component="section">
          <Stack gap="sm">
            <Group align="flex-end">
              <NumberInput label="Stage" value={stage.stage} allowDecimal={false} w={120} onChange={(value) => setStage(index, { stage: Number(value) || 0 })} disabled={!mayEdit} />
              <Select
                label="Continue processing on next stage when"
                data={Object.entries(STAGE_MATCH_LABELS).map(([value, label]) => ({ value, label }))}
                value={stage.match}
                onChange={(value) => value && setStage(index, { match: value as StageMatch })}
                allowDeselect={false}
                w={480}
                disabled={!mayEdit}
              />
              {mayEdit && (
                <ActionIcon variant="subtle" color="red" aria-label={`Remove stage ${stage.stage}`} onClick={() => setDraft({ ...draft, stages: draft.stages.filter((_, i) => i !== index) })}>
                  <IconTrash size={16} />
                </ActionIcon>
              )}
            </Group>
            <MultiSelect
              label="Stage rules"
              placeholder="Choose the rules of this stage"
              searchable
              data={ruleOptions}
              value={stage.rules}
              onChange={(value) => setStage(index, { rules: value })}
              disabled={!mayEdit}
            />
            {existing && stage.rules.length > 0 && (
              <Table withTableBorder aria-label={`Rules of stage ${stage.stage}`}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>Rule</Table.Th>
                    <Table.Th>Executed</Table.Th>
                    <Table.Th>Errors</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {stage.rules.map((title) => {
                    const rule = rules.data?.find((candidate) => candidate.title === title);
                    return (
                      <Table.Tr key={title}>
                        <Table.Td>
                          {rule
                            ? <Anchor component={Link} to={paths.pipelineRule.href({ ruleId: rule.id! })} size="sm">{title}</Anchor>
                            : <Text size="sm" c="red">{title} (no rule of this title: skipped)</Text>}
                        </Table.Td>
                        {rule ? <RuleCounterCells ruleId={rule.id!} title={title} counters={counters} /> : <><Table.Td /><Table.Td /></>}
                      </Table.Tr>
                    );
                  })}
                </Table.Tbody>
              </Table>
            )}
          </Stack>
        </Card>
      ))}
      {failure && <Alert color="red">{failure}</Alert>}
      {mayEdit && (
        <Group>
          <Button onClick={() => void save()} loading={saving} disabled={problem !== null}>{existing ? "Update pipeline" : "Create pipeline"}</Button>
          <Button variant="default" component={Link} to={paths.pipelines.href()}>Cancel</Button>
          {problem && <Text size="sm" c="dimmed">{problem}</Text>}
        </Group>
      )}
    </Stack>
  );
}
