import { Alert, Badge, Button, Card, Group, Progress, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { THROUGHPUT_METRICS } from "../../shell/shell-queries.ts";
import { formatBytes } from "../indices/logic/index-set-form.ts";
import { gaugeValue } from "./logic/gauge-value.ts";
import { buffersQueryOptions, nodeJvmQueryOptions, nodeMetricsQueryOptions, nodeQueryOptions, nodeSystemQueryOptions } from "./node-queries.ts";

/** /system/nodes/{id}: one node's system information, memory, buffers and throughput, refreshed every 5 s. */
export function NodePage() {
  const { nodeId = "" } = useParams();
  const node = useQuery(nodeQueryOptions(nodeId));
  const system = useQuery(nodeSystemQueryOptions(nodeId));
  const jvm = useQuery(nodeJvmQueryOptions(nodeId));
  const buffers = useQuery(buffersQueryOptions());
  const throughput = useQuery(nodeMetricsQueryOptions(nodeId, Object.values(THROUGHPUT_METRICS)));

  if (node.isError) return <PageLayout title="Node"><Alert color="red">{failureMessage(node.error)}</Alert></PageLayout>;
  if (!node.data) return <PageLayout title="Node"><Text c="dimmed">Loading…</Text></PageLayout>;
  const metrics = throughput.data?.metrics ?? [];

  return (
    <PageLayout
      title={`Node ${node.data.short_node_id} / ${node.data.hostname}`}
      description={<>This node is {node.data.is_leader ? "the leader" : "a member"} of the cluster. Node id <Text span ff="monospace">{node.data.node_id}</Text>.</>}
      topActions={<Button variant="default" component={Link} to={paths.nodes.href()}>Nodes overview</Button>}
      actions={
        <>
          <Button variant="default" component={Link} to={paths.nodeMetrics.href({ nodeId })}>Metrics</Button>
          <Button variant="default" component={Link} to={paths.nodeThreadDump.href({ nodeId })}>Get thread dump</Button>
          <Button variant="default" component={Link} to={paths.nodeProcessBufferDump.href({ nodeId })}>Get process-buffer dump</Button>
        </>
      }
    >
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Section title="System">
          {system.data && (
            <>
              <Fact label="Version">{system.data.version} ({system.data.codename})</Fact>
              <Fact label="Hostname">{system.data.hostname}</Fact>
              <Fact label="Operating system">{system.data.operating_system}</Fact>
              <Fact label="Time zone">{system.data.timezone}</Fact>
              <Fact label="Started">{new Date(system.data.started_at).toLocaleString()}</Fact>
              <Fact label="Lifecycle">
                <Badge variant="light" color={system.data.lifecycle === "running" ? "green" : "orange"}>{system.data.lifecycle}</Badge>{" "}
                load balancer {system.data.lb_status}, processing {system.data.is_processing ? "running" : "paused"}
              </Fact>
            </>
          )}
        </Section>
        <Section title="Memory and runtime">
          {jvm.data && (
            <>
              <Text size="sm">{jvm.data.info}, pid {jvm.data.pid}</Text>
              <Progress
                value={jvm.data.total_memory.bytes ? (100 * jvm.data.used_memory.bytes) / jvm.data.total_memory.bytes : 0}
                aria-label="Heap used"
              />
              <Text size="sm" data-testid="heap-usage">
                Heap: {formatBytes(jvm.data.used_memory.bytes)} used of {formatBytes(jvm.data.total_memory.bytes)} committed; resident{" "}
                {formatBytes(jvm.data.max_memory.bytes)}
              </Text>
            </>
          )}
        </Section>
        <Section title="Throughput">
          <Text size="sm" data-testid="node-throughput">
            Processing <b>{gaugeValue(metrics, THROUGHPUT_METRICS.input)}</b> incoming and{" "}
            <b>{gaugeValue(metrics, THROUGHPUT_METRICS.output)}</b> outgoing msg/s.
          </Text>
        </Section>
        <Section title="Buffers">
          {buffers.data && (["input", "process", "output"] as const).map((buffer) => (
            <Fact key={buffer} label={`${buffer[0].toUpperCase()}${buffer.slice(1)} buffer`}>
              {buffers.data.buffers[buffer].utilization_percent}% used ({buffers.data.buffers[buffer].utilization} messages)
            </Fact>
          ))}
          <Text size="xs" c="dimmed">Each batch goes from its input straight through the ingest chain to the store: no buffer holds messages in between.</Text>
        </Section>
      </SimpleGrid>
    </PageLayout>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md">
      <Stack gap={6}>
        <Title order={2} size="h4">{title}</Title>
        {children}
      </Stack>
    </Card>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" align="baseline">
      <Text size="sm" fw={600} miw={140}>{label}</Text>
      <Text size="sm" component="div">{children}</Text>
    </Group>
  );
}
