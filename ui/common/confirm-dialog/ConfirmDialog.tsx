import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";

interface Props {
  opened: boolean;
  /** Dialog title (default 'Are you sure?'). */
  title?: string;
  /** The question or explanation; defaults to 'Are you sure?' when there is no title either. */
  children?: ReactNode;
  confirmText?: string;
  cancelText?: string;
  /** Colour of the confirm button ("red" for deletions). */
  confirmColor?: string;
  confirmDisabled?: boolean;
  /** Shows a spinner on the confirm button and blocks both buttons. */
  submitting?: boolean;
  onConfirm(): void;
  onCancel(): void;
}

/** The default confirmation question (spec 000 §4). */
export const DEFAULT_CONFIRM_QUESTION = "Are you sure?";

/** A confirmation dialog with Confirm / Cancel buttons (spec 000 §9 default texts). */
export function ConfirmDialog({
  opened,
  title = DEFAULT_CONFIRM_QUESTION,
  children,
  confirmText = "Confirm",
  cancelText = "Cancel",
  confirmColor,
  confirmDisabled = false,
  submitting = false,
  onConfirm,
  onCancel,
}: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered>
      <Stack gap="md">
        {children !== undefined && (typeof children === "string" ? <Text>{children}</Text> : children)}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={onCancel} disabled={submitting}>{cancelText}</Button>
          <Button
            color={confirmColor}
            onClick={onConfirm}
            loading={submitting}
            disabled={confirmDisabled}
            data-autofocus
          >
            {confirmText}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
