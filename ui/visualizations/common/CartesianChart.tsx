import { Box, Text } from "@mantine/core";
import { memo, useMemo } from "react";
import { NO_DATA_AVAILABLE } from "../../common/empty-states.ts";
import type { VisualizationProps } from "../visualization-props.ts";
import type { BarMode } from "../logic/bar-layout.ts";
import { type CartesianKind, type CartesianLayout, cartesianLayout } from "../logic/cartesian-layout.ts";
import type { CurveType } from "../logic/curve-type.ts";
import type { AxisType } from "../logic/value-axis.ts";
import { ChartAxes } from "./ChartAxes.tsx";
import { ChartInteraction } from "./ChartInteraction.tsx";
import { ChartLegend } from "./ChartLegend.tsx";
import { SeriesLayer } from "./SeriesLayer.tsx";

type Props =
  & Pick<
    VisualizationProps,
    "config" | "data" | "width" | "height" | "timezone" | "onChartColorChange" | "onZoom" | "onValueAction"
  >
  & {
    kind: CartesianKind;
    axisType: AxisType;
    barmode?: BarMode;
    curve?: CurveType;
  };

/**
 * The frame of the bar, line, area and scatter charts: one SVG with the axes and grid (ticks we compute, time
 * ticks in the user's zone) and the series, the pointer layer
 * on top handles hover, zoom and value clicks, and the legend below recolours series.
 */
export function CartesianChart({
  kind,
  axisType,
  barmode = "group",
  curve = "linear",
  config,
  data,
  width,
  height,
  timezone,
  onChartColorChange,
  onZoom,
  onValueAction,
}: Props) {
  const layout = useMemo(
    () => cartesianLayout(data, config, { kind, axisType, barmode }, { width, height, timezone }),
    [data, config, kind, axisType, barmode, width, height, timezone],
  );
  const legend = useMemo(
    () =>
      layout.chart.series.map((series) => ({
        name: series.name,
        color: layout.colors.get(series.name) ?? "gray",
      })),
    [layout],
  );
  if (width <= 0 || height <= 0) return null; // not measured yet
  if (layout.chart.points.length === 0 || layout.chart.series.length === 0) {
    return <Text c="dimmed" size="sm" p="xs" data-testid="visualization-empty">{NO_DATA_AVAILABLE}</Text>;
  }
  return (
    <Box pos="relative" w={width} h={height} data-testid="cartesian-visualization" data-kind={kind}>
      <Plot layout={layout} width={width} kind={kind} axisType={axisType} barmode={barmode} curve={curve} />
      <ChartInteraction
        layout={layout}
        kind={kind}
        axisType={axisType}
        config={config}
        width={width}
        timezone={timezone}
        onZoom={onZoom}
        onValueAction={onValueAction}
      />
      <Box h={layout.legendHeight}>
        <ChartLegend entries={legend} onColorChange={onChartColorChange} />
      </Box>
    </Box>
  );
}

interface PlotProps {
  layout: CartesianLayout;
  width: number;
  kind: CartesianKind;
  axisType: AxisType;
  barmode: BarMode;
  curve: CurveType;
}

/** The chart's SVG: grid and axes from our domains and ticks, the series on top. */
const Plot = memo(function Plot({ layout, width, kind, axisType, barmode, curve }: PlotProps) {
  return (
    <svg width={width} height={layout.chartHeight} style={{ display: "block" }} data-testid="chart-surface">
      <ChartAxes layout={layout} axisType={axisType} />
      <SeriesLayer layout={layout} kind={kind} axisType={axisType} barmode={barmode} curve={curve} />
    </svg>
  );
});
