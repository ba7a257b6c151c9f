/** Export constants and the download file name (spec 001 §9). */

export const DEFAULT_EXPORT_FIELDS = ["timestamp", "source", "message"] as const;
export const EXPORT_DIALOG_TITLE = "Export all search results";
export const EXPORT_FAILED_TEXT = "Export failed";

/** '{title or Untitled Search}-search-result.csv', spaces replaced by dashes. */
export function exportFileName(title: string | null | undefined, extension = "csv"): string {
  const base = title && title.trim() !== "" ? title.trim() : "Untitled Search";
  return `${base}-search-result`.replace(/\s+/g, "-") + `.${extension}`;
}

/** Bytes as the progress text shows them. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}
