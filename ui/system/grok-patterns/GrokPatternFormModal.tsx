import { Button, Group, Modal, Stack, Table, Text, Textarea, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import type { GrokPattern, GrokPatternTestResult } from "../../../api/schemas/grok.ts";
import { failureMessage } from "../../api/fetch-error.ts";
import {
  EMPTY_GROK_PATTERN_FORM,
  type GrokPatternFormValues,
  testResultRows,
  validateName,
  validatePattern,
} from "./logic/grok-pattern-form.ts";
import { testGrokPattern } from "./grok-pattern-queries.ts";

interface Props {
  /** The pattern to edit; null creates a new one. */
  pattern: GrokPattern | null;
  opened: boolean;
  onClose(): void;
  /** Saves; a rejection's message is shown in the form and the dialog stays open. */
  onSave(values: { name: string; pattern: string }): Promise<void>;
}

/** Creates or edits a grok pattern, with a test of the pattern against sample data showing its captures. */
export function GrokPatternFormModal({ pattern, opened, onClose, onSave }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={pattern ? `Edit grok pattern ${pattern.name}` : "Create grok pattern"} size="lg">
      {/* Keyed so that each opening starts from the pattern's own values. */}
      {opened && <GrokPatternForm key={pattern?.id ?? "new"} pattern={pattern} onClose={onClose} onSave={onSave} />}
    </Modal>
  );
}

function GrokPatternForm({ pattern, onClose, onSave }: Omit<Props, "opened">) {
  const form = useForm<GrokPatternFormValues>({
    initialValues: pattern ? { name: pattern.name, pattern: pattern.pattern, sampleData: "" } : EMPTY_GROK_PATTERN_FORM,
    validate: { name: validateName, pattern: validatePattern },
    validateInputOnBlur: ["name", "pattern"],
  });
  const [saving, setSaving] = useState(false);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [testing, setTesting] = useState(false);
  const [testOutcome, setTestOutcome] = useState<{ result: GrokPatternTestResult } | { error: string } | null>(null);

  const runTest = async () => {
    const checked = form.validate();
    if (checked.hasErrors) return;
    setTesting(true);
    try {
      const { name, pattern: text, sampleData } = form.getValues();
      setTestOutcome({ result: await testGrokPattern({ name, pattern: text }, sampleData) });
    } catch (error) {
      setTestOutcome({ error: failureMessage(error) });
    } finally {
      setTesting(false);
    }
  };

  const save = form.onSubmit(async ({ name, pattern: text }) => {
    setSaving(true);
    setSaveError(null);
    try {
      await onSave({ name, pattern: text });
    } catch (error) {
      setSaveError(failureMessage(error));
    } finally {
      setSaving(false);
    }
  });

  return (
    <form onSubmit={save} noValidate>
      <Stack gap="sm">
        <TextInput label="Name" description="Other patterns refer to it as %{NAME}." required {...form.getInputProps("name")} />
        <Textarea
          label="Pattern"
          required
          autosize
          minRows={3}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          {...form.getInputProps("pattern")}
        />
        <Textarea
          label="Sample data"
          description="A log line to test the pattern against."
          autosize
          minRows={2}
          styles={{ input: { fontFamily: "var(--mantine-font-family-monospace)" } }}
          {...form.getInputProps("sampleData")}
        />
        <Group>
          <Button variant="default" onClick={() => void runTest()} loading={testing}>Test with sample data</Button>
        </Group>
        {testOutcome && <TestOutcome name={form.getValues().name} outcome={testOutcome} />}
        {saveError && <Text c="red" size="sm" role="alert">{saveError}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={saving}>Cancel</Button>
          <Button type="submit" loading={saving}>{pattern ? "Update pattern" : "Create pattern"}</Button>
        </Group>
      </Stack>
    </form>
  );
}

interface TestOutcomeProps {
  name: string;
  outcome: { result: GrokPatternTestResult } | { error: string };
}

function TestOutcome({ name, outcome }: TestOutcomeProps) {
  if ("error" in outcome) return <Text c="red" size="sm" role="alert">{outcome.error}</Text>;
  const rows = testResultRows(name, outcome.result);
  if (rows.length === 0) return <Text size="sm" c="dimmed">The pattern does not match the sample data.</Text>;
  return (
    <Table withTableBorder striped aria-label="Test result" fz="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Capture</Table.Th>
          <Table.Th>Value</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {rows.map(([key, value]) => (
          <Table.Tr key={key}>
            <Table.Td ff="monospace">{key}</Table.Td>
            <Table.Td ff="monospace" style={{ overflowWrap: "anywhere" }}>{value}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
