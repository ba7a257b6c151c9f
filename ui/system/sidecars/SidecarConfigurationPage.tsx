import { Anchor, Badge, Button, ColorSwatch, Group, Table, Text, Title } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { ConfirmDialog } from "../../common/confirm-dialog/ConfirmDialog.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { collectorsQueryOptions, configurationsQueryOptions, deleteCollector, deleteConfiguration, invalidateSidecars } from "./sidecar-queries.ts";
import { SidecarTabs } from "./SidecarTabs.tsx";

type Deleting = { kind: "configuration" | "collector"; id: string; name: string } | null;

/** Collectors Configuration: the configurations and the log collectors, created, edited and deleted. */
export function SidecarConfigurationPage() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const collectors = useQuery(collectorsQueryOptions());
  const configurations = useQuery(configurationsQueryOptions());
  const [deleting, setDeleting] = useState<Deleting>(null);
  const collectorById = new Map((collectors.data?.collectors ?? []).map((collector) => [collector.id, collector]));

  const remove = async () => {
    if (!deleting) return;
    try {
      await (deleting.kind === "configuration" ? deleteConfiguration(deleting.id) : deleteCollector(deleting.id));
      await invalidateSidecars(queryClient);
      toastSuccess(`${deleting.kind === "configuration" ? "Configuration" : "Collector"} "${deleting.name}" deleted`);
    } catch (error) {
      toastError(error);
    } finally {
      setDeleting(null);
    }
  };

  return (
    <PageLayout title="Collectors Configuration" description="Configurations are the collector settings your sidecars run; log collectors say how to run a collector." topActions={<SidecarTabs />}>
      <Group justify="space-between">
        <Title order={2} size="h4">Configurations</Title>
        {permissions.isPermitted("sidecar_collector_configurations:create") && (
          <Button component={Link} to={paths.sidecarConfigurationNew.href()}>Create Configuration</Button>
        )}
      </Group>
      {configurations.data?.configurations.length === 0 && <Text c="dimmed" size="sm">No configurations yet.</Text>}
      {(configurations.data?.configurations.length ?? 0) > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Configuration</Table.Th>
              <Table.Th>Collector</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {configurations.data?.configurations.map((configuration) => (
              <Table.Tr key={configuration.id}>
                <Table.Td>
                  <Group gap="xs"><ColorSwatch color={configuration.color} size={14} />{configuration.name}</Group>
                </Table.Td>
                <Table.Td>{collectorById.get(configuration.collector_id)?.name ?? configuration.collector_id}</Table.Td>
                <Table.Td>
                  <Group gap="xs" justify="flex-end">
                    <Anchor component={Link} to={paths.sidecarConfigurationEdit.href({ configurationId: configuration.id })} size="sm">Edit</Anchor>
                    <Button size="xs" color="red" variant="light" onClick={() => setDeleting({ kind: "configuration", id: configuration.id, name: configuration.name })}>Delete</Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Group justify="space-between">
        <Title order={2} size="h4">Log Collectors</Title>
        {permissions.isPermitted("sidecar_collectors:create") && <Button component={Link} to={paths.sidecarCollectorNew.href()}>Create Log Collector</Button>}
      </Group>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Operating System</Table.Th>
            <Table.Th>Service type</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {collectors.data?.collectors.map((collector) => (
            <Table.Tr key={collector.id}>
              <Table.Td>{collector.name}</Table.Td>
              <Table.Td><Badge variant="light">{collector.node_operating_system}</Badge></Table.Td>
              <Table.Td>{collector.service_type}</Table.Td>
              <Table.Td>
                <Group gap="xs" justify="flex-end">
                  <Anchor component={Link} to={paths.sidecarCollectorEdit.href({ collectorId: collector.id })} size="sm">Edit</Anchor>
                  <Button size="xs" color="red" variant="light" onClick={() => setDeleting({ kind: "collector", id: collector.id, name: collector.name })}>Delete</Button>
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmDialog opened={deleting !== null} title={`Delete ${deleting?.kind ?? ""}`} confirmColor="red" onConfirm={remove} onCancel={() => setDeleting(null)}>
        {deleting ? `You are about to delete ${deleting.kind} "${deleting.name}". Are you sure?` : ""}
      </ConfirmDialog>
    </PageLayout>
  );
}
