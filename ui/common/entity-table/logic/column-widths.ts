import type { ColumnDefinition } from "./column-definition.ts";

/** Table layout constants of spec 000 §9. */
export const CELL_PADDING_PX = 5;
export const BULK_SELECT_COLUMN_WIDTH_PX = 20;
/** The bulk select column with its cell padding: what it takes from the table's width. */
export const BULK_SELECT_COLUMN_OUTER_WIDTH_PX = BULK_SELECT_COLUMN_WIDTH_PX + 2 * CELL_PADDING_PX;
export const MIN_COLUMN_WIDTH_PX = 150;
export const DATE_COLUMN_WIDTH_PX = 160;
export const OWNER_COLUMN_WIDTH_PX = 120;
export const FAVORITE_COLUMN_WIDTH_PX = 30;
export const COLUMN_WEIGHTS: Readonly<Record<string, number>> = { description: 2, summary: 1.5 };
export const DEFAULT_COLUMN_WEIGHT = 1;

/** A column's fixed width in px, or undefined when it shares the remaining space by weight. */
export function fixedColumnWidth(column: ColumnDefinition): number | undefined {
  if (column.id === "favorite") return FAVORITE_COLUMN_WIDTH_PX;
  if (column.id === "owner") return OWNER_COLUMN_WIDTH_PX;
  if (column.type === "DATE") return DATE_COLUMN_WIDTH_PX;
  return undefined;
}

export interface ColumnWidthOptions {
  /** Width of the table's container in px; 0 when not yet measured (server rendering). */
  tableWidth: number;
  bulkSelection: boolean;
  /** Width of the row actions column in px (0 without actions). */
  actionsWidth: number;
}

/**
 * Widths of the data columns in px (spec 000 §9): fixed widths for favorite, owner and date columns, the
 * rest shares what is left by weight (description 2, summary 1.5, others 1) and never gets below 150 px.
 */
export function columnWidths(
  columns: readonly ColumnDefinition[],
  { tableWidth, bulkSelection, actionsWidth }: ColumnWidthOptions,
): Record<string, number> {
  const widths: Record<string, number> = {};
  let remaining = tableWidth - actionsWidth - (bulkSelection ? BULK_SELECT_COLUMN_OUTER_WIDTH_PX : 0);
  let totalWeight = 0;
  for (const column of columns) {
    const fixed = fixedColumnWidth(column);
    if (fixed === undefined) totalWeight += COLUMN_WEIGHTS[column.id] ?? DEFAULT_COLUMN_WEIGHT;
    else {
      widths[column.id] = fixed;
      remaining -= fixed;
    }
  }
  for (const column of columns) {
    if (widths[column.id] !== undefined) continue;
    const weight = COLUMN_WEIGHTS[column.id] ?? DEFAULT_COLUMN_WEIGHT;
    const share = totalWeight > 0 ? Math.floor((Math.max(remaining, 0) * weight) / totalWeight) : 0;
    widths[column.id] = Math.max(MIN_COLUMN_WIDTH_PX, share);
  }
  return widths;
}
