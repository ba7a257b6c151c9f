import { Button, Modal, Stack } from "@mantine/core";
import type { CreatableWidget } from "../widgets/logic/create-widget.ts";

/** The widget kinds offered, with their button labels (spec 001 §2 'Create new widget'). */
export const CREATE_WIDGET_LABELS: Record<CreatableWidget, string> = {
  aggregation: "Aggregation",
  messageCount: "Message Count",
  messages: "Message Table",
};

interface Props {
  opened: boolean;
  onClose(): void;
  onCreate(kind: CreatableWidget): void;
}

/** 'Create new widget': one button per widget type plus Cancel. */
export function CreateWidgetDialog({ opened, onClose, onCreate }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create new widget">
      <Stack gap="xs">
        {(Object.keys(CREATE_WIDGET_LABELS) as CreatableWidget[]).map((kind) => (
          <Button
            key={kind}
            variant="light"
            onClick={() => {
              onCreate(kind);
              onClose();
            }}
          >
            {CREATE_WIDGET_LABELS[kind]}
          </Button>
        ))}
      </Stack>
      <Button variant="default" mt="md" fullWidth onClick={onClose}>Cancel</Button>
    </Modal>
  );
}
