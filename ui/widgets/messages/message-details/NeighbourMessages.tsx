import { Alert, Group, Loader, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { errorToastText } from "../../../api/fetch-error.ts";
import type { MessageRow } from "../logic/message-rows.ts";
import { NEIGHBOUR_COUNTS } from "../logic/neighbour-messages.ts";
import { formatTimestamp } from "../../../common/time-format.ts";
import { neighbourMessagesQueryOptions } from "./message-details-queries.ts";

interface Props {
  message: MessageRow;
  timezone: string;
}

/**
 * ±N surrounding messages by position (beyond Graylog): the messages stored right before and after this one,
 * whatever the query, as a small inline list with the message itself marked.
 */
export function NeighbourMessages({ message, timezone }: Props) {
  const [count, setCount] = useState<number>(NEIGHBOUR_COUNTS[0]);
  const neighbours = useQuery(neighbourMessagesQueryOptions(message, count));
  const row = (entry: MessageRow, current: boolean) => (
    <Table.Tr key={entry.id} bg={current ? "var(--mantine-primary-color-light)" : undefined} data-testid={current ? "neighbour-current" : "neighbour-message"}>
      <Table.Td w={220} style={{ whiteSpace: "nowrap" }}>
        <Text size="xs" ff="monospace">{formatTimestamp(entry.timestamp, timezone)}</Text>
      </Table.Td>
      <Table.Td w={160}><Text size="xs" truncate>{entry.source}</Text></Table.Td>
      <Table.Td><Text size="xs" ff="monospace" truncate>{entry.message}</Text></Table.Td>
    </Table.Tr>
  );
  return (
    <Stack gap={4} data-testid="neighbour-messages">
      <Group gap="xs">
        <Text size="sm" fw={600}>Messages around this one</Text>
        <SegmentedControl
          size="xs"
          value={String(count)}
          onChange={(value) => setCount(Number(value))}
          data={NEIGHBOUR_COUNTS.map((n) => ({ value: String(n), label: `±${n}` }))}
          aria-label="Number of messages before and after"
        />
        {neighbours.isFetching && <Loader size="xs" />}
      </Group>
      {neighbours.isError && <Alert color="red" py={6}>{errorToastText(neighbours.error)}</Alert>}
      {neighbours.data && (
        <Table withRowBorders={false} verticalSpacing={1} layout="fixed">
          <Table.Tbody>
            {neighbours.data.before.map((entry) => row(entry, false))}
            {row(message, true)}
            {neighbours.data.after.map((entry) => row(entry, false))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
