import type { ChartData } from "./chart-data.ts";

export interface PieSlice {
  label: string;
  value: number;
  /** The chart point (row) the slice is for. */
  pointIndex: number;
}

export interface PieSeries {
  name: string;
  seriesIndex: number;
  slices: PieSlice[];
}

/**
 * One pie per series (spec 001 §9: several pies in a grid), a slice per row with a positive value (a share
 * cannot be zero or negative). A row without grouping values is labelled by the series.
 */
export function pieData(chart: ChartData): PieSeries[] {
  return chart.series.map((series, seriesIndex) => ({
    name: series.name,
    seriesIndex,
    slices: series.values.flatMap((value, pointIndex) =>
      value !== null && value > 0
        ? [{ label: chart.points[pointIndex].label || series.name, value, pointIndex }]
        : []
    ),
  }));
}

/** Every slice label once, in first-seen order: the legend entries and the colour order of all pies. */
export function sliceLabels(pies: readonly PieSeries[]): string[] {
  return [...new Set(pies.flatMap((pie) => pie.slices.map((slice) => slice.label)))];
}
