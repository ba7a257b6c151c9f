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

/** The grid's breakpoints (spec 001 §9): named by how many 175 px columns fit, xxl 12 down to xs 2. */
export type GridBreakpoint = "xxl" | "xl" | "lg" | "md" | "sm" | "xs";

/** Columns of 175 px that name each breakpoint (spec 001 §9). */
export const BREAKPOINT_COLUMNS: Record<GridBreakpoint, number> = { xxl: 12, xl: 10, lg: 8, md: 6, sm: 4, xs: 2 };

/** The width of one breakpoint column (spec 001 §9). */
export const BREAKPOINT_COLUMN_WIDTH = 175;

/** The grid width from which each breakpoint applies: its columns × 175 px (xxl from 2,100 px, xs below 700 px). */
export const GRID_BREAKPOINTS: Record<GridBreakpoint, number> = mapBreakpoints((columns) => columns * BREAKPOINT_COLUMN_WIDTH);

/**
 * The columns the page's grid has at each breakpoint: 12 at all of them (spec 001 §9 '12 columns for all breakpoints
 * in the dashboard page'), so a stored layout looks the same on every screen, only narrower.
 */
export const PAGE_GRID_COLUMNS: Record<GridBreakpoint, number> = mapBreakpoints(() => GRID_COLUMNS);

function mapBreakpoints(value: (columns: number) => number): Record<GridBreakpoint, number> {
  const entries = Object.entries(BREAKPOINT_COLUMNS) as [GridBreakpoint, number][];
  return Object.fromEntries(entries.map(([name, columns]) => [name, value(columns)])) as Record<GridBreakpoint, number>;
}

/** The id prefix of an empty slot's cell, which no widget id has (widget ids are uuids or fixed names). */
export const EMPTY_SLOT_PREFIX = "empty-slot:";

/**
 * The empty slots between the widgets (spec 001 §2 'An empty grid slot shows Create a new widget here'): the free
 * cells above the lowest widget's bottom, as rectangles taken greedily from the top left (each as wide as the free
 * run in its first row, then as tall as that whole width stays free). Cells in the grid library's 0-based units.
 */
export function emptySlots(cells: readonly GridCell[], columns = GRID_COLUMNS): GridCell[] {
  const bottom = Math.max(0, ...cells.map((cell) => cell.y + cell.h));
  const taken = Array.from({ length: bottom }, () => new Array<boolean>(columns).fill(false));
  for (const cell of cells) {
    for (let y = cell.y; y < cell.y + cell.h; y++) {
      for (let x = Math.max(0, cell.x); x < Math.min(columns, cell.x + cell.w); x++) taken[y][x] = true;
    }
  }
  const slots: GridCell[] = [];
  for (let y = 0; y < bottom; y++) {
    for (let x = 0; x < columns; x++) {
      if (taken[y][x]) continue;
      let w = 0;
      while (x + w < columns && !taken[y][x + w]) w++;
      let h = 1;
      while (y + h < bottom && taken[y + h].slice(x, x + w).every((cell) => !cell)) h++;
      for (let row = y; row < y + h; row++) taken[row].fill(true, x, x + w);
      slots.push({ i: `${EMPTY_SLOT_PREFIX}${x}:${y}`, x, y, w, h });
    }
  }
  return slots;
}

/** An empty slot as the position a widget created in it takes. */
export function slotPosition(slot: GridCell): WidgetPosition {
  return { col: slot.x + 1, row: slot.y + 1, height: slot.h, width: storedWidth(slot.w) };
}
