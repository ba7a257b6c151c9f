import { Alert, Group, Loader, Progress, SegmentedControl, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { failureMessage } from "../../api/fetch-error.ts";
import { PageLayout } from "../../shell/PageLayout.tsx";
import { DEFAULT_SOURCE_RANGE, SOURCE_RANGES, type SourceRange, sourceRows } from "./logic/source-ranges.ts";
import { sourceCountsQueryOptions } from "./sources-queries.ts";

const number = new Intl.NumberFormat("en-US");

/** /sources: which hosts sent how many messages over a chosen range, as a table with a bar per source. */
export function SourcesPage() {
  const [range, setRange] = useState<SourceRange>(DEFAULT_SOURCE_RANGE);
  const counts = useQuery(sourceCountsQueryOptions(range));
  const rows = counts.data ? sourceRows(counts.data.datarows) : [];
  return (
    <PageLayout
      title="Sources"
      description="A list of all sources that sent messages in the selected time range, with how many each sent and their share of all messages."
    >
      <Group justify="space-between" mb="md">
        <SegmentedControl aria-label="Range" data={[...SOURCE_RANGES]} value={range} onChange={(value) => setRange(value as SourceRange)} />
        {counts.isFetching && <Loader size="sm" />}
      </Group>
      {counts.isError && <Alert color="red">{failureMessage(counts.error)}</Alert>}
      {counts.data && rows.length === 0 && <Text size="sm">No sources sent messages in this time range.</Text>}
      {rows.length > 0 && (
        <Table striped data-testid="sources">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Source</Table.Th>
              <Table.Th w="45%">Share</Table.Th>
              <Table.Th style={{ textAlign: "right" }}>Percentage</Table.Th>
              <Table.Th style={{ textAlign: "right" }}>Message count</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.source} data-testid="source-row">
                <Table.Td>{row.source}</Table.Td>
                <Table.Td><Progress value={row.percentage} aria-label={`${row.source} share`} /></Table.Td>
                <Table.Td style={{ textAlign: "right" }}>{row.percentage.toFixed(2)}%</Table.Td>
                <Table.Td style={{ textAlign: "right" }}>{number.format(row.count)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </PageLayout>
  );
}
