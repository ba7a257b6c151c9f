/**
 * Where the heatmap's parts go in a box of `width` × `height`: the plot (cells), row labels on the left,
 * column labels below, the colour bar on the right. Labels are thinned so they do not overlap, and long
 * ones are shortened. Row 0 is drawn at the bottom (the y axis grows upwards, as chart axes do).
 */

export const HEATMAP_FONT_SIZE = 11;
/** Rough width of one character at the label font size; exact metrics would need the DOM. */
const CHAR_WIDTH = 6.4;
const MAX_LABEL_CHARS = 24;
const LEGEND_WIDTH = 72;
const BOTTOM_MARGIN = 22;
const TOP_MARGIN = 8;
const LABEL_GAP = 6;

export interface AxisTick {
  index: number;
  /** Centre of the category on its axis, in box pixels. */
  position: number;
  label: string;
}

export interface HeatmapLayout {
  plot: { x: number; y: number; width: number; height: number };
  cellWidth: number;
  cellHeight: number;
  xTicks: AxisTick[];
  yTicks: AxisTick[];
  legend: { x: number; y: number; width: number; height: number };
}

export function heatmapLayout(
  width: number,
  height: number,
  rowLabels: readonly string[],
  columnLabels: readonly string[],
): HeatmapLayout {
  const longestRow = Math.max(0, ...rowLabels.map((label) => shorten(label).length));
  const left = Math.min(Math.max(30, longestRow * CHAR_WIDTH + LABEL_GAP * 2), width * 0.35);
  const plot = {
    x: left,
    y: TOP_MARGIN,
    width: Math.max(1, width - left - LEGEND_WIDTH),
    height: Math.max(1, height - TOP_MARGIN - BOTTOM_MARGIN),
  };
  const cellWidth = plot.width / Math.max(1, columnLabels.length);
  const cellHeight = plot.height / Math.max(1, rowLabels.length);

  const longestColumn = Math.max(1, ...columnLabels.map((label) => shorten(label).length));
  const xStep = Math.max(1, Math.ceil((longestColumn * CHAR_WIDTH + LABEL_GAP * 2) / cellWidth));
  const yStep = Math.max(1, Math.ceil((HEATMAP_FONT_SIZE + 3) / cellHeight));

  const xTicks = thin(columnLabels, xStep).map(({ index, label }) => ({
    index,
    label,
    position: plot.x + (index + 0.5) * cellWidth,
  }));
  // The left margin is capped at a share of the width: row labels are cut to it, or they run off the box.
  const rowChars = Math.max(3, Math.floor((left - LABEL_GAP * 2) / CHAR_WIDTH));
  const yTicks = thin(rowLabels, yStep).map(({ index, label }) => ({
    index,
    label: shorten(label, rowChars),
    position: plot.y + plot.height - (index + 0.5) * cellHeight,
  }));
  const legend = { x: plot.x + plot.width + 12, y: plot.y, width: 14, height: plot.height };
  return { plot, cellWidth, cellHeight, xTicks, yTicks, legend };
}

/** The cell under a point of the box, or null outside the plot. */
export function cellAt(
  layout: HeatmapLayout,
  x: number,
  y: number,
  rows: number,
  columns: number,
): { row: number; column: number } | null {
  const { plot } = layout;
  if (x < plot.x || y < plot.y || x >= plot.x + plot.width || y >= plot.y + plot.height) return null;
  const column = Math.floor((x - plot.x) / layout.cellWidth);
  const row = Math.floor((plot.y + plot.height - y) / layout.cellHeight);
  if (row < 0 || row >= rows || column < 0 || column >= columns) return null;
  return { row, column };
}

/** The top-left corner of a cell in box pixels. */
export function cellOrigin(layout: HeatmapLayout, row: number, column: number): { x: number; y: number } {
  return {
    x: layout.plot.x + column * layout.cellWidth,
    y: layout.plot.y + layout.plot.height - (row + 1) * layout.cellHeight,
  };
}

export function shorten(label: string, maxChars = MAX_LABEL_CHARS): string {
  return label.length > maxChars ? `${label.slice(0, maxChars - 1)}…` : label;
}

function thin(labels: readonly string[], step: number): Array<{ index: number; label: string }> {
  return labels.flatMap((label, index) => (index % step === 0 ? [{ index, label: shorten(label) }] : []));
}
