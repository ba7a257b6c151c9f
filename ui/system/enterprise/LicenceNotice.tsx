import { Alert, Anchor, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { systemInfoQueryOptions } from "../../shell/shell-queries.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";

/** The documentation of the features an enterprise licence and plugin unlock. */
export const ENTERPRISE_DOCUMENTATION = "https://go2docs.graylog.org/5-1/what_more_can_graylog_do_for_me/graylog_enterprise.htm";
export const SECURITY_DOCUMENTATION = "https://go2docs.graylog.org/5-1/what_more_can_graylog_do_for_me/graylog_security.htm";

interface Props {
  title: string;
  /** What the licensed plugin would add, in a sentence. */
  features: string;
  documentation: string;
}

/**
 * The page of a licensed feature set (/system/enterprise, /security): no enterprise plugin is installed, so it says
 * so, points to the documentation, and names the installation a licence would be issued for.
 */
export function LicenceNotice({ title, features, documentation }: Props) {
  const system = useQuery(systemInfoQueryOptions());
  return (
    <PageLayout title={title} description={features}>
      <Stack gap="md">
        <Alert color="blue" title="Enterprise licence required" data-testid="licence-notice">
          <Text size="sm">
            These features need an enterprise licence and the enterprise plugin. No enterprise plugin is installed on this cluster, so no
            licence can be applied. Read about them in the{" "}
            <Anchor href={documentation} target="_blank" rel="noopener noreferrer">documentation</Anchor>.
          </Text>
        </Alert>
        {system.data && (
          <Table withTableBorder data-testid="installation">
            <Table.Tbody>
              <Table.Tr><Table.Th>Cluster ID</Table.Th><Table.Td>{system.data.cluster_id.toUpperCase()}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>Version</Table.Th><Table.Td>{system.data.version}</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>Node</Table.Th><Table.Td>{system.data.node_id} ({system.data.hostname})</Table.Td></Table.Tr>
              <Table.Tr><Table.Th>Licence</Table.Th><Table.Td>None installed</Table.Td></Table.Tr>
            </Table.Tbody>
          </Table>
        )}
      </Stack>
    </PageLayout>
  );
}
