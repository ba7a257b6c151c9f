import { memo } from "react";
import type { CartesianLayout } from "../logic/cartesian-layout.ts";
import { xScale, yScale } from "../logic/plot-geometry.ts";
import { type AxisType, formatTickValue } from "../logic/value-axis.ts";

interface Props {
  layout: CartesianLayout;
  axisType: AxisType;
}

/** Tick marks stick out of the axis this far, and labels keep this gap to them (px). */
const TICK_SIZE = 6;
const TICK_GAP = 2;
const LINE_COLOR = "var(--mantine-color-default-border)";
const LABEL_COLOR = "var(--mantine-color-dimmed)";
const LABEL_SIZE = 11;

/**
 * The dashed grid and the two axes of a cartesian chart, as plain SVG from the ticks our layout computed
 * (time ticks in the user's zone, round values, cut category labels). Drawing them ourselves keeps a chart
 * library out of the search page; the series are drawn on top by SeriesLayer.
 */
export const ChartAxes = memo(function ChartAxes({ layout, axisType }: Props) {
  const { rect } = layout;
  const x = xScale(layout.x.domain, rect);
  const y = yScale(layout.y.domain, rect, axisType);
  const [left, right, top, bottom] = [rect.left, rect.left + rect.width, rect.top, rect.top + rect.height];
  const xTicks = layout.x.ticks
    .filter((tick) => tick >= layout.x.domain[0] && tick <= layout.x.domain[1])
    .map((tick) => ({ tick, pixel: x.toPixel(tick) }));
  const yTicks = layout.y.ticks
    .filter((tick) => tick >= layout.y.domain[0] && tick <= layout.y.domain[1])
    .map((tick) => ({ tick, pixel: y.toPixel(tick) }));
  return (
    <>
      <g data-testid="chart-grid" stroke={LINE_COLOR} strokeDasharray="3 3" fill="none">
        {yTicks.map(({ tick, pixel }) => (
          <line key={`h${tick}`} x1={left} x2={right} y1={pixel} y2={pixel} />
        ))}
        {gridColumns(
          xTicks.map(({ pixel }) =>
            pixel
          ),
          left,
          right,
        ).map((pixel) => <line key={`v${pixel}`} x1={pixel} x2={pixel} y1={top} y2={bottom} />)}
      </g>
      <g data-testid="chart-x-axis">
        <line x1={left} x2={right} y1={bottom} y2={bottom} stroke={LINE_COLOR} />
        {xTicks.map(({ tick, pixel }) => (
          <line key={tick} x1={pixel} x2={pixel} y1={bottom} y2={bottom + TICK_SIZE} stroke={LINE_COLOR} />
        ))}
        <g
          className="chart-x-tick-labels"
          fill={LABEL_COLOR}
          fontSize={LABEL_SIZE}
          textAnchor="middle"
        >
          {xTicks.map(({ tick, pixel }) => (
            <text key={tick} x={pixel} y={bottom + TICK_SIZE + TICK_GAP} dy="0.71em">
              {layout.x.tickLabels.get(tick) ?? ""}
            </text>
          ))}
        </g>
      </g>
      <g data-testid="chart-y-axis">
        <line x1={left} x2={left} y1={top} y2={bottom} stroke={LINE_COLOR} />
        {yTicks.map(({ tick, pixel }) => (
          <line key={tick} x1={left - TICK_SIZE} x2={left} y1={pixel} y2={pixel} stroke={LINE_COLOR} />
        ))}
        <g className="chart-y-tick-labels" fill={LABEL_COLOR} fontSize={LABEL_SIZE} textAnchor="end">
          {yTicks.map(({ tick, pixel }) => (
            <text key={tick} x={left - TICK_SIZE - TICK_GAP} y={pixel} dy="0.355em">
              {formatTickValue(tick)}
            </text>
          ))}
        </g>
      </g>
    </>
  );
});

/** Vertical grid lines: one per x tick and one at each edge of the plot (the frame recharts drew), no doubles. */
function gridColumns(ticks: readonly number[], left: number, right: number): number[] {
  return [...new Set([left, ...ticks, right].map((pixel) => Math.round(pixel * 10) / 10))];
}
