/** Export constants, dialog texts and the download file name (spec 001 §2 'Dialogs and modals', §8, §9). */

export const DEFAULT_EXPORT_FIELDS = ["timestamp", "source", "message"] as const;
export const EXPORT_DIALOG_TITLE = "Export all search results";
export const DASHBOARD_EXPORT_DIALOG_TITLE = "Export message table search results";
export const EXPORT_FAILED_TEXT = "Export failed";
export const WIDGET_EXPORT_FAILED_TEXT = "Export for widget failed";
/** A dashboard export needs a message table (spec 001 §5 'Export'). */
export const NO_MESSAGE_TABLE_TEXT = "You need to create a message table widget to export its result.";

/** Where an export starts: the search's Export action, a dashboard's, or a widget's own Export. */
export type ExportOrigin = "search" | "dashboard" | "widget";

export const EXPORT_DIALOG_TITLES: Record<ExportOrigin, string> = {
  search: EXPORT_DIALOG_TITLE,
  dashboard: DASHBOARD_EXPORT_DIALOG_TITLE,
  widget: EXPORT_DIALOG_TITLE,
};

/** '{title or Untitled Search}-search-result.csv', spaces replaced by dashes. */
export function exportFileName(title: string | null | undefined, extension = "csv", untitled = "Untitled Search"): string {
  const base = title && title.trim() !== "" ? title.trim() : untitled;
  return `${base}-search-result`.replace(/\s+/g, "-") + `.${extension}`;
}

/** Bytes as the progress text shows them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
