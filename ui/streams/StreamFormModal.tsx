import { Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import type { Stream } from "../../api/schemas/streams.ts";
import { failureMessage } from "../api/fetch-error.ts";
import { type IndexSetOption, type StreamFormValues, validateTitle } from "./logic/stream-list.ts";

/** What the dialog does: create a stream, edit one, or clone one under a new title. */
export type StreamFormMode = { kind: "create" } | { kind: "edit"; stream: Stream } | { kind: "clone"; stream: Stream };

interface Props {
  mode: StreamFormMode | null;
  /** The index sets a stream may store in, with their titles. */
  indexSets: readonly IndexSetOption[];
  defaultIndexSetId: string;
  onClose(): void;
  /** Saves; a rejection's message is shown in the form and the dialog stays open. */
  onSave(values: StreamFormValues): Promise<void>;
}

const TITLES = { create: "Create stream", edit: "Edit stream", clone: "Clone stream" } as const;

/** Creates, edits or clones a stream: title, description, index set, 'remove matches from the default stream'. */
export function StreamFormModal({ mode, indexSets, defaultIndexSetId, onClose, onSave }: Props) {
  return (
    <Modal opened={mode !== null} onClose={onClose} title={mode ? TITLES[mode.kind] : ""} size="lg">
      {mode && (
        <StreamForm
          key={mode.kind === "create" ? "new" : `${mode.kind}-${mode.stream.id}`}
          mode={mode}
          indexSets={indexSets}
          defaultIndexSetId={defaultIndexSetId}
          onClose={onClose}
          onSave={onSave}
        />
      )}
    </Modal>
  );
}

function StreamForm({ mode, indexSets, defaultIndexSetId, onClose, onSave }: Omit<Props, "mode"> & { mode: StreamFormMode }) {
  const source = mode.kind === "create" ? null : mode.stream;
  const form = useForm<StreamFormValues>({
    initialValues: {
      title: source ? (mode.kind === "clone" ? `${source.title} (copy)` : source.title) : "",
      description: source?.description ?? "",
      indexSetId: source?.index_set_id ?? defaultIndexSetId,
      removeMatchesFromDefaultStream: source?.remove_matches_from_default_stream ?? false,
    },
    validate: { title: validateTitle },
  });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = form.onSubmit(async (values) => {
    setSaving(true);
    setSaveError(null);
    try {
      await onSave(values);
    } catch (error) {
      setSaveError(failureMessage(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        <TextInput label="Title" required data-autofocus {...form.getInputProps("title")} />
        <TextInput label="Description" {...form.getInputProps("description")} />
        <Select
          label="Index Set"
          description="Messages that match this stream are written to the indices of this index set."
          data={indexSets.some((set) => set.value === form.getValues().indexSetId)
            ? [...indexSets]
            : [...indexSets, { value: form.getValues().indexSetId, label: form.getValues().indexSetId }]}
          allowDeselect={false}
          {...form.getInputProps("indexSetId")}
        />
        <Checkbox
          label="Remove matches from 'Default Stream'"
          description="Don't assign messages that match this stream to the 'Default Stream'."
          {...form.getInputProps("removeMatchesFromDefaultStream", { type: "checkbox" })}
        />
        {saveError && <Text c="red" size="sm" role="alert">{saveError}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button type="submit" loading={saving}>{mode.kind === "edit" ? "Update stream" : mode.kind === "clone" ? "Clone stream" : "Create stream"}</Button>
        </Group>
      </Stack>
    </form>
  );
}
