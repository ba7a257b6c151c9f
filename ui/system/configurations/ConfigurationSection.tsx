import { Button, Card, Group, Modal, Stack, Text, Title } from "@mantine/core";
import { type FormEvent, type ReactNode, useState } from "react";
import { toastError, toastSuccess } from "../../common/toast.ts";
import { CONFIGURATION_UPDATED } from "./logic/configuration-texts.ts";

interface Props {
  title: string;
  description?: string;
  /** The current values, read-only. */
  summary: ReactNode;
  /** The edit form's fields; absent when the user may not edit. */
  form?: ReactNode;
  /** Resets the form to the current values when the modal opens. */
  onEdit?: () => void;
  /** Saves; a thrown error is shown and the modal stays open. False keeps it open without a toast (invalid). */
  onSave?: () => Promise<boolean>;
}

/** One section of System → Configurations: its values, and an edit modal that toasts 'Configuration updated successfully'. */
export function ConfigurationSection({ title, description, summary, form, onEdit, onSave }: Props) {
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!onSave) return;
    setSaving(true);
    try {
      if (await onSave()) {
        toastSuccess(CONFIGURATION_UPDATED);
        setEditing(false);
      }
    } catch (error) {
      toastError(error);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card withBorder padding="md" data-testid={`configuration-${title}`}>
      <Stack gap="xs">
        <Title order={2} size="h4">{title}</Title>
        {description && <Text size="sm" c="dimmed">{description}</Text>}
        {summary}
        {form && (
          <Group>
            <Button
              size="xs"
              variant="default"
              onClick={() => {
                onEdit?.();
                setEditing(true);
              }}
            >
              Edit configuration
            </Button>
          </Group>
        )}
      </Stack>
      <Modal opened={editing} onClose={() => setEditing(false)} title={`Update ${title}`} size="lg">
        <form onSubmit={(event) => void submit(event)}>
          <Stack>
            {form}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(false)}>Cancel</Button>
              <Button type="submit" loading={saving}>Update configuration</Button>
            </Group>
          </Stack>
        </form>
      </Modal>
    </Card>
  );
}
