import { Button, Checkbox, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { type StreamRule, streamRuleTypeOf } from "../../api/schemas/streams.ts";
import { failureMessage } from "../api/fetch-error.ts";
import { EMPTY_RULE_FORM, needsField, needsValue, RULE_TYPE_OPTIONS, type RuleFormValues, validateRule } from "./logic/stream-rules.ts";

interface Props {
  /** Open with null to add a rule, with a rule to change it; undefined: closed. */
  rule: StreamRule | null | undefined;
  onClose(): void;
  /** Saves; a rejection's message is shown in the form and the dialog stays open. */
  onSave(values: RuleFormValues): Promise<void>;
}

/** Adds or changes a stream rule: type (every Graylog rule type), field, value, 'inverted', description. */
export function StreamRuleFormModal({ rule, onClose, onSave }: Props) {
  return (
    <Modal opened={rule !== undefined} onClose={onClose} title={rule ? "Edit stream rule" : "New stream rule"} size="lg">
      {rule !== undefined && <RuleForm key={rule?.id ?? "new"} rule={rule} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function RuleForm({ rule, onClose, onSave }: Props & { rule: StreamRule | null }) {
  const form = useForm<RuleFormValues>({
    initialValues: rule
      ? { type: String(rule.type), field: rule.field, value: rule.value, inverted: rule.inverted, description: rule.description }
      : EMPTY_RULE_FORM,
    validate: validateRule,
  });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const type = streamRuleTypeOf(Number(form.getValues().type)) ?? "exact";

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
        <Select label="Type" data={RULE_TYPE_OPTIONS} allowDeselect={false} {...form.getInputProps("type")} />
        {needsField(type) && <TextInput label="Field" required {...form.getInputProps("field")} />}
        {needsValue(type) && (
          <TextInput
            label={type === "match_input" ? "Input id" : "Value"}
            required
            ff={type === "regex" ? "monospace" : undefined}
            {...form.getInputProps("value")}
          />
        )}
        <Checkbox label="Inverted" description="The rule matches when the condition does not." {...form.getInputProps("inverted", { type: "checkbox" })} />
        <TextInput label="Description" {...form.getInputProps("description")} />
        {saveError && <Text c="red" size="sm" role="alert">{saveError}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button type="submit" loading={saving}>Save rule</Button>
        </Group>
      </Stack>
    </form>
  );
}
