import { Badge, Table, Text } from "@mantine/core";
import { type DecorationChangeKind, decorationChanges } from "../logic/decoration-changes.ts";
import type { MessageRow } from "../logic/message-rows.ts";

interface Props {
  message: MessageRow;
}

const KIND_COLORS: Record<DecorationChangeKind, string> = { added: "green", changed: "yellow", removed: "red" };

/** 'Show changes' (spec 001 §2): the fields decorators added, changed or removed, the stored and decorated values as text. */
export function DecorationChanges({ message }: Props) {
  return (
    <Table withRowBorders={false} verticalSpacing={2} layout="fixed" data-testid="decoration-changes">
      <Table.Tbody>
        {decorationChanges(message).map((change) => (
          <Table.Tr key={`${change.kind}-${change.field}`}>
            <Table.Td w={90}><Badge size="xs" variant="light" color={KIND_COLORS[change.kind]}>{change.kind}</Badge></Table.Td>
            <Table.Td w={200}><Text size="sm" fw={600} truncate>{change.field}</Text></Table.Td>
            <Table.Td>
              <Text size="sm" style={{ wordBreak: "break-word" }}>
                {change.before !== null && <Text span td="line-through" c="dimmed">{change.before}</Text>}
                {change.before !== null && change.after !== null && " → "}
                {change.after}
              </Text>
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
