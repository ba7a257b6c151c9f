import { Badge, Card, List, Stack, Table, Text, Title } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useParams } from "react-router";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { statusBadge } from "./logic/sidecar-texts.ts";
import { collectorsQueryOptions, configurationsQueryOptions, sidecarQueryOptions } from "./sidecar-queries.ts";
import { SidecarTabs } from "./SidecarTabs.tsx";

/** One sidecar: its host details, metrics, collectors' status, assigned configurations and log files. */
export function SidecarStatusPage() {
  const { sidecarId = "" } = useParams();
  const sidecar = useQuery(sidecarQueryOptions(sidecarId));
  const collectors = useQuery(collectorsQueryOptions());
  const configurations = useQuery(configurationsQueryOptions());
  const collectorName = (id: string) => collectors.data?.collectors.find((collector) => collector.id === id)?.name ?? id;
  const configurationName = (id: string) => configurations.data?.configurations.find((configuration) => configuration.id === id)?.name ?? id;
  const data = sidecar.data;
  const details = data?.node_details;
  const badge = statusBadge(details?.status?.status);
  return (
    <PageLayout title={data ? `Sidecar ${data.node_name} status` : "Sidecar status"} description="A status overview of the sidecar." topActions={<SidecarTabs />}>
      {sidecar.isError && <Text c="red">{sidecar.error.message}</Text>}
      {data && details && (
        <Stack gap="md">
          <Card withBorder>
            <Stack gap={4}>
              <Text size="sm"><b>IP Address:</b> {details.ip ?? "—"}</Text>
              <Text size="sm"><b>Operating System:</b> {details.operating_system}</Text>
              <Text size="sm"><b>CPU Idle:</b> {details.metrics?.cpu_idle ?? "—"}%</Text>
              <Text size="sm"><b>Load:</b> {details.metrics?.load_1 ?? "—"}</Text>
              <Text size="sm"><b>Status:</b> <Badge color={data.active ? badge.color : "gray"} variant="light">{data.active ? badge.title : "Inactive"}</Badge> {details.status?.message}</Text>
              <Text size="sm"><b>Last seen:</b> {new Date(data.last_seen).toLocaleString()} · <b>Version:</b> {data.sidecar_version}</Text>
            </Stack>
          </Card>
          <Title order={2} size="h4">Collectors Status</Title>
          {(details.status?.collectors.length ?? 0) === 0 ? <Text c="dimmed" size="sm">There are no collectors configured in this sidecar.</Text> : (
            <Table>
              <Table.Tbody>
                {details.status?.collectors.map((collector) => (
                  <Table.Tr key={collector.collector_id}>
                    <Table.Td>{collectorName(collector.collector_id)}</Table.Td>
                    <Table.Td><Badge color={statusBadge(collector.status).color} variant="light">{statusBadge(collector.status).title}</Badge></Table.Td>
                    <Table.Td>{collector.message}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
          <Title order={2} size="h4">Assigned configurations</Title>
          {data.assignments.length === 0 ? <Text c="dimmed" size="sm">No configurations are assigned to this sidecar.</Text> : (
            <List size="sm">
              {data.assignments.map((assignment) => (
                <List.Item key={assignment.configuration_id}>{configurationName(assignment.configuration_id)} ({collectorName(assignment.collector_id)})</List.Item>
              ))}
            </List>
          )}
          {(details.log_file_list?.length ?? 0) > 0 && (
            <>
              <Title order={2} size="h4">Log Files</Title>
              <List size="sm">{details.log_file_list?.map((file) => <List.Item key={file.path}>{file.path} ({file.size} bytes)</List.Item>)}</List>
            </>
          )}
        </Stack>
      )}
    </PageLayout>
  );
}
