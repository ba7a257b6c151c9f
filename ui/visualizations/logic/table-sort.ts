import type { TableCellValue, TableRow } from "./table-data.ts";

export type TableSortDirection = "Ascending" | "Descending";
export interface TableSort {
  columnId: string;
  direction: TableSortDirection;
}

/**
 * The next sort after a click on a column header (spec 001 §4 'Sorting cycle' for a column: none, ascending,
 * descending, removed). Clicking another column starts that column at ascending.
 */
export function nextTableSort(current: TableSort | null, columnId: string): TableSort | null {
  if (!current || current.columnId !== columnId) return { columnId, direction: "Ascending" };
  return current.direction === "Ascending" ? { columnId, direction: "Descending" } : null;
}

/** Rows sorted by one column: numbers numerically, text naturally; empty cells last in either direction. */
export function sortTableRows(rows: readonly TableRow[], sort: TableSort | null): TableRow[] {
  if (!sort) return [...rows];
  const sign = sort.direction === "Ascending" ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index }))
    .sort((a, b) => {
      const left = a.row.cells[sort.columnId] ?? null;
      const right = b.row.cells[sort.columnId] ?? null;
      if (left === null || right === null) return left === right ? a.index - b.index : left === null ? 1 : -1;
      return sign * compareCells(left, right) || a.index - b.index;
    })
    .map(({ row }) => row);
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

function compareCells(left: Exclude<TableCellValue, null>, right: Exclude<TableCellValue, null>): number {
  if (typeof left === "number" && typeof right === "number") return left - right;
  return collator.compare(String(left), String(right));
}
