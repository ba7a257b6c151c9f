import { Button, Card, Code, Group, Stack, Text } from "@mantine/core";
import type { Metric } from "../../../api/schemas/metrics.ts";
import { ShareButton } from "../../sharing/ShareButton.tsx";
import type { OutputSummary } from "../../../api/schemas/outputs.ts";
import { type AvailableOutputType, configurationLines, throughputText, writtenCounts } from "./logic/output-list.ts";

interface Props {
  output: OutputSummary;
  /** Its type's description (undefined while loading or for a type this server does not run). */
  type: AvailableOutputType | undefined;
  /** The outputs' written-message meters (empty without metrics:read). */
  metrics: readonly Metric[];
  /** 'Delete from stream' on a stream's page, 'Terminate' on System → Outputs. */
  removeLabel: string;
  mayEdit: boolean;
  mayRemove: boolean;
  onEdit(): void;
  onRemove(): void;
}

/** One output: title, type, id, its throughput and configuration, with Edit and Terminate (or Delete from stream). */
export function OutputListItem({ output, type, metrics, removeLabel, mayEdit, mayRemove, onEdit, onRemove }: Props) {
  return (
    <Card withBorder padding="md" data-testid="output-row" aria-label={output.title}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Group gap="xs">
            <Text fw={600}>{output.title}</Text>
            <Text c="dimmed" size="sm">({type?.name ?? output.type})</Text>
          </Group>
          <Text size="sm" c="dimmed">id <Code>{output.id}</Code> · created by {output.creator_user_id}</Text>
          <Text size="sm" data-testid="output-throughput">{throughputText(writtenCounts(metrics, output))}</Text>
          <Stack gap={0} data-testid="output-configuration">
            {configurationLines(output, type).map((line) => (
              <Text key={line.label} size="sm">{line.label}: <Code>{line.value}</Code></Text>
            ))}
          </Stack>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          <ShareButton grnType="output" entityType="output" entityId={output.id} entityTitle={output.title} />
          {mayEdit && <Button size="xs" variant="default" onClick={onEdit}>Edit</Button>}
          {mayRemove && <Button size="xs" variant="default" color="red" onClick={onRemove}>{removeLabel}</Button>}
        </Group>
      </Group>
    </Card>
  );
}
