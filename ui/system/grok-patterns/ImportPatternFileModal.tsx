import { Button, Checkbox, FileInput, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { type GrokPatternDefinition, parseGrokPatternFile } from "../../../shared/grok/pattern-file.ts";
import { failureMessage } from "../../api/fetch-error.ts";

interface Props {
  opened: boolean;
  onClose(): void;
  /** Imports the file's patterns; `replaceAll` drops every other pattern first. */
  onImport(patterns: GrokPatternDefinition[], replaceAll: boolean): Promise<void>;
}

/** Imports a grok pattern file (`NAME pattern` per line), optionally replacing every stored pattern. */
export function ImportPatternFileModal({ opened, onClose, onImport }: Props) {
  const [file, setFile] = useState<File | null>(null);
  const [patterns, setPatterns] = useState<GrokPatternDefinition[] | null>(null);
  const [replaceAll, setReplaceAll] = useState(false);
  const [importing, setImporting] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setFile(null);
    setPatterns(null);
    setReplaceAll(false);
    setError(null);
    onClose();
  };

  const choose = async (chosen: File | null) => {
    setFile(chosen);
    setError(null);
    setPatterns(chosen ? parseGrokPatternFile(await chosen.text()) : null);
  };

  const submit = async () => {
    if (!patterns) return;
    setImporting(true);
    setError(null);
    try {
      await onImport(patterns, replaceAll);
      close();
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setImporting(false);
    }
  };

  return (
    <Modal opened={opened} onClose={close} title="Import pattern file" size="lg">
      <Stack gap="sm">
        <FileInput
          label="Pattern file"
          description="One pattern per line: its name, a space, the pattern. Lines starting with # are skipped."
          placeholder="Choose a file"
          value={file}
          onChange={(chosen) => void choose(chosen)}
          clearable
        />
        {patterns && (
          <Text size="sm" c={patterns.length === 0 ? "red" : "dimmed"}>
            {patterns.length === 0 ? "The file holds no patterns." : `The file holds ${patterns.length} ${patterns.length === 1 ? "pattern" : "patterns"}.`}
          </Text>
        )}
        <Checkbox
          label="Replace all existing patterns"
          description="Deletes every pattern that is not in the file."
          checked={replaceAll}
          onChange={(event) => setReplaceAll(event.currentTarget.checked)}
        />
        {error && <Text c="red" size="sm" role="alert">{error}</Text>}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={importing}>Cancel</Button>
          <Button onClick={() => void submit()} loading={importing} disabled={!patterns || patterns.length === 0}>Import</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
