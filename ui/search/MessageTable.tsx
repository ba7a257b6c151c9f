import { Box, Group, Pagination, ScrollArea, Table, Text, UnstyledButton } from "@mantine/core";
import { IconSortAscending, IconSortDescending } from "@tabler/icons-react";
import { Fragment, useState } from "react";
import { HighlightedText } from "./HighlightedText.tsx";
import { LEVEL_COLORS } from "./logic/levels.ts";
import { fieldText, type MessageRow } from "./logic/message-rows.ts";
import { pagingModel } from "./logic/paging.ts";
import type { SortOrder } from "./logic/search-request.ts";
import { formatTimestamp } from "./logic/time-format.ts";
import { MessageDetails } from "./MessageDetails.tsx";

interface Props {
  messages: readonly MessageRow[];
  total: number;
  page: number;
  pageSize: number;
  resultWindowLimit: number;
  onPageChange: (page: number) => void;
  sort: SortOrder;
  onSortChange: (sort: SortOrder) => void;
  timezone: string;
  /** Fields the user added to the table (sidebar 'Add to table'), shown as columns after source. */
  extraFields?: readonly string[];
}

/**
 * 'All Messages': timestamp and source columns with the message on its own row, sticky header, sort on the
 * timestamp, paging by limit/offset, rows that expand into message details (spec 001 §4, §9).
 */
export function MessageTable({ messages, total, page, pageSize, resultWindowLimit, onPageChange, sort, onSortChange, timezone, extraFields = [] }: Props) {
  const columnCount = 2 + extraFields.length;
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const paging = pagingModel(total, pageSize, resultWindowLimit);
  const toggle = (id: string) => {
    // A click that ends a text selection is not a toggle (spec 001 §4 'Message row').
    if ((globalThis.getSelection?.()?.toString() ?? "") !== "") return;
    setExpanded((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  };
  const SortIcon = sort === "DESC" ? IconSortDescending : IconSortAscending;
  return (
    <Box>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Text size="sm" c="dimmed" data-testid="message-total">
          {total === 0 ? "No messages found" : `Showing ${pageSize * (page - 1) + 1}–${pageSize * (page - 1) + messages.length} of ${total} messages`}
        </Text>
        {paging.pageCount > 1 && <Pagination size="sm" total={paging.pageCount} value={page} onChange={onPageChange} aria-label="Message table pages" />}
      </Group>
      {paging.windowText && <Text size="xs" c="yellow.8" mb="xs">{paging.windowText}</Text>}
      <ScrollArea.Autosize mah={720} type="auto">
        <Table stickyHeader highlightOnHover withRowBorders={false} layout="fixed" data-testid="message-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={220}>
                <UnstyledButton onClick={() => onSortChange(sort === "DESC" ? "ASC" : "DESC")} aria-label={`timestamp, sorted ${sort === "DESC" ? "descending" : "ascending"}`}>
                  <Group gap={4} wrap="nowrap">
                    <Text size="sm" fw={700}>timestamp</Text>
                    <SortIcon size={14} />
                  </Group>
                </UnstyledButton>
              </Table.Th>
              <Table.Th><Text size="sm" fw={700}>source</Text></Table.Th>
              {extraFields.map((field) => (
                <Table.Th key={field} data-testid="extra-column"><Text size="sm" fw={700} truncate>{field}</Text></Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {messages.map((message) => {
              const open = expanded.has(message.id);
              const levelColor = message.level ? `var(--mantine-color-${LEVEL_COLORS[message.level.tone]}-filled)` : "transparent";
              const rowStyle = { cursor: "pointer", borderLeft: `3px solid ${levelColor}` };
              return (
                <Fragment key={message.id}>
                  <Table.Tr onClick={() => toggle(message.id)} style={rowStyle} data-testid="message-row" aria-expanded={open}>
                    <Table.Td style={{ whiteSpace: "nowrap" }}>
                      <Text size="sm" ff="monospace">{formatTimestamp(message.timestamp, timezone)}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" truncate><HighlightedText text={message.source} ranges={message.highlightRanges.source} /></Text>
                    </Table.Td>
                    {extraFields.map((field) => (
                      <Table.Td key={field} data-field={field}>
                        <Text size="sm" truncate>
                          <HighlightedText text={fieldText(message.raw[field])} ranges={message.highlightRanges[field] ?? []} />
                        </Text>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                  <Table.Tr onClick={() => toggle(message.id)} style={{ ...rowStyle, borderBottom: "1px solid var(--mantine-color-default-border)" }}>
                    <Table.Td colSpan={columnCount} pt={0}>
                      <Text size="sm" lineClamp={4} ff="monospace" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word" }} data-testid="message-text">
                        <HighlightedText text={message.message} ranges={message.highlightRanges.message} />
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                  {open && (
                    <Table.Tr style={{ borderLeft: `3px solid ${levelColor}`, borderBottom: "1px solid var(--mantine-color-default-border)" }}>
                      <Table.Td colSpan={columnCount}>
                        <MessageDetails message={message} timezone={timezone} />
                      </Table.Td>
                    </Table.Tr>
                  )}
                </Fragment>
              );
            })}
          </Table.Tbody>
        </Table>
      </ScrollArea.Autosize>
    </Box>
  );
}
