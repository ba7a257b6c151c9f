import { Button, Group, Modal, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import type { InputSummary } from "../../../api/schemas/inputs.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import { toastSuccess } from "../../common/toast.ts";
import { addStaticField, invalidateInputs } from "./input-queries.ts";
import { STATIC_FIELD_ADDED, STATIC_FIELD_HELP } from "./logic/input-list.ts";
import { validateStaticFieldKey } from "./logic/static-field-form.ts";

interface Props {
  /** The input to add a field to; null closes the dialog. */
  input: InputSummary | null;
  onClose(): void;
}

/** 'Add static field': a key and a value every message of the input gets from now on. */
export function StaticFieldModal({ input, onClose }: Props) {
  return (
    <Modal opened={input !== null} onClose={onClose} title="Add static field">
      {input && <StaticFieldForm key={input.id} input={input} onClose={onClose} />}
    </Modal>
  );
}

function StaticFieldForm({ input, onClose }: { input: InputSummary; onClose(): void }) {
  const queryClient = useQueryClient();
  const form = useForm({ initialValues: { key: "", value: "" }, validate: { key: validateStaticFieldKey } });
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = form.onSubmit(async ({ key, value }) => {
    setSaving(true);
    setError(null);
    try {
      await addStaticField(input.id, key, value);
      toastSuccess(STATIC_FIELD_ADDED);
      await invalidateInputs(queryClient);
      onClose();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setSaving(false);
    }
  });
  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        <Text size="sm" c="dimmed">{STATIC_FIELD_HELP}</Text>
        <TextInput label="Field name" required {...form.getInputProps("key")} />
        <TextInput label="Field value" {...form.getInputProps("value")} />
        {error && <Text c="red" size="sm" role="alert">{error}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button type="submit" loading={saving}>Add field</Button>
        </Group>
      </Stack>
    </form>
  );
}
