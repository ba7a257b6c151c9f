import { Modal } from "@mantine/core";
import type { ComponentProps } from "react";
import { ConfigurationForm } from "./ConfigurationForm.tsx";

interface Props extends ComponentProps<typeof ConfigurationForm> {
  opened: boolean;
  title: string;
  onCancel(): void;
}

/** The configuration form in a modal; closing the modal cancels. The form remounts (fresh values) on each opening. */
export function ConfigurationFormModal({ opened, title, onCancel, ...formProps }: Props) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} size="lg">
      {opened && <ConfigurationForm {...formProps} onCancel={onCancel} />}
    </Modal>
  );
}
