/**
 * The output formats of an export (spec 001 §3 'Export format', §9): a closed set, so a Record the compiler
 * checks. The dialog offers a choice only when there is more than one (spec 001 §2 'Dialogs and modals').
 */
export type ExportFormatId = "csv";

export interface ExportFormat {
  /** What the format select shows. */
  label: string;
  /** Sent as Accept and given to the downloaded file. */
  mimeType: string;
  /** The download file name's extension. */
  extension: string;
}

export const EXPORT_FORMATS: Record<ExportFormatId, ExportFormat> = {
  csv: { label: "CSV", mimeType: "text/csv", extension: "csv" },
};

/** The default format (spec 001 §9). */
export const DEFAULT_EXPORT_FORMAT: ExportFormatId = "csv";

export const EXPORT_FORMAT_IDS = Object.keys(EXPORT_FORMATS) as ExportFormatId[];

/** Whether the dialog shows the output format select. */
export function offersFormatChoice(formats: readonly ExportFormatId[] = EXPORT_FORMAT_IDS): boolean {
  return formats.length > 1;
}

export function isExportFormat(value: string): value is ExportFormatId {
  return Object.hasOwn(EXPORT_FORMATS, value);
}

/** The format by id; an unknown id is an error naming the known ones (spec 001 §5 'Export'). */
export function exportFormat(id: string): ExportFormat {
  if (!isExportFormat(id)) throw new Error(`Unknown export format "${id}"; known formats: ${EXPORT_FORMAT_IDS.join(", ")}`);
  return EXPORT_FORMATS[id];
}
