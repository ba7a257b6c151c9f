import { Alert, Button, Group, Modal, MultiSelect, NumberInput, Progress, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { TimeRange } from "../../../api/schemas/timerange.ts";
import { toastError } from "../../common/toast.ts";
import { fetchExport, saveBlob } from "./download-export.ts";
import {
  DEFAULT_EXPORT_FIELDS,
  EXPORT_DIALOG_TITLES,
  EXPORT_FAILED_TEXT,
  exportFileName,
  type ExportOrigin,
  formatBytes,
  NO_MESSAGE_TABLE_TEXT,
  WIDGET_EXPORT_FAILED_TEXT,
} from "./export-file.ts";
import {
  DEFAULT_EXPORT_FORMAT,
  EXPORT_FORMAT_IDS,
  EXPORT_FORMATS,
  type ExportFormatId,
  isExportFormat,
  offersFormatChoice,
} from "./export-formats.ts";
import {
  type ExportMessageTable,
  exportFieldsOf,
  exportSortOf,
  initialExportTable,
} from "./export-tables.ts";

interface Props {
  opened: boolean;
  onClose: () => void;
  /** The search's Export (default), a dashboard's, or a widget's own Export (which preselects its table). */
  origin?: ExportOrigin;
  /** The page's message tables; with more than one the dialog offers a choice. */
  messageTables: readonly ExportMessageTable[];
  /** The table a widget's own Export exports; the first table otherwise. */
  preselectedTableId?: string | null;
  /** Field names offered besides the chosen table's. */
  availableFields: readonly string[];
  query: string;
  timerange: TimeRange;
  streams: readonly string[];
  /** The exported widget's or saved search's title; unsaved searches export as 'Untitled Search'. */
  title: string | null;
}

/**
 * 'Export all search results' (spec 001 §2 'Dialogs and modals', §5, §9): the message table whose fields and order
 * are exported, the output format (when there is a choice), fields, messages limit, and a streamed download.
 */
export function ExportDialog({ opened, onClose, origin = "search", ...form }: Props) {
  return (
    <Modal opened={opened} onClose={onClose} title={EXPORT_DIALOG_TITLES[origin]} size="lg">
      {/* Mounted per opening, so that every opening starts from the chosen table's fields. */}
      {opened && <ExportForm {...form} origin={origin} onClose={onClose} />}
    </Modal>
  );
}

type FormProps = Omit<Props, "opened" | "origin"> & { origin: ExportOrigin };

function ExportForm(
  { onClose, origin, messageTables, preselectedTableId = null, availableFields, query, timerange, streams, title }:
    FormProps,
) {
  const [table, setTable] = useState(() => initialExportTable(messageTables, preselectedTableId));
  const [fields, setFields] = useState<string[]>(() => exportFieldsOf(table));
  const [format, setFormat] = useState<ExportFormatId>(DEFAULT_EXPORT_FORMAT);
  const [limit, setLimit] = useState<number | string>("");
  const [received, setReceived] = useState<number | null>(null);
  const busy = received !== null;
  const missingTable = origin === "dashboard" && table === null;
  const options = [...new Set([...DEFAULT_EXPORT_FIELDS, ...exportFieldsOf(table), ...availableFields, ...fields])];

  const chooseTable = (id: string | null) => {
    const chosen = messageTables.find((candidate) => candidate.id === id);
    if (!chosen) return;
    setTable(chosen);
    setFields(exportFieldsOf(chosen));
  };

  const start = async () => {
    setReceived(0);
    const fileName = exportFileName(title, EXPORT_FORMATS[format].extension, origin === "dashboard" ? "Untitled Dashboard" : undefined);
    try {
      const blob = await fetchExport(
        {
          query,
          timerange,
          streams,
          fields,
          sort: exportSortOf(table),
          limit: typeof limit === "number" && limit > 0 ? limit : null,
          format,
        },
        fileName,
        setReceived,
      );
      saveBlob(blob, fileName);
      onClose();
    } catch (error) {
      toastError(error, origin === "widget" ? WIDGET_EXPORT_FAILED_TEXT : EXPORT_FAILED_TEXT);
    } finally {
      setReceived(null);
    }
  };

  return (
    <Stack gap="md">
      {missingTable && <Alert color="yellow">{NO_MESSAGE_TABLE_TEXT}</Alert>}
      {messageTables.length > 1 && (
        <Select
          label="Message table"
          description="The fields and the order of this table are exported."
          data={messageTables.map((candidate) => ({ value: candidate.id, label: candidate.title }))}
          value={table?.id ?? null}
          onChange={chooseTable}
          allowDeselect={false}
          disabled={busy}
        />
      )}
      {offersFormatChoice() && (
        <Select
          label="Output format"
          data={EXPORT_FORMAT_IDS.map((id) => ({ value: id, label: EXPORT_FORMATS[id].label }))}
          value={format}
          onChange={(value) => value && isExportFormat(value) && setFormat(value)}
          allowDeselect={false}
          disabled={busy}
        />
      )}
      <MultiSelect
        label="Fields to export"
        data={options}
        value={fields}
        onChange={setFields}
        searchable
        clearable
        disabled={busy}
        error={fields.length === 0 ? "Please select at least one field." : undefined}
      />
      <NumberInput
        label="Messages limit"
        description="Messages are loaded in batches. Leave empty to export all messages."
        min={1}
        step={1}
        value={limit}
        onChange={setLimit}
        allowDecimal={false}
        allowNegative={false}
        disabled={busy}
      />
      {busy && (
        <Stack gap={4} data-testid="export-progress">
          <Progress value={100} animated striped />
          <Text size="xs" c="dimmed">{formatBytes(received)} received</Text>
        </Stack>
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose} disabled={busy}>Cancel</Button>
        <Button onClick={start} disabled={busy || fields.length === 0 || missingTable}>
          {busy ? "Downloading..." : "Start Download"}
        </Button>
      </Group>
    </Stack>
  );
}
