import { Button, Group, Select, Table, Text } from "@mantine/core";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { usePermissions } from "../../session/current-user.tsx";
import { NO_SIDECARS } from "./logic/sidecar-texts.ts";
import { administrationQueryOptions, assignConfigurations, collectorAction, collectorsQueryOptions, configurationsQueryOptions, invalidateSidecars } from "./sidecar-queries.ts";
import { SidecarTabs } from "./SidecarTabs.tsx";

/** Collectors Administration: each sidecar with the collectors its operating system runs, and the configuration assigned to each. */
export function SidecarAdministrationPage() {
  const queryClient = useQueryClient();
  const permissions = usePermissions();
  const sidecars = useQuery(administrationQueryOptions(null));
  const collectors = useQuery(collectorsQueryOptions());
  const configurations = useQuery(configurationsQueryOptions());
  const collectorById = new Map((collectors.data?.collectors ?? []).map((collector) => [collector.id, collector]));
  const list = sidecars.data?.sidecars ?? [];
  const editable = permissions.isPermitted("sidecars:update");

  const assign = async (nodeId: string, collectorId: string, configurationId: string | null) => {
    const sidecar = list.find((candidate) => candidate.node_id === nodeId);
    if (!sidecar) return;
    const others = sidecar.assignments.filter((assignment) => assignment.collector_id !== collectorId)
      .map(({ collector_id, configuration_id }) => ({ collector_id, configuration_id, assigned_from_tags: [] }));
    const assignments = configurationId ? [...others, { collector_id: collectorId, configuration_id: configurationId, assigned_from_tags: [] }] : others;
    try {
      await assignConfigurations({ nodes: [{ node_id: nodeId, assignments }] });
      await invalidateSidecars(queryClient);
      toastSuccess(`Configuration change for sidecar ${sidecar.node_name} saved`);
    } catch (error) {
      toastError(error);
    }
  };

  const restart = async (nodeId: string, collectorId: string) => {
    try {
      await collectorAction({ action: "restart", collectors: [{ sidecar_id: nodeId, collector_ids: [collectorId] }] });
      toastSuccess("Restart requested: the sidecar restarts the collector with its next check-in.");
    } catch (error) {
      toastError(error);
    }
  };

  return (
    <PageLayout title="Collectors Administration" description="Assign configurations to the collectors your sidecars run." topActions={<SidecarTabs />}>
      {sidecars.isSuccess && list.length === 0 && <Text c="dimmed">{NO_SIDECARS}</Text>}
      {list.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sidecar</Table.Th>
              <Table.Th>Collector</Table.Th>
              <Table.Th>Configuration</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.flatMap((sidecar) =>
              (sidecar.collectors ?? []).map((collectorId) => {
                const assigned = sidecar.assignments.find((assignment) => assignment.collector_id === collectorId)?.configuration_id ?? null;
                const choices = (configurations.data?.configurations ?? []).filter((configuration) => configuration.collector_id === collectorId)
                  .map((configuration) => ({ value: configuration.id, label: configuration.name }));
                return (
                  <Table.Tr key={`${sidecar.node_id}:${collectorId}`}>
                    <Table.Td>{sidecar.node_name}</Table.Td>
                    <Table.Td>{collectorById.get(collectorId)?.name ?? collectorId}</Table.Td>
                    <Table.Td>
                      <Select
                        aria-label={`Configuration of ${collectorById.get(collectorId)?.name ?? collectorId} on ${sidecar.node_name}`}
                        placeholder="No configuration"
                        data={choices}
                        value={assigned}
                        onChange={(value) => assign(sidecar.node_id, collectorId, value)}
                        disabled={!editable}
                        clearable
                        w={260}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group justify="flex-end">
                        {editable && assigned && <Button size="xs" variant="default" onClick={() => restart(sidecar.node_id, collectorId)}>Restart</Button>}
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })
            )}
          </Table.Tbody>
        </Table>
      )}
    </PageLayout>
  );
}
