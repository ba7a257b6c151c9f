import type { WidgetPosition } from "../../../api/schemas/widgets.ts";
import { columnSpan, GRID_COLUMNS, storedWidth } from "../../view/view-widgets.ts";

/** A grid cell in the grid library's 0-based units. */
export interface GridCell {
  i: string;
  x: number;
  y: number;
  w: number;
  h: number;
}

/** Widget positions (1-based, 'Infinity' width) → grid cells, in the order of `ids`. */
export function toGridCells(
  ids: readonly string[],
  positions: Readonly<Record<string, WidgetPosition>>,
): GridCell[] {
  let nextRow = 1;
  return ids.map((id) => {
    // A widget without a stored position goes below the others at full width.
    const position = positions[id] ?? { col: 1, row: nextRow, height: 4, width: "Infinity" as const };
    nextRow = Math.max(nextRow, position.row + position.height);
    const w = columnSpan(position);
    return {
      i: id,
      x: Math.min(position.col - 1, GRID_COLUMNS - w),
      y: position.row - 1,
      w,
      h: position.height,
    };
  });
}

/** Grid cells after a drag or resize → widget positions as stored. */
export function toWidgetPositions(cells: readonly GridCell[]): Record<string, WidgetPosition> {
  return Object.fromEntries(
    cells.map((
      cell,
    ) => [cell.i, { col: cell.x + 1, row: cell.y + 1, height: cell.h, width: storedWidth(cell.w) }]),
  );
}

/** True when the positions differ (the grid reports a layout on every render). */
export function positionsChanged(
  a: Readonly<Record<string, WidgetPosition>>,
  b: Readonly<Record<string, WidgetPosition>>,
): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const left = a[key];
    const right = b[key];
    if (!left || !right) return true;
    if (
      left.col !== right.col || left.row !== right.row || left.height !== right.height ||
      left.width !== right.width
    ) return true;
  }
  return false;
}

/** Marks the grid before its width is measured (server render and hydration), when `pendingGridCss` applies. */
export const PENDING_GRID_CLASS = "widget-grid-pending";

/** The cell's column, span and top offset as CSS variables, read by `pendingGridCss`. */
export function pendingCellVariables(cell: GridCell): Record<`--${string}`, string> {
  return { "--grid-x": String(cell.x), "--grid-w": String(cell.w), "--grid-row": String(cell.y) };
}

/**
 * Until the grid knows its width it lays cells out for a guessed one; this stylesheet places them in percentages
 * of the real width instead (the same column arithmetic as the grid, margins included), so the server's HTML
 * already has the final layout and nothing shifts when the measured width takes over. Heights do not depend on
 * the width. `!important` wins over the grid's inline pixel styles.
 */
export function pendingGridCss([marginX, marginY]: readonly [number, number], rowHeight: number): string {
  const column = `((100% - ${(GRID_COLUMNS - 1) * marginX}px) / ${GRID_COLUMNS})`;
  return `.${PENDING_GRID_CLASS} .react-grid-item{` +
    `width:calc(${column} * var(--grid-w) + (var(--grid-w) - 1) * ${marginX}px)!important;` +
    `left:calc(${column} * var(--grid-x) + var(--grid-x) * ${marginX}px)!important;` +
    `transform:translate(0px,calc(var(--grid-row) * ${rowHeight + marginY}px))!important}`;
}
