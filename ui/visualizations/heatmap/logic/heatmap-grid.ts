import type { PivotResult } from "../../../../api/schemas/search.ts";
import type { AggregationWidgetConfig, VisualizationConfigs } from "../../../../api/schemas/widgets.ts";

/**
 * The heatmap's model from a pivot result: row-grouping values down the y axis, column-grouping values
 * along the x axis, the first metric as the cell value. Cells with no bucket take the configured default
 * (the smallest value present, a fixed value, or none), and the colour range is the data's own (auto scale)
 * or the configured z min / z max.
 */

/** Separator between the values of several groupings on one axis. */
export const KEY_SEPARATOR = " ⸱ ";

export interface HeatmapCell {
  /** null: no bucket and no default; drawn as background. */
  value: number | null;
  /** True when `value` came from the default rather than a bucket. */
  isDefault: boolean;
}

export interface HeatmapGrid {
  /** x categories (column keys), each the list of grouping values. */
  columns: string[][];
  /** y categories (row keys), first row first. */
  rows: string[][];
  /** cells[rowIndex][columnIndex]. */
  cells: HeatmapCell[][];
  /** Colour range: values map onto the scale between these. */
  zMin: number;
  zMax: number;
  /** The metric drawn (its name if it has one). */
  seriesName: string;
}

export function heatmapGrid(
  data: PivotResult,
  config: Pick<AggregationWidgetConfig, "series">,
  visualization: VisualizationConfigs["heatmap"],
): HeatmapGrid {
  const firstSeries = config.series[0];
  const leafRows = data.rows.filter((row) => row.source === "leaf");
  const seriesId = firstSeries?.function ?? firstColumnSeriesId(leafRows);
  const seriesName = firstSeries?.config.name || seriesId || "";

  const columnIndex = new Map<string, number>();
  const columns: string[][] = [];
  const present: Array<Map<number, number | null>> = [];
  for (const row of leafRows) {
    const values = new Map<number, number | null>();
    for (const value of row.values) {
      if (value.source !== "col-leaf" || value.key.at(-1) !== seriesId) continue;
      const columnKey = value.key.slice(0, -1);
      const id = JSON.stringify(columnKey);
      let index = columnIndex.get(id);
      if (index === undefined) {
        index = columns.length;
        columnIndex.set(id, index);
        columns.push(columnKey);
      }
      values.set(index, toNumber(value.value));
    }
    present.push(values);
  }

  // Time columns go in time order; value columns keep the order the server ranked them in (first seen).
  const order = columns.map((_, index) => index);
  if (columns.every((key) => key.every((part) => ISO_UTC.test(part)))) {
    order.sort((a, b) => compareKeys(columns[a], columns[b]));
  }

  const found = present.flatMap((values) => [...values.values()].filter((v): v is number => v !== null));
  const smallest = found.length > 0 ? Math.min(...found) : null;
  const fallback = visualization.use_smallest_as_default ? smallest : (visualization.default_value ?? null);

  const cells = present.map((values) =>
    order.map((index): HeatmapCell => {
      const value = values.get(index) ?? null;
      return value !== null ? { value, isDefault: false } : { value: fallback, isDefault: fallback !== null };
    })
  );
  const [zMin, zMax] = colourRange(cells, visualization);
  return {
    columns: order.map((index) => columns[index]),
    rows: leafRows.map((row) => row.key),
    cells,
    zMin,
    zMax,
    seriesName,
  };
}

/** Auto scale: the drawn values' min and max; otherwise z min / z max (falling back to the data's). */
function colourRange(
  cells: HeatmapCell[][],
  visualization: VisualizationConfigs["heatmap"],
): [number, number] {
  const values = cells.flat().flatMap((cell) => (cell.value === null ? [] : [cell.value]));
  const dataMin = values.length > 0 ? values.reduce((a, b) => Math.min(a, b)) : 0;
  const dataMax = values.length > 0 ? values.reduce((a, b) => Math.max(a, b)) : 0;
  if (visualization.auto_scale) return [dataMin, dataMax];
  return [visualization.z_min ?? dataMin, visualization.z_max ?? dataMax];
}

/** Time bucket keys as the search returns them (UTC ISO instants): they sort as text. */
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

function compareKeys(a: readonly string[], b: readonly string[]): number {
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    if (a[i] !== b[i]) return a[i] < b[i] ? -1 : 1;
  }
  return a.length - b.length;
}

function firstColumnSeriesId(rows: PivotResult["rows"]): string | undefined {
  for (const row of rows) {
    const value = row.values.find((v) => v.source === "col-leaf");
    if (value) return value.key.at(-1);
  }
  return undefined;
}

function toNumber(value: number | string | null): number | null {
  if (value === null) return null;
  const number = typeof value === "number" ? value : Number(value);
  return Number.isFinite(number) ? number : null;
}
