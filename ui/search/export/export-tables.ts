import type { MessagesWidgetConfig, Widget } from "../../../api/schemas/widgets.ts";
import { DEFAULT_EXPORT_FIELDS } from "./export-file.ts";

/**
 * The message tables an export can take its fields and sort from (spec 001 §2 'Dialogs and modals': message-table
 * selection; §9 'Default export fields'). Choosing a table exports its columns, plus `message` when the table
 * shows the message row, in its sort order.
 */
export interface ExportMessageTable {
  id: string;
  title: string;
  config: Pick<MessagesWidgetConfig, "fields" | "sort" | "show_message_row">;
}

/** A sort entry of POST /views/export. */
export interface ExportSort {
  field: string;
  order: "ASC" | "DESC";
}

/** Newest first: the export's order without a table. */
export const DEFAULT_EXPORT_SORT: readonly ExportSort[] = [{ field: "timestamp", order: "DESC" }];

/** The message tables of a page, in page order, titled as their frames are. */
export function messageTablesForExport(
  widgets: readonly Widget[],
  titleOf: (widget: Widget) => string,
): ExportMessageTable[] {
  return widgets.flatMap((widget) =>
    widget.type === "messages" ? [{ id: widget.id, title: titleOf(widget), config: widget.config }] : []
  );
}

/**
 * The table the dialog opens with: the widget whose own Export opened it, else the first table; null when the
 * page has none.
 */
export function initialExportTable(
  tables: readonly ExportMessageTable[],
  preselectedId: string | null,
): ExportMessageTable | null {
  return tables.find((table) => table.id === preselectedId) ?? tables[0] ?? null;
}

/** The fields a table exports: its columns, then `message` when it shows the message row; the defaults without. */
export function exportFieldsOf(table: ExportMessageTable | null): string[] {
  if (!table) return [...DEFAULT_EXPORT_FIELDS];
  const fields = [...table.config.fields];
  if (table.config.show_message_row) fields.push("message");
  const unique = [...new Set(fields)];
  return unique.length > 0 ? unique : [...DEFAULT_EXPORT_FIELDS];
}

/** The table's sort as the export call takes it; metric ('series') entries do not apply to messages. */
export function exportSortOf(table: ExportMessageTable | null): ExportSort[] {
  const sort = (table?.config.sort ?? [])
    .filter((entry) => entry.type === "pivot")
    .map((entry): ExportSort => ({ field: entry.field, order: entry.direction === "Ascending" ? "ASC" : "DESC" }));
  return sort.length > 0 ? sort : [...DEFAULT_EXPORT_SORT];
}
