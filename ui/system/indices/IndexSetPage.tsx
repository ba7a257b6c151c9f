import { Alert, Badge, Button, Card, Group, Menu, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { IconChevronDown } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import {
  closeIndex,
  cycleDeflector,
  deleteIndex,
  indexerOverviewQueryOptions,
  indexSetQueryOptions,
  invalidateIndexSets,
  rebuildIndexSetRanges,
  reopenIndex,
} from "./index-set-queries.ts";
import { formatCount, retentionSummary, rotationSummary } from "./logic/index-set-form.ts";
import { indexRows } from "./logic/index-rows.ts";

/** An index action waiting for confirmation. */
type Pending = { kind: "close" | "delete"; index: string } | null;

/**
 * /system/index_sets/{id}: an index set's settings and its indices as they are now (ranges, document counts,
 * sizes, which one is written to, which are closed); rotate now, recalculate ranges, close, reopen, delete.
 */
export function IndexSetPage() {
  const { indexSetId = "" } = useParams();
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const set = useQuery(indexSetQueryOptions(indexSetId));
  const overview = useQuery(indexerOverviewQueryOptions(indexSetId));
  const [pending, setPending] = useState<Pending>(null);

  if (set.isError) return <PageLayout title="Index set"><Alert color="red">{failureMessage(set.error)}</Alert></PageLayout>;
  if (!set.data) return <PageLayout title="Index set"><Text c="dimmed">Loading…</Text></PageLayout>;
  const current = set.data;
  const mayChange = permissions.isPermitted("indices:changestate");
  const mayDelete = permissions.isPermitted("indices:delete");

  const act = async (work: () => Promise<unknown>, done: string) => {
    try {
      await work();
      toastSuccess(done);
    } catch (error) {
      toastError(error);
    }
    await invalidateIndexSets(queryClient);
  };

  const rows = overview.data ? indexRows(overview.data) : [];

  return (
    <PageLayout
      title={`Index Set: ${current.title}`}
      description={current.description || undefined}
      topActions={<Button variant="default" component={Link} to={paths.indices.href()}>Index sets overview</Button>}
      actions={
        <>
          {permissions.isPermitted(`indexsets:edit:${current.id}`) && (
            <Button variant="default" component={Link} to={paths.indexSetConfiguration.href({ indexSetId: current.id })}>Edit Index Set</Button>
          )}
          {(mayChange || permissions.isPermitted("deflector:cycle")) && (
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" rightSection={<IconChevronDown size={14} />}>Maintenance</Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => void act(() => cycleDeflector(current.id), "The active write index was rotated.")}>
                  Rotate active write index
                </Menu.Item>
                <Menu.Item onClick={() => void act(() => rebuildIndexSetRanges(current.id), "Index ranges were recalculated.")}>
                  Recalculate index ranges
                </Menu.Item>
              </Menu.Dropdown>
            </Menu>
          )}
        </>
      }
    >
      <Card withBorder padding="md">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Stack gap={2}>
            <Text size="sm"><b>Index prefix:</b> <Text span ff="monospace">{current.index_prefix}</Text>{current.default && <Badge ml="xs" variant="light">default</Badge>}</Text>
            <Text size="sm"><b>Rotation:</b> {rotationSummary(current)}</Text>
            <Text size="sm"><b>Retention:</b> {retentionSummary(current)}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="sm"><b>Shards:</b> {current.shards} · <b>Replicas:</b> {current.replicas}</Text>
            <Text size="sm"><b>Field type refresh interval:</b> {formatCount(current.field_type_refresh_interval / 1000)} seconds</Text>
            {overview.data && (
              <Text size="sm" data-testid="index-set-summary">
                <b>Indexer cluster:</b> {overview.data.indexer_cluster.name} ({overview.data.indexer_cluster.health.status}) ·{" "}
                {formatCount(overview.data.counts.events)} documents in {formatCount(rows.length)} {rows.length === 1 ? "index" : "indices"}
              </Text>
            )}
          </Stack>
        </SimpleGrid>
      </Card>
      {overview.isError && <Alert color="red">{failureMessage(overview.error)}</Alert>}
      <Table striped withTableBorder highlightOnHover>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Index</Table.Th>
            <Table.Th>Contains messages</Table.Th>
            <Table.Th ta="right">Documents</Table.Th>
            <Table.Th ta="right">Size</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.name} data-testid="index-row">
              <Table.Td>
                <Group gap="xs">
                  <Text ff="monospace" size="sm">{row.name}</Text>
                  {row.isWriteIndex && <Badge color="green" variant="light">active write index</Badge>}
                  {row.closed && <Badge color="orange" variant="light">closed</Badge>}
                </Group>
              </Table.Td>
              <Table.Td><Text size="sm">{row.range}</Text></Table.Td>
              <Table.Td ta="right">{row.documents}</Table.Td>
              <Table.Td ta="right">{row.size}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end" wrap="nowrap">
                  {mayChange && !row.isWriteIndex && !row.closed && (
                    <Button size="xs" variant="default" onClick={() => setPending({ kind: "close", index: row.name })}>Close index</Button>
                  )}
                  {mayChange && row.closed && (
                    <Button size="xs" variant="default" onClick={() => void act(() => reopenIndex(row.name), `Index ${row.name} was reopened.`)}>Reopen index</Button>
                  )}
                  {mayDelete && !row.isWriteIndex && (
                    <Button size="xs" variant="default" color="red" onClick={() => setPending({ kind: "delete", index: row.name })}>Delete index</Button>
                  )}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {overview.data && rows.length === 0 && (
            <Table.Tr><Table.Td colSpan={5}><Text c="dimmed" size="sm">This index set has no indices yet: the first message written to it creates one.</Text></Table.Td></Table.Tr>
          )}
        </Table.Tbody>
      </Table>
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.kind === "delete" ? "Delete index" : "Close index"}
        confirmText={pending?.kind === "delete" ? "Delete" : "Close"}
        confirmColor={pending?.kind === "delete" ? "red" : undefined}
        onConfirm={() => {
          if (!pending) return;
          const { kind, index } = pending;
          setPending(null);
          void act(() => (kind === "delete" ? deleteIndex(index) : closeIndex(index)), `Index ${index} was ${kind === "delete" ? "deleted" : "closed"}.`);
        }}
        onCancel={() => setPending(null)}
      >
        {pending?.kind === "delete"
          ? `Really delete index ${pending.index}? Its messages will be gone from every search.`
          : `Really close index ${pending?.index}? Its messages will not be searched until it is reopened.`}
      </ConfirmDialog>
    </PageLayout>
  );
}

