import { Alert, Anchor, Badge, Button, Card, Checkbox, Group, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import type { IndexSet, IndexSetStats } from "../../../api/schemas/index-sets.ts";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import {
  allIndexSetStatsQueryOptions,
  deleteIndexSet,
  indexSetsQueryOptions,
  invalidateIndexSets,
  makeDefaultIndexSet,
} from "./index-set-queries.ts";
import { formatBytes, formatCount, retentionSummary, rotationSummary } from "./logic/index-set-form.ts";

/**
 * System → Indices (/system/indices): every index set with its statistics (indices, documents, size) as this
 * server holds them now, the totals, and the actions on a set: configure, make default, delete.
 */
export function IndicesPage() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const sets = useQuery(indexSetsQueryOptions());
  const totals = useQuery(allIndexSetStatsQueryOptions());
  const [toDelete, setToDelete] = useState<IndexSet | null>(null);
  const [deleteIndices, setDeleteIndices] = useState(true);
  const [deleting, setDeleting] = useState(false);

  const makeDefault = async (set: IndexSet) => {
    try {
      await makeDefaultIndexSet(set.id);
      toastSuccess(`Index set "${set.title}" is now the default.`);
    } catch (error) {
      toastError(error);
    }
    await invalidateIndexSets(queryClient);
  };

  const confirmDelete = async (set: IndexSet) => {
    setDeleting(true);
    try {
      await deleteIndexSet(set.id, deleteIndices);
      toastSuccess(`Index set "${set.title}" was deleted.`);
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(false);
      setToDelete(null);
      await invalidateIndexSets(queryClient);
    }
  };

  return (
    <PageLayout
      title="Indices & Index Sets"
      description="An index set holds the indices messages are written to: how they rotate and how many are kept. Streams choose their index set."
      topActions={permissions.isPermitted("indices:failures") && (
        <Button variant="default" component={Link} to={paths.indexFailures.href()}>Indexer failures</Button>
      )}
      actions={permissions.isPermitted("indexsets:create") && (
        <Button component={Link} to={paths.indexSetCreate.href()} leftSection={<IconPlus size={16} />}>Create index set</Button>
      )}
    >
      {totals.data && <Totals stats={totals.data} sets={sets.data?.total ?? 0} />}
      {sets.isError && <Alert color="red">{failureMessage(sets.error)}</Alert>}
      {sets.isPending && <Text c="dimmed">Loading…</Text>}
      <Stack gap="sm">
        {sets.data?.index_sets.map((set) => (
          <Card key={set.id} withBorder padding="md" data-testid="index-set-row">
            <Group justify="space-between" align="flex-start" wrap="nowrap">
              <Stack gap={4}>
                <Group gap="xs">
                  <Anchor component={Link} to={paths.indexSet.href({ indexSetId: set.id })} fw={600} size="lg">{set.title}</Anchor>
                  {set.default && <Badge color="blue" variant="light">default</Badge>}
                  {!set.writable && <Badge color="gray" variant="light">read only</Badge>}
                </Group>
                {set.description && <Text size="sm" c="dimmed">{set.description}</Text>}
                <Text size="sm">
                  Prefix <Text span ff="monospace">{set.index_prefix}</Text> · {rotationSummary(set)} · {retentionSummary(set)}
                </Text>
                <SetStats stats={sets.data.stats[set.id]} />
              </Stack>
              <Group gap="xs" wrap="nowrap">
                {permissions.isPermitted(`indexsets:edit:${set.id}`) && (
                  <Button variant="default" size="xs" component={Link} to={paths.indexSetConfiguration.href({ indexSetId: set.id })}>Edit</Button>
                )}
                {permissions.isPermitted(`indexsets:edit:${set.id}`) && set.can_be_default && (
                  <Button variant="default" size="xs" onClick={() => void makeDefault(set)}>Set as default</Button>
                )}
                {permissions.isPermitted(`indexsets:delete:${set.id}`) && !set.default && (
                  <Button
                    variant="default"
                    color="red"
                    size="xs"
                    onClick={() => {
                      setDeleteIndices(true);
                      setToDelete(set);
                    }}
                  >
                    Delete
                  </Button>
                )}
              </Group>
            </Group>
          </Card>
        ))}
      </Stack>
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete index set"
        confirmText="Delete"
        confirmColor="red"
        submitting={deleting}
        onConfirm={() => toDelete && void confirmDelete(toDelete)}
        onCancel={() => setToDelete(null)}
      >
        <Stack gap="sm">
          <Text>Do you really want to delete index set "{toDelete?.title}"?</Text>
          <Checkbox
            label="Delete all indices and their messages as well"
            checked={deleteIndices}
            onChange={(event) => setDeleteIndices(event.currentTarget.checked)}
          />
        </Stack>
      </ConfirmDialog>
    </PageLayout>
  );
}

interface TotalsProps {
  stats: IndexSetStats;
  sets: number;
}

function Totals({ stats, sets }: TotalsProps) {
  return (
    <Card withBorder padding="md">
      <Title order={2} size="h4" mb="xs">Totals</Title>
      <SimpleGrid cols={{ base: 2, sm: 4 }} data-testid="index-totals">
        <Figure label="Index sets" value={formatCount(sets)} />
        <Figure label="Indices" value={formatCount(stats.indices)} />
        <Figure label="Documents" value={formatCount(stats.documents)} />
        <Figure label="Size" value={formatBytes(stats.size)} />
      </SimpleGrid>
    </Card>
  );
}

function SetStats({ stats }: { stats: IndexSetStats | undefined }) {
  if (!stats) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="index-set-stats">
      {formatCount(stats.indices)} {stats.indices === 1 ? "index" : "indices"}, {formatCount(stats.documents)} documents, {formatBytes(stats.size)}
    </Text>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase">{label}</Text>
      <Text size="xl" fw={600}>{value}</Text>
    </Stack>
  );
}
