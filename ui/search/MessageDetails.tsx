import { Anchor, Badge, Box, Code, Group, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { useState } from "react";
import { Link } from "react-router";
import { paths } from "../../routes/paths.ts";
import { CopyButton } from "../common/copy-button/CopyButton.tsx";
import { HighlightedText } from "./HighlightedText.tsx";
import { LEVEL_COLORS } from "./logic/levels.ts";
import type { MessageRow } from "./logic/message-rows.ts";
import { formatTimestamp } from "./logic/time-format.ts";

interface Props {
  message: MessageRow;
  timezone: string;
  /** Hide the permalink on the message page itself. */
  showPermalink?: boolean;
}

/**
 * An expanded message (spec 001 §2 'Message details'): every field and its value as text, Permalink, Copy ID,
 * Copy message; beyond Graylog a pretty JSON view.
 */
export function MessageDetails({ message, timezone, showPermalink = true }: Props) {
  const [view, setView] = useState<"fields" | "json">("fields");
  const json = JSON.stringify(message.raw, null, 2);
  return (
    <Stack gap="sm" py="xs" data-testid="message-details">
      <Group justify="space-between" wrap="wrap">
        <Stack gap={2}>
          <Text fw={600} size="sm">{message.id}</Text>
          <Text size="xs" c="dimmed">
            {formatTimestamp(message.timestamp, timezone)} · Stored in index {message.index ?? "Not stored"}
          </Text>
        </Stack>
        <Group gap="xs">
          {message.level && <Badge color={LEVEL_COLORS[message.level.tone]} variant="light">{message.level.name}</Badge>}
          <SegmentedControl
            size="xs"
            value={view}
            onChange={(next) => setView(next as "fields" | "json")}
            data={[{ value: "fields", label: "Fields" }, { value: "json", label: "JSON" }]}
            aria-label="Message view"
          />
          {showPermalink && message.index && (
            <Anchor component={Link} to={paths.message.href({ index: message.index, messageId: message.id })} size="sm">
              Permalink
            </Anchor>
          )}
          <CopyButton text={message.id} title="Copy ID">Copy ID</CopyButton>
          <CopyButton text={json} title="Copy message">Copy message</CopyButton>
        </Group>
      </Group>
      {view === "json"
        ? <Code block data-testid="message-json" style={{ maxHeight: 480, overflow: "auto" }}>{json}</Code>
        : (
          <Table withRowBorders={false} verticalSpacing={2} layout="fixed" data-testid="message-fields">
            <Table.Tbody>
              {message.fields.map((field) => (
                <Table.Tr key={field.name}>
                  <Table.Th w={220} style={{ verticalAlign: "top" }}>
                    <Text size="sm" fw={600} truncate title={field.name}>{field.name}</Text>
                  </Table.Th>
                  <Table.Td>
                    <Box component="span" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", fontSize: "var(--mantine-font-size-sm)" }}>
                      <HighlightedText text={field.value} ranges={message.highlightRanges[field.name]} />
                    </Box>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        )}
    </Stack>
  );
}
