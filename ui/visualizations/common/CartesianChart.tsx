import { Box, Text } from "@mantine/core";
import { memo, useMemo } from "react";
import { CartesianGrid, ComposedChart, XAxis, YAxis } from "recharts";
import { NO_DATA_AVAILABLE } from "../../common/empty-states.ts";
import type { VisualizationProps } from "../visualization-props.ts";
import type { BarMode } from "../logic/bar-layout.ts";
import { type CartesianKind, type CartesianLayout, cartesianLayout } from "../logic/cartesian-layout.ts";
import type { RechartsCurveType } from "../logic/curve-type.ts";
import { CHART_MARGIN, X_AXIS_HEIGHT, Y_AXIS_WIDTH } from "../logic/plot-geometry.ts";
import { type AxisType, formatTickValue } from "../logic/value-axis.ts";
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
    curve?: RechartsCurveType;
  };

/**
 * The frame of the bar, line, area and scatter charts: recharts draws the axes and grid (with ticks we compute,
 * time ticks in the user's zone), our SeriesLayer draws the series inside the same SVG, the pointer layer
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
      <Axes layout={layout} width={width} kind={kind} axisType={axisType} barmode={barmode} curve={curve} />
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

interface AxesProps {
  layout: CartesianLayout;
  width: number;
  kind: CartesianKind;
  axisType: AxisType;
  barmode: BarMode;
  curve: RechartsCurveType;
}

const TICK_STYLE = { fill: "var(--mantine-color-dimmed)", fontSize: 11 };
const LINE_COLOR = "var(--mantine-color-default-border)";

/** recharts' part: axes and grid from our domains and ticks, no data of its own (that keeps it fast). */
const Axes = memo(function Axes({ layout, width, kind, axisType, barmode, curve }: AxesProps) {
  return (
    <ComposedChart width={width} height={layout.chartHeight} margin={CHART_MARGIN}>
      <CartesianGrid stroke={LINE_COLOR} strokeDasharray="3 3" />
      <XAxis
        type="number"
        dataKey="x"
        domain={layout.x.domain}
        ticks={layout.x.ticks}
        interval={0}
        allowDataOverflow
        height={X_AXIS_HEIGHT}
        tick={TICK_STYLE}
        stroke={LINE_COLOR}
        tickFormatter={(value: number) => layout.x.tickLabels.get(value) ?? ""}
      />
      <YAxis
        type="number"
        scale={axisType === "logarithmic" ? "log" : "linear"}
        domain={layout.y.domain}
        ticks={layout.y.ticks}
        interval={0}
        allowDataOverflow
        width={Y_AXIS_WIDTH}
        tick={TICK_STYLE}
        stroke={LINE_COLOR}
        tickFormatter={formatTickValue}
      />
      <SeriesLayer layout={layout} kind={kind} axisType={axisType} barmode={barmode} curve={curve} />
    </ComposedChart>
  );
});
