import { Alert, Button, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link, useParams } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { processBufferDumpQueryOptions } from "./node-queries.ts";

/** /system/processbufferdump/{id}: what the node's processors are doing, and the order of the ingest chain. */
export function ProcessBufferDumpPage() {
  const { nodeId = "" } = useParams();
  const dump = useQuery(processBufferDumpQueryOptions(nodeId));
  return (
    <PageLayout
      title="Process-buffer dump"
      description={`What the processors of node ${nodeId.slice(0, 8)} were doing when this page was opened.`}
      topActions={<Button variant="default" component={Link} to={paths.node.href({ nodeId })}>Node details</Button>}
      actions={<Button variant="default" onClick={() => void dump.refetch()}>Take a new dump</Button>}
    >
      {dump.isError && <Alert color="red">{failureMessage(dump.error)}</Alert>}
      {!dump.data && !dump.isError && <Text c="dimmed">Loading…</Text>}
      {dump.data && (
        <Table withTableBorder striped>
          <Table.Thead><Table.Tr><Table.Th>Processor</Table.Th><Table.Th>State</Table.Th></Table.Tr></Table.Thead>
          <Table.Tbody>
            {Object.entries(dump.data.processbuffer_dump).map(([processor, state]) => (
              <Table.Tr key={processor} data-testid="processor-row">
                <Table.Td><Text size="sm" ff="monospace">{processor}</Text></Table.Td>
                <Table.Td><Text size="sm">{state}</Text></Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </PageLayout>
  );
}
