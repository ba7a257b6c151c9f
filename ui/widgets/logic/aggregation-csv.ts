import { csvLine } from "../../../shared/csv.ts";
import type { TableData } from "../../visualizations/logic/table-data.ts";

/**
 * An aggregation's table as CSV (beyond Graylog): the data table's columns, a metric under column groupings headed
 * by its column values and name ('GET - count()'), one line per row.
 */
export function aggregationCsv(table: TableData): string {
  const header = table.columns.map((column) => [...column.columnKeys, column.title].join(" - "));
  const lines = table.rows.map((row) => csvLine(table.columns.map((column) => row.cells[column.id])));
  return csvLine(header) + lines.join("");
}

/** '{title}.csv' with spaces as dashes. */
export function aggregationCsvFileName(title: string): string {
  return `${title.trim() || "Untitled Aggregation"}.csv`.replace(/\s+/g, "-");
}
