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
import { EVENT_ANNOTATIONS_COLOR, EVENT_ANNOTATIONS_SERIES } from "../../view/event-annotations.ts";
import { type EventMarker, eventMarkers } from "../logic/event-markers.ts";

type Props =
  & Pick<
    VisualizationProps,
    "config" | "data" | "width" | "height" | "timezone" | "onChartColorChange" | "onZoom" | "onValueAction" | "events"
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
  events = [],
}: Props) {
  const layout = useMemo(
    () => cartesianLayout(data, config, { kind, axisType, barmode }, { width, height, timezone }),
    [data, config, kind, axisType, barmode, width, height, timezone],
  );
  const markers = useMemo(() => eventMarkers(layout, events), [layout, events]);
  const legend = useMemo(
    () => [
      ...layout.chart.series.map((series) => ({
        name: series.name,
        color: layout.colors.get(series.name) ?? "gray",
      })),
      // Events are one grey 'Alerts' entry (spec 001 §9); its colour is fixed.
      ...(markers.length > 0 ? [{ name: EVENT_ANNOTATIONS_SERIES, color: EVENT_ANNOTATIONS_COLOR }] : []),
    ],
    [layout, markers],
  );
  if (width <= 0 || height <= 0) return null; // not measured yet
  if (layout.chart.points.length === 0 || layout.chart.series.length === 0) {
    return <Text c="dimmed" size="sm" p="xs" data-testid="visualization-empty">{NO_DATA_AVAILABLE}</Text>;
  }
  return (
    <Box pos="relative" w={width} h={height} data-testid="cartesian-visualization" data-kind={kind}>
      <Plot layout={layout} width={width} kind={kind} axisType={axisType} barmode={barmode} curve={curve} markers={markers} />
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
  markers: readonly EventMarker[];
}

/** The chart's SVG: grid and axes from our domains and ticks, event markers, the series on top. */
const Plot = memo(function Plot({ layout, width, kind, axisType, barmode, curve, markers }: PlotProps) {
  return (
    <svg width={width} height={layout.chartHeight} style={{ display: "block" }} data-testid="chart-surface">
      <ChartAxes layout={layout} axisType={axisType} />
      {markers.map((marker) => (
        <line
          key={marker.id}
          x1={marker.x}
          x2={marker.x}
          y1={layout.rect.top}
          y2={layout.rect.top + layout.rect.height}
          stroke={EVENT_ANNOTATIONS_COLOR}
          strokeWidth={2}
          strokeDasharray="4 3"
          data-testid="event-marker"
        >
          <title>{marker.title}</title>
        </line>
      ))}
      <SeriesLayer layout={layout} kind={kind} axisType={axisType} barmode={barmode} curve={curve} />
    </svg>
  );
});
