import { ActionIcon, Box, Group, Paper, Stack } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";

interface Props<T> {
  items: readonly T[];
  itemKey(item: T): string;
  /** Names an item for the reorder and remove buttons ('Grouping 2'). */
  itemLabel(index: number): string;
  onMove(from: number, to: number): void;
  onRemove(index: number): void;
  renderItem(item: T, index: number): ReactNode;
}

/**
 * Items that can be reordered by dragging their grip or with up/down buttons, and removed. Native drag and drop
 * keeps us free of a drag library; only the grip starts a drag so text in the inputs stays selectable.
 */
export function SortableList<T>({ items, itemKey, itemLabel, onMove, onRemove, renderItem }: Props<T>) {
  const [armed, setArmed] = useState<number | null>(null);
  const [dragged, setDragged] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const endDrag = () => {
    setArmed(null);
    setDragged(null);
    setOver(null);
  };
  return (
    <Stack gap="xs">
      {items.map((item, index) => (
        <Paper
          key={itemKey(item)}
          withBorder
          p="xs"
          draggable={armed === index}
          data-drop-target={over === index && dragged !== index ? "" : undefined}
          style={over === index && dragged !== null && dragged !== index
            ? { borderColor: "var(--mantine-primary-color-filled)" }
            : undefined}
          onDragStart={(event) => {
            event.dataTransfer.effectAllowed = "move";
            event.dataTransfer.setData("text/plain", String(index));
            setDragged(index);
          }}
          onDragOver={(event) => {
            if (dragged === null) return;
            event.preventDefault();
            setOver(index);
          }}
          onDrop={(event) => {
            event.preventDefault();
            if (dragged !== null) onMove(dragged, index);
            endDrag();
          }}
          onDragEnd={endDrag}
        >
          <Group gap={4} wrap="nowrap" align="flex-start">
            <Stack gap={2} align="center" pt={2}>
              <Box
                aria-label={`Drag ${itemLabel(index)}`}
                style={{ cursor: "grab", lineHeight: 0 }}
                onMouseDown={() => setArmed(index)}
                onMouseUp={() => setArmed(null)}
              >
                <IconGripVertical size={16} />
              </Box>
              <ActionIcon
                variant="subtle"
                size="xs"
                aria-label={`Move ${itemLabel(index)} up`}
                disabled={index === 0}
                onClick={() => onMove(index, index - 1)}
              >
                <IconArrowUp size={12} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                size="xs"
                aria-label={`Move ${itemLabel(index)} down`}
                disabled={index === items.length - 1}
                onClick={() => onMove(index, index + 1)}
              >
                <IconArrowDown size={12} />
              </ActionIcon>
            </Stack>
            <Box style={{ flex: 1, minWidth: 0 }}>{renderItem(item, index)}</Box>
            <ActionIcon
              variant="subtle"
              color="red"
              size="sm"
              aria-label={`Remove ${itemLabel(index)}`}
              onClick={() => onRemove(index)}
            >
              <IconTrash size={14} />
            </ActionIcon>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
