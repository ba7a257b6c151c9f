import { Code, Stack, Table, Text } from "@mantine/core";
import { useQueries, useQuery } from "@tanstack/react-query";
import type { StoredEvent } from "../../api/schemas/events.ts";
import { failureMessage } from "../api/fetch-error.ts";
import { resourceQueryOptions } from "../api/resource-query.ts";
import { definitionQueryOptions } from "./alert-queries.ts";
import { EVENT_MESSAGES_LIMIT, eventMessagesSearches, newestMessages, type TriggeringScope } from "./logic/event-messages.ts";

interface Props {
  event: StoredEvent;
}

/**
 * The event details' 'Messages' (issue 15 item 5): the newest messages that triggered the event, i.e. its
 * definition's search over the event's window for its group-by key.
 */
export function EventMessages({ event }: Props) {
  const definition = useQuery(definitionQueryOptions(event.event_definition_id));
  if (definition.isError) return <Text size="sm" c="dimmed">The event definition was not found: its messages cannot be looked up.</Text>;
  if (!definition.data) return <Text size="sm" c="dimmed">Loading messages…</Text>;
  const scope: TriggeringScope = {
    query: definition.data.config.query,
    streams: definition.data.config.streams,
    groupByFields: event.group_by_fields,
    timerangeStart: event.timerange_start,
    timerangeEnd: event.timerange_end,
  };
  return <TriggeringMessages scope={scope} />;
}

function TriggeringMessages({ scope }: { scope: TriggeringScope }) {
  const searches = eventMessagesSearches(scope) ?? [];
  const answers = useQueries({
    queries: searches.map((search) =>
      resourceQueryOptions("/search/universal/absolute", {
        query: { ...search, limit: EVENT_MESSAGES_LIMIT, sort: "timestamp:desc", fields: "timestamp,source,message" },
      })
    ),
  });
  if (searches.length === 0) return null;
  const failed = answers.find((answer) => answer.isError);
  const messages = answers.every((answer) => answer.data) ? newestMessages(answers.map((answer) => answer.data!.messages)) : null;
  return (
    <Stack gap={4} data-testid="event-messages">
      <Text size="sm" fw={700}>Messages</Text>
      {failed && <Text size="sm" c="red">{failureMessage(failed.error)}</Text>}
      {!failed && messages === null && <Text size="sm" c="dimmed">Loading messages…</Text>}
      {messages?.length === 0 && <Text size="sm" c="dimmed">No messages in the event's search window.</Text>}
      {messages && messages.length > 0 && (
        <Table withTableBorder fz="xs">
          <Table.Thead>
            <Table.Tr><Table.Th>Timestamp</Table.Th><Table.Th>Source</Table.Th><Table.Th>Message</Table.Th></Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messages.map((message) => (
              <Table.Tr key={String(message._id)} data-testid="event-message">
                <Table.Td style={{ whiteSpace: "nowrap" }}><Code>{String(message.timestamp)}</Code></Table.Td>
                <Table.Td>{String(message.source ?? "")}</Table.Td>
                <Table.Td>{String(message.message ?? "")}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
