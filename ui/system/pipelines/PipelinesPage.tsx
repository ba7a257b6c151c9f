import { ActionIcon, Anchor, Badge, Button, Group, Stack, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import type { PipelineSource } from "../../../api/schemas/pipelines.ts";
import { paths } from "../../../shared/paths.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { NO_ENTITIES_EXIST } from "../../common/empty-states.ts";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { throughputByPipeline, throughputText } from "./logic/pipeline-throughput.ts";
import { PipelinesNav } from "./PipelinesNav.tsx";
import {
  connectionsQueryOptions,
  deletePipeline,
  invalidatePipelines,
  pipelinesQueryOptions,
  pipelineThroughputQueryOptions,
  streamsQueryOptions,
} from "./pipeline-queries.ts";

/**
 * System → Pipelines (`/system/pipelines`): every pipeline with its stages, the streams it is connected to and its
 * throughput (messages that entered it at ingest, from its meter), with create, edit and delete.
 */
export function PipelinesPage() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const permissions = usePermissions();
  const pipelines = useQuery(pipelinesQueryOptions());
  const connections = useQuery(connectionsQueryOptions());
  const streams = useQuery(streamsQueryOptions());
  const ids = (pipelines.data ?? []).map((pipeline) => pipeline.id!);
  const metrics = useQuery({ ...pipelineThroughputQueryOptions(ids), enabled: ids.length > 0 });
  const throughput = throughputByPipeline(ids, metrics.data?.metrics ?? []);
  const [toDelete, setToDelete] = useState<PipelineSource | null>(null);
  const [deleting, setDeleting] = useState(false);
  const streamTitle = (id: string) => streams.data?.streams.find((stream) => stream.id === id)?.title ?? id;
  const connectedTo = (id: string) => (connections.data ?? []).filter((c) => c.pipeline_ids.includes(id)).map((c) => streamTitle(c.stream_id));

  const confirmDelete = async (pipeline: PipelineSource) => {
    setDeleting(true);
    try {
      await deletePipeline(pipeline.id!);
      toastSuccess(`Pipeline "${pipeline.title}" was deleted.`);
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(false);
      setToDelete(null);
      await invalidatePipelines(queryClient);
    }
  };

  return (
    <PageLayout
      title="Pipelines"
      description="Pipelines let you transform and process messages coming from streams. Pipelines consist of stages where rules are evaluated and applied. Messages can go through one or more stages."
      topActions={<PipelinesNav active="pipelines" />}
      actions={permissions.isPermitted("pipeline:create") && (
        <Button leftSection={<IconPlus size={16} />} onClick={() => navigate(paths.pipeline.href({ pipelineId: "new" }))}>Add new pipeline</Button>
      )}
    >
      <Table striped withTableBorder aria-label="Pipelines">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Pipeline</Table.Th>
            <Table.Th>Connected to Streams</Table.Th>
            <Table.Th>Processed messages</Table.Th>
            <Table.Th>Rules per stage</Table.Th>
            <Table.Th w={90} />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {pipelines.data?.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={5}><Text c="dimmed" size="sm">{NO_ENTITIES_EXIST}</Text></Table.Td>
            </Table.Tr>
          )}
          {(pipelines.data ?? []).map((pipeline) => (
            <Table.Tr key={pipeline.id} data-testid="pipeline-row">
              <Table.Td>
                <Stack gap={2}>
                  <Anchor component={Link} to={paths.pipeline.href({ pipelineId: pipeline.id! })} fw={600} size="sm">{pipeline.title}</Anchor>
                  {pipeline.description && <Text size="xs" c="dimmed">{pipeline.description}</Text>}
                  {pipeline.errors && <Badge color="red" variant="light" size="sm">does not parse</Badge>}
                </Stack>
              </Table.Td>
              <Table.Td>
                {connectedTo(pipeline.id!).length === 0
                  ? <Text size="sm" c="dimmed">Not connected</Text>
                  : <Group gap={4}>{connectedTo(pipeline.id!).map((title) => <Badge key={title} variant="light">{title}</Badge>)}</Group>}
              </Table.Td>
              <Table.Td><Text size="sm" aria-label={`Throughput of ${pipeline.title}`}>{throughputText(throughput[pipeline.id!]!)}</Text></Table.Td>
              <Table.Td>
                <Stack gap={2}>
                  {pipeline.stages.map((stage) => (
                    <Text key={stage.stage} size="sm">
                      Stage {stage.stage}: {stage.rules.length} {stage.rules.length === 1 ? "rule" : "rules"}
                    </Text>
                  ))}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  {permissions.isPermitted("pipeline:edit") && (
                    <ActionIcon variant="subtle" aria-label={`Edit ${pipeline.title}`} title="Edit" component={Link} to={paths.pipeline.href({ pipelineId: pipeline.id! })}>
                      <IconEdit size={16} />
                    </ActionIcon>
                  )}
                  {permissions.isPermitted("pipeline:delete") && (
                    <ActionIcon variant="subtle" color="red" aria-label={`Delete ${pipeline.title}`} title="Delete" onClick={() => setToDelete(pipeline)}>
                      <IconTrash size={16} />
                    </ActionIcon>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete pipeline"
        confirmText="Delete"
        confirmColor="red"
        submitting={deleting}
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        {toDelete ? `Do you really want to delete pipeline "${toDelete.title}"? It is disconnected from its streams.` : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
