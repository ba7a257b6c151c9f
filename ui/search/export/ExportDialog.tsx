import { Button, Group, Modal, MultiSelect, NumberInput, Progress, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { TimeRange } from "../../../api/schemas/timerange.ts";
import { toastError } from "../../common/toast.ts";
import { fetchExport, saveBlob } from "./download-export.ts";
import {
  DEFAULT_EXPORT_FIELDS,
  EXPORT_DIALOG_TITLE,
  EXPORT_FAILED_TEXT,
  exportFileName,
  formatBytes,
} from "./export-file.ts";

interface Props {
  opened: boolean;
  onClose: () => void;
  /** Field names offered besides the defaults. */
  availableFields: readonly string[];
  query: string;
  timerange: TimeRange;
  streams: readonly string[];
  /** The saved search's title; unsaved searches export as 'Untitled Search'. */
  title: string | null;
}

/** 'Export all search results' (spec 001 §2 'Dialogs'): fields, messages limit, streamed CSV download. */
export function ExportDialog({ opened, onClose, availableFields, query, timerange, streams, title }: Props) {
  const [fields, setFields] = useState<string[]>([...DEFAULT_EXPORT_FIELDS]);
  const [limit, setLimit] = useState<number | string>("");
  const [received, setReceived] = useState<number | null>(null);
  const busy = received !== null;
  const options = [...new Set([...DEFAULT_EXPORT_FIELDS, ...availableFields, ...fields])];

  const start = async () => {
    setReceived(0);
    try {
      const blob = await fetchExport(
        { query, timerange, streams, fields, limit: typeof limit === "number" && limit > 0 ? limit : null },
        setReceived,
      );
      saveBlob(blob, exportFileName(title));
      onClose();
    } catch (error) {
      toastError(error, EXPORT_FAILED_TEXT);
    } finally {
      setReceived(null);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={EXPORT_DIALOG_TITLE} size="lg">
      <Stack gap="md">
        <MultiSelect
          label="Fields to export"
          data={options}
          value={fields}
          onChange={setFields}
          searchable
          clearable
          error={fields.length === 0 ? "Please select at least one field." : undefined}
        />
        <NumberInput
          label="Messages limit"
          description="Messages are loaded in batches. Leave empty to export all messages."
          min={1}
          value={limit}
          onChange={setLimit}
          allowDecimal={false}
          allowNegative={false}
        />
        {busy && (
          <Stack gap={4} data-testid="export-progress">
            <Progress value={100} animated striped />
            <Text size="xs" c="dimmed">{formatBytes(received)} received</Text>
          </Stack>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={busy}>Cancel</Button>
          <Button onClick={start} disabled={busy || fields.length === 0}>
            {busy ? "Downloading..." : "Start Download"}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
