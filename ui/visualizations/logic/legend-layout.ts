/** The legend shows 5 entries per row and is at most 100 px high, scrolling beyond (spec 001 §9). */
export const LEGEND_ENTRIES_PER_ROW = 5;
export const LEGEND_MAX_HEIGHT = 100;
const LEGEND_ROW_HEIGHT = 22;

/** The height the legend takes below a chart; none without series. */
export function legendHeight(entries: number): number {
  if (entries === 0) return 0;
  return Math.min(LEGEND_MAX_HEIGHT, Math.ceil(entries / LEGEND_ENTRIES_PER_ROW) * LEGEND_ROW_HEIGHT + 6);
}
