import { Button, Group, Modal, Stack, Textarea, TextInput } from "@mantine/core";
import { useEffect, useState } from "react";
import { isValidViewName } from "./logic/save-name.ts";

/** The editable metadata of a saved view. */
export interface ViewMetadata {
  title: string;
  summary: string;
  description: string;
}

interface Props {
  opened: boolean;
  /** 'search' or 'dashboard', as the texts say it. */
  type: "search" | "dashboard";
  metadata: ViewMetadata;
  /** The dialog's title and button when they are not 'Editing saved {type}' / 'Save {type}' (a new dashboard's properties). */
  heading?: string;
  submitLabel?: string;
  onSave(metadata: ViewMetadata): void;
  onClose(): void;
}

/** 'Editing saved {type}' (spec 001 §2): title (required), summary and description. */
export function ViewMetadataDialog({ opened, type, metadata, heading, submitLabel, onSave, onClose }: Props) {
  const [form, setForm] = useState<ViewMetadata>(metadata);
  const [touched, setTouched] = useState(false);
  // Each opening starts from the saved metadata; a parent re-rendering with an equal object must not reset typing.
  useEffect(() => {
    if (opened) {
      setForm(metadata);
      setTouched(false);
    }
  }, [opened]);
  const titleValid = isValidViewName(form.title);
  const set = (field: keyof ViewMetadata) => (value: string) =>
    setForm((current) => ({ ...current, [field]: value }));

  return (
    <Modal opened={opened} onClose={onClose} title={heading ?? `Editing saved ${type}`}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!titleValid) return setTouched(true);
          onSave({ title: form.title.trim(), summary: form.summary, description: form.description });
          onClose();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label="Title"
            required
            value={form.title}
            data-autofocus
            error={touched && !titleValid ? "Field is required." : undefined}
            onChange={(event) => {
              set("title")(event.currentTarget.value);
              setTouched(true);
            }}
          />
          <TextInput
            label="Summary"
            value={form.summary}
            onChange={(event) => set("summary")(event.currentTarget.value)}
          />
          <Textarea
            label="Description"
            autosize
            minRows={3}
            value={form.description}
            onChange={(event) => set("description")(event.currentTarget.value)}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>Cancel</Button>
            <Button type="submit" disabled={!titleValid}>{submitLabel ?? `Save ${type}`}</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
