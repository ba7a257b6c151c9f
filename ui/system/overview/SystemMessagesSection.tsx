import { Alert, Pagination, Table, Text } from "@mantine/core";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { SYSTEM_MESSAGES_PER_PAGE } from "../../../shared/system-messages-page.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { useMounted } from "../../common/use-mounted.ts";
import { OverviewSection } from "./OverviewSection.tsx";
import { systemMessagesQueryOptions } from "./overview-queries.ts";

/** System messages, newest first, 30 a page. */
export function SystemMessagesSection() {
  const [page, setPage] = useState(1);
  const messages = useQuery({ ...systemMessagesQueryOptions(page), placeholderData: keepPreviousData });
  const mounted = useMounted();
  const pages = Math.max(1, Math.ceil((messages.data?.total ?? 0) / SYSTEM_MESSAGES_PER_PAGE));
  return (
    <OverviewSection title="System messages">
      {messages.isError && <Alert color="red">{failureMessage(messages.error)}</Alert>}
      {messages.data?.total === 0 && <Text size="sm">No system messages.</Text>}
      {messages.data && messages.data.total > 0 && (
        <>
          <Table striped data-testid="system-messages">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Timestamp</Table.Th>
                <Table.Th>Node</Table.Th>
                <Table.Th>Message</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {messages.data.messages.map((message, position) => (
                <Table.Tr key={`${message.timestamp}-${position}`}>
                  <Table.Td style={{ whiteSpace: "nowrap" }}>{mounted ? new Date(message.timestamp).toLocaleString() : message.timestamp}</Table.Td>
                  <Table.Td>{message.node_id.slice(0, 8)}</Table.Td>
                  <Table.Td>{message.content}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {pages > 1 && <Pagination total={pages} value={page} onChange={setPage} size="sm" aria-label="System messages pages" />}
        </>
      )}
    </OverviewSection>
  );
}
