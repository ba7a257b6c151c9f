import type { AggregationWidgetConfig } from "../../../api/schemas/widgets.ts";
import type { PivotResult } from "../../../api/schemas/search.ts";
import { barExtent, type BarMode, type BarSegment, barSegments } from "./bar-layout.ts";
import { type ChartData, pivotToChartData } from "./chart-data.ts";
import { chartColorMap } from "./chart-palette.ts";
import { legendHeight } from "./legend-layout.ts";
import { type PlotRect, plotRect } from "./plot-geometry.ts";
import { type AxisType, drawableValue, type ValueAxis, valueAxis } from "./value-axis.ts";
import { type XAxisLayout, xAxisLayout } from "./x-axis.ts";

export type CartesianKind = "bar" | "line" | "area" | "scatter";

/** Everything a cartesian chart draws, computed once per result and size (hovering does not recompute it). */
export interface CartesianLayout {
  chart: ChartData;
  colors: Map<string, string>;
  /** Bars per series and point (bar charts only). */
  segments: (BarSegment | null)[][];
  x: XAxisLayout;
  y: ValueAxis;
  rect: PlotRect;
  chartHeight: number;
  legendHeight: number;
}

export interface CartesianOptions {
  kind: CartesianKind;
  axisType: AxisType;
  barmode: BarMode;
}

export function cartesianLayout(
  data: PivotResult,
  config: AggregationWidgetConfig,
  options: CartesianOptions,
  size: { width: number; height: number; timezone: string },
): CartesianLayout {
  const chart = pivotToChartData(data, config);
  const colors = chartColorMap(
    chart.series.map((series) => series.name),
    config.formatting_settings?.chart_colors,
  );
  const legend = legendHeight(chart.series.length, size.width);
  const chartHeight = Math.max(60, size.height - legend);
  const rect = plotRect(size.width, chartHeight);
  const bars = options.kind === "bar";
  const segments = bars ? barSegments(chart.series, options.barmode) : [];
  const [low, high] = bars ? barExtent(segments) : valueExtent(chart, options.axisType);
  const range = {
    from: Date.parse(data.effective_timerange.from),
    to: Date.parse(data.effective_timerange.to),
  };
  const x = xAxisLayout(chart, rect.width, size.timezone, { bars, range });
  return {
    chart,
    colors,
    segments,
    x,
    y: valueAxis(low, high, options.axisType),
    rect,
    chartHeight,
    legendHeight: legend,
  };
}

/** The lowest and highest drawable value of all series; lines and areas start from zero like Graylog's. */
function valueExtent(chart: ChartData, axisType: AxisType): [number, number] {
  let low = axisType === "logarithmic" ? Infinity : 0;
  let high = axisType === "logarithmic" ? -Infinity : 0;
  for (const series of chart.series) {
    for (const raw of series.values) {
      const value = drawableValue(raw, axisType);
      if (value === null) continue;
      low = Math.min(low, value);
      high = Math.max(high, value);
    }
  }
  return Number.isFinite(low) ? [low, high] : [1, 10];
}
