import { Alert, Badge, Button, Group, Table, Text, TextInput } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Link, useParams } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { filterMetricNames, metricRow } from "./logic/metric-rows.ts";
import { metricNamesQueryOptions, nodeMetricsQueryOptions } from "./node-queries.ts";

/** The most metrics read at once (the API takes up to 500 names per call). */
const SHOWN = 200;

/** /system/metrics/node/{id}: every metric of a node, filterable by name, with live values (every 2 s). */
export function NodeMetricsPage() {
  const { nodeId = "" } = useParams();
  const [filter, setFilter] = useState("");
  const [debounced] = useDebouncedValue(filter, 200);
  const names = useQuery(metricNamesQueryOptions(nodeId));
  const matching = filterMetricNames(names.data?.names ?? [], debounced);
  const metrics = useQuery({ ...nodeMetricsQueryOptions(nodeId, matching.slice(0, SHOWN)), enabled: names.isSuccess, placeholderData: keepPreviousData });
  const rows = (metrics.data?.metrics ?? []).map(metricRow);

  return (
    <PageLayout
      title="Metrics"
      description="All metrics of this node, updated every two seconds. Durations are measured in microseconds and shown in milliseconds."
      topActions={<Button variant="default" component={Link} to={paths.node.href({ nodeId })}>Node details</Button>}
    >
      <TextInput
        label="Filter metrics"
        placeholder="Type a part of the metric name, e.g. throughput"
        value={filter}
        onChange={(event) => setFilter(event.currentTarget.value)}
        maw={480}
      />
      {names.isError && <Alert color="red">{failureMessage(names.error)}</Alert>}
      {names.data && (
        <Text size="sm" c="dimmed" data-testid="metric-count">
          {matching.length} of {names.data.names.length} metrics{matching.length > SHOWN ? `, the first ${SHOWN} shown` : ""}.
        </Text>
      )}
      <Table striped withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Metric</Table.Th>
            <Table.Th>Type</Table.Th>
            <Table.Th>Values</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.fullName} data-testid="metric-row">
              <Table.Td><Text ff="monospace" size="sm">{row.fullName}</Text></Table.Td>
              <Table.Td><Badge variant="light" style={{ overflow: "visible" }} miw={96}>{row.type}</Badge></Table.Td>
              <Table.Td>
                <Group gap="md">
                  {row.figures.map((figure) => (
                    <Text key={figure.label} size="sm"><Text span c="dimmed" size="sm">{figure.label}:</Text> {figure.value}</Text>
                  ))}
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
          {names.data && matching.length === 0 && (
            <Table.Tr><Table.Td colSpan={3}><Text size="sm" c="dimmed">No metric matches this filter.</Text></Table.Td></Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </PageLayout>
  );
}
