import type { PivotResult } from "../../../api/schemas/search.ts";
import type { AggregationWidgetConfig } from "../../../api/schemas/widgets.ts";
import type { ValuePath } from "../visualization-props.ts";
import { columnFields, hasTimeAxis, rowFields } from "./pivot-fields.ts";
import { HUMAN_SEPARATOR, metricName, metricNames, seriesName } from "./series-names.ts";
import { valuePath } from "./value-path.ts";

/** One drawn series: a metric, either a row total (rollup) or for one combination of column values. */
export interface ChartSeries {
  name: string;
  /** The metric's display name. */
  metric: string;
  /** The column grouping values this series is for; empty for a rollup series. */
  columnKeys: string[];
  rollup: boolean;
  /** One value per point of the chart; null where the pivot has none (or it is not a number). */
  values: (number | null)[];
}

/** One x position: a leaf row of the pivot. */
export interface ChartPoint {
  /** Bucket start (epoch ms) on a time axis, else the row's index. */
  x: number;
  /** The row keys joined ('GET-200'); an ISO bucket start on a time axis. */
  label: string;
  /** The row's grouping values, for value actions. */
  path: ValuePath;
}

export interface ChartData {
  axis: "time" | "category";
  points: ChartPoint[];
  series: ChartSeries[];
}

/**
 * A pivot result as chart series: x is each leaf row (its keys joined; a date on a time axis), and every
 * distinct value key becomes one series, named by the metric for rollup values and by the column keys and
 * metric otherwise. The grand-total row is not a point. Series keep the order they first appear in.
 */
export function pivotToChartData(result: PivotResult, config: AggregationWidgetConfig): ChartData {
  const time = hasTimeAxis(config);
  const names = metricNames(config);
  const fields = rowFields(config);
  const leaves = result.rows.filter((row) => row.source === "leaf");
  const series = new Map<string, ChartSeries>();
  const points = leaves.map((row, index): ChartPoint => ({
    x: time ? Date.parse(row.key[0] ?? "") : index,
    label: row.key.join(HUMAN_SEPARATOR),
    path: valuePath(fields, row.key),
  }));
  leaves.forEach((row, index) => {
    for (const value of row.values) {
      if (value.source !== "row-leaf" && value.source !== "col-leaf") continue;
      const columnKeys = value.key.slice(0, -1);
      const metric = metricName(names, value.key.at(-1) ?? "");
      const name = value.rollup ? metric : seriesName(columnKeys, metric);
      let entry = series.get(name);
      if (!entry) {
        entry = {
          name,
          metric,
          columnKeys: value.rollup ? [] : columnKeys,
          rollup: value.rollup,
          values: leaves.map(() => null),
        };
        series.set(name, entry);
      }
      entry.values[index] = numericValue(value.value);
    }
  });
  const usable = time && points.every((point) => Number.isFinite(point.x));
  if (!usable) {
    return {
      axis: "category",
      points: points.map((point, index) => ({ ...point, x: index })),
      series: [...series.values()],
    };
  }
  // A time grouping may be sorted by a metric; a time axis still draws left to right.
  const order = points.map((_, index) => index).sort((a, b) => points[a].x - points[b].x);
  return {
    axis: "time",
    points: order.map((index) => points[index]),
    series: [...series.values()].map((entry) => ({
      ...entry,
      values: order.map((index) => entry.values[index]),
    })),
  };
}

/** The grouping values of one series at one point: the row's path plus the series' column values. */
export function pointPath(
  data: ChartData,
  config: AggregationWidgetConfig,
  pointIndex: number,
  seriesIndex?: number,
): ValuePath {
  const row = data.points[pointIndex]?.path ?? [];
  const series = seriesIndex === undefined ? undefined : data.series[seriesIndex];
  return series ? [...row, ...valuePath(columnFields(config), series.columnKeys)] : row;
}

function numericValue(value: number | string | null): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && value.trim() !== "") {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}
