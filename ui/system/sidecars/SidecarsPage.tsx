import { Anchor, Badge, Checkbox, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { INCLUDE_INACTIVE, NO_SIDECARS, SIDECARS_DESCRIPTION, statusBadge } from "./logic/sidecar-texts.ts";
import { sidecarsQueryOptions } from "./sidecar-queries.ts";
import { SidecarTabs } from "./SidecarTabs.tsx";

/** System → Sidecars: the registered sidecars with their status, refreshed every 5 s; inactive ones on request. */
export function SidecarsPage() {
  const [includeInactive, setIncludeInactive] = useState(false);
  const sidecars = useQuery(sidecarsQueryOptions(!includeInactive));
  const list = sidecars.data?.sidecars ?? [];
  return (
    <PageLayout title="Sidecars Overview" description={SIDECARS_DESCRIPTION} topActions={<SidecarTabs />}>
      <Checkbox label={INCLUDE_INACTIVE} checked={includeInactive} onChange={(event) => setIncludeInactive(event.currentTarget.checked)} />
      {sidecars.isSuccess && list.length === 0 && <Text c="dimmed">{NO_SIDECARS}</Text>}
      {list.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Sidecar</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Operating System</Table.Th>
              <Table.Th>Last Seen</Table.Th>
              <Table.Th>Node Id</Table.Th>
              <Table.Th>Sidecar Version</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {list.map((sidecar) => {
              const badge = sidecar.active ? statusBadge(sidecar.node_details.status?.status) : { title: "Inactive", color: "gray" };
              return (
                <Table.Tr key={sidecar.node_id}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.sidecarStatus.href({ sidecarId: sidecar.node_id })}>{sidecar.node_name}</Anchor>
                  </Table.Td>
                  <Table.Td><Badge color={badge.color} variant="light">{badge.title}</Badge></Table.Td>
                  <Table.Td>{sidecar.node_details.operating_system}</Table.Td>
                  <Table.Td>{new Date(sidecar.last_seen).toLocaleString()}</Table.Td>
                  <Table.Td><Text size="sm" ff="monospace">{sidecar.node_id}</Text></Table.Td>
                  <Table.Td>{sidecar.sidecar_version}</Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      )}
    </PageLayout>
  );
}
