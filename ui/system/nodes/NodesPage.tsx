import { Alert, Anchor, Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { THROUGHPUT_METRICS } from "../../shell/shell-queries.ts";
import { nodesQueryOptions, nodesThroughputQueryOptions } from "./node-queries.ts";
import { gaugeValue } from "./logic/gauge-value.ts";

/** /system/nodes: the nodes of the cluster with their throughput, refreshed every 5 s. */
export function NodesPage() {
  const nodes = useQuery(nodesQueryOptions());
  const throughput = useQuery(nodesThroughputQueryOptions());

  return (
    <PageLayout
      title="Nodes"
      description="This page provides a real-time overview of the nodes in your cluster."
    >
      {nodes.isError && <Alert color="red">{failureMessage(nodes.error)}</Alert>}
      {!nodes.data && !nodes.isError && <Text c="dimmed">Loading…</Text>}
      {nodes.data && (
        <Text size="sm" data-testid="node-count">
          There {nodes.data.total === 1 ? "is" : "are"} {nodes.data.total} active {nodes.data.total === 1 ? "node" : "nodes"}.
        </Text>
      )}
      {nodes.data?.nodes.map((node) => {
        const metrics = throughput.data?.[node.node_id]?.metrics ?? [];
        return (
          <Card key={node.node_id} withBorder padding="md" data-testid="node-row">
            <Group justify="space-between" align="flex-start">
              <Stack gap={4}>
                <Group gap="xs">
                  <Anchor component={Link} to={paths.node.href({ nodeId: node.node_id })} fw={600}>
                    {node.short_node_id} / {node.hostname}
                  </Anchor>
                  {node.is_leader && <Badge variant="light">Leader</Badge>}
                </Group>
                <Text size="sm" c="dimmed">Transport address {node.transport_address} · last seen {new Date(node.last_seen).toLocaleTimeString()}</Text>
                <Text size="sm" data-testid="node-throughput">
                  Processing <b>{gaugeValue(metrics, THROUGHPUT_METRICS.input)}</b> incoming and{" "}
                  <b>{gaugeValue(metrics, THROUGHPUT_METRICS.output)}</b> outgoing msg/s.
                </Text>
              </Stack>
              <Group gap="xs">
                <Button variant="default" size="xs" component={Link} to={paths.node.href({ nodeId: node.node_id })}>Details</Button>
                <Button variant="default" size="xs" component={Link} to={paths.nodeMetrics.href({ nodeId: node.node_id })}>Metrics</Button>
                <Button variant="default" size="xs" component={Link} to={paths.nodeThreadDump.href({ nodeId: node.node_id })}>Get thread dump</Button>
                <Button variant="default" size="xs" component={Link} to={paths.nodeProcessBufferDump.href({ nodeId: node.node_id })}>
                  Get process-buffer dump
                </Button>
              </Group>
            </Group>
          </Card>
        );
      })}
    </PageLayout>
  );
}
