/** Several pies sit in a grid of 4 per row (spec 001 §9). */
export const PIES_PER_ROW = 4;

export interface PieGrid {
  columns: number;
  rows: number;
  cellWidth: number;
  cellHeight: number;
  /** The pie's outer radius, leaving room for its title. */
  radius: number;
}

/** One pie per series, laid out in a grid of at most four columns within width × height. */
export function pieGrid(count: number, width: number, height: number, titleHeight = 20): PieGrid {
  const columns = Math.max(1, Math.min(PIES_PER_ROW, count));
  const rows = Math.max(1, Math.ceil(count / PIES_PER_ROW));
  const cellWidth = Math.floor(width / columns);
  const cellHeight = Math.floor(height / rows);
  const radius = Math.max(10, Math.floor(Math.min(cellWidth, cellHeight - titleHeight) / 2) - 8);
  return { columns, rows, cellWidth, cellHeight, radius };
}
