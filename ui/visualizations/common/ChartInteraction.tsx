import { Box } from "@mantine/core";
import { type MouseEvent, useState } from "react";
import type { AggregationWidgetConfig } from "../../../api/schemas/widgets.ts";
import type { ValueAction, ValuePath } from "../visualization-props.ts";
import { pointPath } from "../logic/chart-data.ts";
import type { CartesianKind, CartesianLayout } from "../logic/cartesian-layout.ts";
import { barDrawWidth } from "../logic/bar-layout.ts";
import { barAt, nearestSeries } from "../logic/hit-test.ts";
import { xScale, yScale } from "../logic/plot-geometry.ts";
import type { AxisType } from "../logic/value-axis.ts";
import { bandPixels, nearestPointIndex, xValueLabel } from "../logic/x-axis.ts";
import { zoomRange } from "../logic/zoom-range.ts";
import { ChartTooltip } from "./ChartTooltip.tsx";
import { ValueActionMenu, type ValueTarget } from "./ValueActionMenu.tsx";

interface Props {
  layout: CartesianLayout;
  kind: CartesianKind;
  axisType: AxisType;
  config: AggregationWidgetConfig;
  width: number;
  timezone: string;
  onZoom?: (from: string, to: string) => void;
  onValueAction?: (action: ValueAction, path: ValuePath) => void;
}

/**
 * The pointer layer over a chart's plot area: hover shows the tooltip and a cursor line, a drag across a time
 * chart zooms to that range, a click opens the value actions of the bar or point under the pointer. It owns
 * the hover state, so moving the pointer never re-renders the chart beneath.
 */
export function ChartInteraction(
  { layout, kind, axisType, config, width, timezone, onZoom, onValueAction }: Props,
) {
  const { chart, rect, colors } = layout;
  const [hover, setHover] = useState<{ index: number; px: number; py: number } | null>(null);
  const [drag, setDrag] = useState<{ start: number; end: number } | null>(null);
  const [menu, setMenu] = useState<ValueTarget | null>(null);
  const x = xScale(layout.x.domain, rect);
  const y = yScale(layout.y.domain, rect, axisType);
  const xs = chart.points.map((point) => point.x);
  const zoomable = chart.axis === "time" && onZoom !== undefined;

  const position = (event: MouseEvent<HTMLDivElement>) => {
    const box = event.currentTarget.getBoundingClientRect();
    return { px: event.clientX - box.left + rect.left, py: event.clientY - box.top + rect.top };
  };
  const handleMove = (event: MouseEvent<HTMLDivElement>) => {
    const { px, py } = position(event);
    if (drag) setDrag({ ...drag, end: px });
    const index = nearestPointIndex(xs, x.toValue(px));
    setHover(index < 0 ? null : { index, px, py });
  };
  const handleDown = (event: MouseEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    const { px } = position(event);
    setDrag({ start: px, end: px });
  };
  const handleUp = (event: MouseEvent<HTMLDivElement>) => {
    const { px, py } = position(event);
    const started = drag;
    setDrag(null);
    if (!started) return;
    const range = zoomable
      ? zoomRange({ pixel: started.start, time: x.toValue(started.start) }, {
        pixel: px,
        time: x.toValue(px),
      })
      : null;
    if (range) {
      onZoom?.(range.from, range.to);
      return;
    }
    if (Math.abs(px - started.start) >= 5 || !onValueAction) return;
    const index = nearestPointIndex(xs, x.toValue(px));
    if (index < 0) return;
    const series = seriesUnderPointer(layout, kind, index, px, x.toPixel(xs[index]), y.toValue(py));
    const name = series >= 0 ? chart.series[series].name : undefined;
    setMenu({
      x: px,
      y: py,
      title: [xValueLabel(chart, index, timezone), name].filter(Boolean).join(" · "),
      path: pointPath(chart, config, index, series >= 0 ? series : undefined),
    });
  };

  const hovered = hover && !drag ? hover : null;
  return (
    <>
      <Box
        data-testid="chart-pointer-layer"
        style={{
          position: "absolute",
          left: rect.left,
          top: rect.top,
          width: rect.width,
          height: rect.height,
          cursor: zoomable ? "crosshair" : "default",
          userSelect: "none",
        }}
        onMouseMove={handleMove}
        onMouseDown={handleDown}
        onMouseUp={handleUp}
        onMouseLeave={() => {
          setHover(null);
          setDrag(null);
        }}
      >
        {hovered && (
          <div
            style={{
              position: "absolute",
              left: x.toPixel(xs[hovered.index]) - rect.left,
              top: 0,
              height: rect.height,
              borderLeft: "1px dashed var(--mantine-color-dimmed)",
              pointerEvents: "none",
            }}
          />
        )}
        {drag && Math.abs(drag.end - drag.start) > 1 && zoomable && (
          <div
            data-testid="chart-zoom-selection"
            style={{
              position: "absolute",
              left: Math.min(drag.start, drag.end) - rect.left,
              width: Math.abs(drag.end - drag.start),
              top: 0,
              height: rect.height,
              // See-through in both schemes, so the bars under the selection stay visible.
              background: "var(--mantine-primary-color-filled)",
              opacity: 0.25,
              pointerEvents: "none",
            }}
          />
        )}
      </Box>
      {hovered && (
        <ChartTooltip
          title={xValueLabel(chart, hovered.index, timezone)}
          rows={chart.series
            .map((series) => ({
              name: series.name,
              color: colors.get(series.name) ?? "gray",
              value: series.values[hovered.index],
            }))
            .filter((row) => row.value !== null)}
          x={hovered.px}
          y={hovered.py + 12}
          chartWidth={width}
        />
      )}
      {onValueAction && (
        <ValueActionMenu
          target={menu}
          onClose={() => setMenu(null)}
          onValueAction={onValueAction}
        />
      )}
    </>
  );
}

/** The series the pointer is on: the bar it is inside, else the series nearest in value. */
function seriesUnderPointer(
  layout: CartesianLayout,
  kind: CartesianKind,
  index: number,
  px: number,
  centerPx: number,
  value: number,
): number {
  if (kind === "bar") {
    const band = barDrawWidth(bandPixels(layout.x, layout.rect.width, layout.chart.points.length));
    const offset = band > 0 ? (px - (centerPx - band / 2)) / band : 0;
    return barAt(layout.segments, index, offset, value);
  }
  return nearestSeries(layout.chart.series.map((series) => series.values[index]), value);
}
