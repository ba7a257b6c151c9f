import { Badge, Box, Button, Code, Group, SegmentedControl, Stack, Table, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { IconLink } from "@tabler/icons-react";
import { useState } from "react";
import { Link } from "react-router";
import type { FieldTypeMapping } from "../../../api/schemas/search-support.ts";
import type { StreamSummary } from "../../../api/schemas/streams.ts";
import { paths } from "../../../shared/paths.ts";
import { CopyButton } from "../../common/copy-button/CopyButton.tsx";
import { DecoratedValue } from "../../decorators/DecoratedValue.tsx";
import { HighlightedText } from "./HighlightedText.tsx";
import { isDecorated } from "./logic/decoration-changes.ts";
import { LEVEL_COLORS } from "./logic/levels.ts";
import { toggleColumn } from "./logic/message-columns.ts";
import type { MessageRow } from "./logic/message-rows.ts";
import { formatTimestamp } from "../../common/time-format.ts";
import { DecorationChanges } from "./message-details/DecorationChanges.tsx";
import { FieldActionsMenu } from "./message-details/FieldActionsMenu.tsx";
import { NeighbourMessages } from "./message-details/NeighbourMessages.tsx";
import { StreamTestMenu } from "./message-details/StreamTestMenu.tsx";
import { SurroundingMessagesMenu } from "./message-details/SurroundingMessagesMenu.tsx";
import { ValueActionsMenu } from "./message-details/ValueActionsMenu.tsx";
import { streamsQueryOptions } from "../../view/search-support-queries.ts";
import { useOptionalCurrentUser } from "../../session/current-user.tsx";
import { isPermitted } from "../../../shared/permissions.ts";

export interface MessageDetailsProps {
  message: MessageRow;
  timezone: string;
  /** Hide the permalink on the message page itself. */
  showPermalink?: boolean;
  /** The columns of the table the message is shown in; with onTableFieldsChange, 'Add to / Remove from table'. */
  tableFields?: readonly string[];
  onTableFieldsChange?: (fields: string[]) => void;
  /** The page's query; with onQueryChange, the value actions 'Add to query' and 'Exclude from results'. */
  query?: string;
  onQueryChange?: (query: string) => void;
  onShowTopValues?: (field: string) => void;
  onShowStatistics?: (field: string) => void;
  /** Field types, for the field menu's label. */
  fieldTypes?: readonly FieldTypeMapping[];
  /** Streams for 'Test against stream'; the readable streams are fetched when not given. */
  streams?: readonly StreamSummary[];
}

type DetailsView = "fields" | "json" | "around";

/**
 * An expanded message (spec 001 §2 'Message details'): every field with field and value actions, Show changes,
 * Permalink, Copy ID, Copy message, surrounding messages and 'Test against stream'; beyond Graylog a pretty JSON
 * view and the messages stored around it. Log content is rendered as text only.
 */
export function MessageDetails(props: MessageDetailsProps) {
  const { message, timezone, showPermalink = true, tableFields = [], onTableFieldsChange, fieldTypes = [] } = props;
  const [view, setView] = useState<DetailsView>("fields");
  const [showChanges, setShowChanges] = useState(false);
  const fetchedStreams = useQuery({ ...streamsQueryOptions(), enabled: props.streams === undefined });
  const streams = props.streams ?? fetchedStreams.data?.streams ?? [];
  const json = JSON.stringify(message.raw, null, 2);
  const typeOf = (field: string) => fieldTypes.find((entry) => entry.name === field)?.type.type;
  const user = useOptionalCurrentUser();
  const inputId = typeof message.raw.gl2_source_input === "string" ? message.raw.gl2_source_input : null;
  // The create-extractor value action: for a stored message an input received, to users who may edit that input.
  const extractorExample = (field: string) =>
    inputId && message.index && user && isPermitted(user.permissions, `inputs:edit:${inputId}`)
      ? { inputId, field, index: message.index, messageId: message.id }
      : undefined;
  const toggleTableField = onTableFieldsChange ? (field: string) => onTableFieldsChange(toggleColumn(tableFields, field)) : undefined;
  return (
    <Stack gap="sm" py="xs" data-testid="message-details">
      <Group justify="space-between" wrap="wrap" align="flex-start">
        <Stack gap={2}>
          <Text fw={600} size="sm">{message.id}</Text>
          <Text size="xs" c="dimmed">
            {formatTimestamp(message.timestamp, timezone)} · Stored in index {message.index ?? "Not stored"}
          </Text>
        </Stack>
        <Group gap="xs" wrap="wrap" justify="flex-end">
          {message.level && <Badge color={LEVEL_COLORS[message.level.tone]} variant="light">{message.level.name}</Badge>}
          {isDecorated(message) && (
            <Button size="xs" variant={showChanges ? "filled" : "default"} onClick={() => setShowChanges((open) => !open)} aria-pressed={showChanges}>
              Show changes
            </Button>
          )}
          {showPermalink && message.index && (
            <Button
              size="xs"
              variant="default"
              component={Link}
              to={paths.message.href({ index: message.index, messageId: message.id })}
              leftSection={<IconLink size={14} />}
            >
              Permalink
            </Button>
          )}
          <CopyButton text={message.id} title="Copy ID">Copy ID</CopyButton>
          <CopyButton text={json} title="Copy message">Copy message</CopyButton>
          <SurroundingMessagesMenu timestamp={message.timestamp} fields={message.raw} />
          <StreamTestMenu streams={streams} fields={message.raw} />
        </Group>
      </Group>
      {showChanges && <DecorationChanges message={message} />}
      <SegmentedControl
        size="xs"
        style={{ alignSelf: "flex-start" }}
        value={view}
        onChange={(next) => setView(next as DetailsView)}
        data={[{ value: "fields", label: "Fields" }, { value: "json", label: "JSON" }, { value: "around", label: "Around" }]}
        aria-label="Message view"
      />
      {view === "json" && <Code block data-testid="message-json" style={{ maxHeight: 480, overflow: "auto" }}>{json}</Code>}
      {view === "around" && <NeighbourMessages message={message} timezone={timezone} />}
      {view === "fields" && (
        <Table withRowBorders={false} verticalSpacing={2} layout="fixed" data-testid="message-fields">
          <Table.Tbody>
            {message.fields.map((field) => (
              <Table.Tr key={field.name}>
                <Table.Th w={220} style={{ verticalAlign: "top" }}>
                  <FieldActionsMenu
                    field={field.name}
                    type={typeOf(field.name)}
                    inTable={tableFields.includes(field.name)}
                    onShowTopValues={props.onShowTopValues}
                    onShowStatistics={props.onShowStatistics}
                    onToggleTableField={toggleTableField}
                  >
                    <Text size="sm" fw={600} truncate title={field.name}>{field.name}</Text>
                  </FieldActionsMenu>
                </Table.Th>
                <Table.Td>
                  <ValueActionsMenu
                    field={field.name}
                    value={field.value}
                    query={props.query}
                    onQueryChange={props.onQueryChange}
                    extractorExample={extractorExample(field.name)}
                  >
                    <Box component="span" style={{ whiteSpace: "pre-wrap", wordBreak: "break-word", fontSize: "var(--mantine-font-size-sm)" }}>
                      <DecoratedValue value={message.raw[field.name]}>
                        <HighlightedText text={field.value} ranges={message.highlightRanges[field.name]} />
                      </DecoratedValue>
                    </Box>
                  </ValueActionsMenu>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </Stack>
  );
}
