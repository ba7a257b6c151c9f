/** The legend shows 5 entries per row and is at most 100 px high, scrolling beyond (spec 001 §9). */
export const LEGEND_ENTRIES_PER_ROW = 5;
export const LEGEND_MAX_HEIGHT = 100;
/**
 * The least width of one entry (swatch and name): 5 to a row in a 4-column widget left names like 'PO…', so a
 * narrow legend puts fewer entries in a row.
 */
export const LEGEND_MIN_ENTRY_WIDTH = 90;
/** Space between entries and on each side of the legend (px); ChartLegend draws with these. */
export const LEGEND_COLUMN_GAP = 16;
export const LEGEND_SIDE_PADDING = 8;
const LEGEND_ROW_HEIGHT = 22;

/**
 * Entries per row in a legend `width` pixels wide: as many as keep each at least LEGEND_MIN_ENTRY_WIDTH wide,
 * at most 5, at least 1, and no more than there are entries. An unknown width (not measured yet) allows 5.
 */
export function legendColumns(entries: number, width = Infinity): number {
  const room = width - 2 * LEGEND_SIDE_PADDING + LEGEND_COLUMN_GAP;
  const fitting = Math.floor(room / (LEGEND_MIN_ENTRY_WIDTH + LEGEND_COLUMN_GAP));
  return Math.max(1, Math.min(LEGEND_ENTRIES_PER_ROW, fitting, entries));
}

/** The height the legend takes below a chart `width` pixels wide; none without series. */
export function legendHeight(entries: number, width = Infinity): number {
  if (entries === 0) return 0;
  const rows = Math.ceil(entries / legendColumns(entries, width));
  return Math.min(LEGEND_MAX_HEIGHT, rows * LEGEND_ROW_HEIGHT + 6);
}
