/** The ranges the sources overview offers, in seconds (0 = all messages), Graylog's list. */
export const SOURCE_RANGES = [
  { value: "3600", label: "Last Hour" },
  { value: "86400", label: "Last Day" },
  { value: "604800", label: "Last Week" },
  { value: "2592000", label: "Last Month" },
  { value: "31536000", label: "Last Year" },
  { value: "0", label: "All Messages" },
] as const;

export type SourceRange = (typeof SOURCE_RANGES)[number]["value"];
export const DEFAULT_SOURCE_RANGE: SourceRange = "86400";

/** How many sources the overview lists at most. */
export const SOURCES_LIMIT = 100;

export interface SourceRow {
  source: string;
  count: number;
  /** Share of all messages of the range, 0–100. */
  percentage: number;
}

/** The aggregation's rows (source, count) as the table's rows, largest first, with each one's share. */
export function sourceRows(datarows: readonly (readonly unknown[])[]): SourceRow[] {
  const rows = datarows.map(([source, count]) => ({ source: String(source ?? "(none)"), count: Number(count) || 0 }));
  const total = rows.reduce((sum, row) => sum + row.count, 0);
  return rows
    .sort((a, b) => b.count - a.count || a.source.localeCompare(b.source))
    .map((row) => ({ ...row, percentage: total === 0 ? 0 : (row.count / total) * 100 }));
}
