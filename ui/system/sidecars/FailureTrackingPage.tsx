import { Anchor, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { NO_FAILURES } from "./logic/sidecar-texts.ts";
import { administrationQueryOptions, collectorsQueryOptions } from "./sidecar-queries.ts";
import { SidecarTabs } from "./SidecarTabs.tsx";

/** Sidecar failure tracking: the sidecars whose status is failing, with each failing collector's message. */
export function FailureTrackingPage() {
  const failing = useQuery(administrationQueryOptions("failing"));
  const collectors = useQuery(collectorsQueryOptions());
  const collectorName = (id: string) => collectors.data?.collectors.find((collector) => collector.id === id)?.name ?? id;
  const list = failing.data?.sidecars ?? [];
  return (
    <PageLayout title="Sidecar failure tracking" description="The sidecars whose collectors fail, with what they report." topActions={<SidecarTabs />}>
      {failing.isSuccess && list.length === 0 && <Text c="dimmed">{NO_FAILURES}</Text>}
      {list.length > 0 && (
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sidecar</Table.Th>
              <Table.Th>Message</Table.Th>
              <Table.Th>Collectors</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((sidecar) => (
              <Table.Tr key={sidecar.node_id}>
                <Table.Td><Anchor component={Link} to={paths.sidecarStatus.href({ sidecarId: sidecar.node_id })}>{sidecar.node_name}</Anchor></Table.Td>
                <Table.Td>{sidecar.node_details.status?.message}</Table.Td>
                <Table.Td>
                  {sidecar.node_details.status?.collectors.filter((collector) => collector.status === 2)
                    .map((collector) => `${collectorName(collector.collector_id)}: ${collector.message}`).join("; ")}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </PageLayout>
  );
}
