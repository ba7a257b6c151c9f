import type { PivotResult } from "../../../api/schemas/search.ts";
import { type AggregationWidgetConfig, AggregationWidgetConfigSchema } from "../../../api/schemas/widgets.ts";

/**
 * Pivot results shaped as the embedded backend answers them (mock-backend/search/pivot/pivot-rows.ts): leaf
 * rows with row-leaf (rollup) values then col-leaf values per column key, a non-leaf grand total with rollup.
 */

export const FROM = Date.UTC(2024, 0, 1, 10, 0, 0);

export function widgetConfig(overrides: Partial<AggregationWidgetConfig> = {}): AggregationWidgetConfig {
  return AggregationWidgetConfigSchema.parse({
    row_pivots: [{ type: "time", fields: ["timestamp"], config: { interval: { type: "auto", scaling: 1 } } }],
    series: [{ function: "count()", config: {} }],
    visualization: "bar",
    ...overrides,
  });
}

interface PivotOptions {
  /** Row keys of each leaf row. */
  rows: string[][];
  /** Column keys; none for an aggregation without column groupings. */
  columns?: string[][];
  /** Series ids (metric function texts). */
  series?: string[];
  rollup?: boolean;
  /** The value of a cell: row index, column index (-1 for the rollup), series index. */
  value?: (row: number, column: number, series: number) => number | null;
  range?: { from: number; to: number };
}

export function pivotResult({
  rows,
  columns = [],
  series = ["count()"],
  rollup = true,
  value = (row, column, s) => (row + 1) * 10 + (column + 1) + s * 100,
  range = { from: FROM, to: FROM + 3_600_000 },
}: PivotOptions): PivotResult {
  const leafRows = rows.map((key, row) => ({
    key,
    source: "leaf" as const,
    values: [
      ...(columns.length === 0 || rollup
        ? series.map((id, s) => ({
          key: [id],
          value: value(row, -1, s),
          rollup: true,
          source: "row-leaf" as const,
        }))
        : []),
      ...columns.flatMap((columnKey, column) =>
        series.map((id, s) => ({
          key: [...columnKey, id],
          value: value(row, column, s),
          rollup: false,
          source: "col-leaf" as const,
        }))
      ),
    ],
  }));
  const total = rows.length > 0 && rollup
    ? [{
      key: [],
      source: "non-leaf" as const,
      values: series.map((id) => ({ key: [id], value: 999, rollup: true, source: "row-inner" as const })),
    }]
    : [];
  return {
    id: "pivot-1",
    type: "pivot",
    rows: [...leafRows, ...total],
    total: 1234,
    effective_timerange: {
      type: "absolute",
      from: new Date(range.from).toISOString(),
      to: new Date(range.to).toISOString(),
    },
  };
}

/** Row keys of `count` time buckets `stepMs` apart from FROM. */
export function timeRows(count: number, stepMs = 60_000): string[][] {
  return Array.from({ length: count }, (_, index) => [new Date(FROM + index * stepMs).toISOString()]);
}
