import { ActionIcon, Group, Paper, Stack, Text, Title, Tooltip } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";

interface Props {
  title: string;
  /** Label of the section's add button ('Add a metric'); no button when absent. */
  addLabel?: string;
  onAdd?(): void;
  /** A section-level validation text (e.g. 'Bar Chart requires at least one metric'). */
  error?: string;
  children: ReactNode;
}

/** One section of the aggregation editor (Group By, Metrics, Sort, Visualization) with its add button. */
export function EditorSection({ title, addLabel, onAdd, error, children }: Props) {
  return (
    <Paper withBorder p="xs" component="section" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h6">{title}</Title>
          {addLabel && onAdd && (
            <Tooltip label={addLabel}>
              <ActionIcon variant="subtle" size="sm" aria-label={addLabel} onClick={onAdd}>
                <IconPlus size={16} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
        {children}
        {error && <Text size="xs" c="red" role="alert">{error}</Text>}
      </Stack>
    </Paper>
  );
}
