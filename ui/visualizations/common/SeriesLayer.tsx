import { memo } from "react";
import type { CartesianKind, CartesianLayout } from "../logic/cartesian-layout.ts";
import { barDrawWidth, type BarMode, OVERLAY_OPACITY } from "../logic/bar-layout.ts";
import { areaPath, linePath } from "../logic/curve-path.ts";
import type { CurveType } from "../logic/curve-type.ts";
import { xScale, yScale } from "../logic/plot-geometry.ts";
import { type BarRect, dotsPath, rectsPath } from "../logic/series-paths.ts";
import { type AxisType, drawableValue } from "../logic/value-axis.ts";
import { bandPixels } from "../logic/x-axis.ts";

interface Props {
  layout: CartesianLayout;
  kind: CartesianKind;
  axisType: AxisType;
  barmode: BarMode;
  curve: CurveType;
}

/** Dots are drawn on lines only while they stay apart. */
const MAX_POINTS_WITH_DOTS = 60;

/**
 * The series of a cartesian chart, drawn inside the chart's SVG: one path per series (bars, dots, lines) and
 * one more for an area's fill, never an element per point.
 */
export const SeriesLayer = memo(function SeriesLayer({ layout, kind, axisType, barmode, curve }: Props) {
  const { chart, colors, rect } = layout;
  const x = xScale(layout.x.domain, rect);
  const y = yScale(layout.y.domain, rect, axisType);
  const baseline = y.toPixel(
    axisType === "logarithmic"
      ? layout.y.domain[0]
      : Math.max(layout.y.domain[0], Math.min(0, layout.y.domain[1])),
  );
  return (
    <g data-testid="chart-series">
      {chart.series.map((series, seriesIndex) => {
        const color = colors.get(series.name) ?? "currentColor";
        const key = `${seriesIndex}:${series.name}`;
        if (kind === "bar") {
          const band = bandPixels(layout.x, rect.width, chart.points.length);
          const width = barDrawWidth(band);
          const rects: BarRect[] = [];
          layout.segments[seriesIndex].forEach((segment, point) => {
            if (!segment) return;
            const top = drawableValue(segment.top, axisType);
            if (top === null) return;
            const base = drawableValue(segment.base, axisType) ?? layout.y.domain[0];
            const left = x.toPixel(chart.points[point].x) - width / 2 + segment.slot * width;
            const [y1, y2] = [y.toPixel(top), y.toPixel(base)];
            rects.push({
              x: left,
              y: Math.min(y1, y2),
              width: segment.slotWidth * width,
              height: Math.abs(y2 - y1),
            });
          });
          return (
            <path
              key={key}
              d={rectsPath(rects)}
              fill={color}
              fillOpacity={barmode === "overlay" ? OVERLAY_OPACITY : 1}
              data-testid="bar-series"
              data-bars={rects.length}
            />
          );
        }
        const points = series.values.map((raw, point) => {
          const value = drawableValue(raw, axisType);
          return { x: x.toPixel(chart.points[point].x), y: value === null ? null : y.toPixel(value) };
        });
        const drawn = points.filter((p): p is { x: number; y: number } => p.y !== null);
        if (kind === "scatter") {
          return (
            <path
              key={key}
              d={dotsPath(drawn, 4)}
              fill={color}
              fillOpacity={0.85}
              data-testid="scatter-series"
              data-points={drawn.length}
            />
          );
        }
        return (
          <g key={key} data-testid={`${kind}-series`} data-points={drawn.length}>
            {kind === "area" && (
              <path d={areaPath(points, curve, baseline)} fill={color} fillOpacity={0.25} stroke="none" />
            )}
            <path d={linePath(points, curve)} fill="none" stroke={color} strokeWidth={2} />
            {drawn.length <= MAX_POINTS_WITH_DOTS && <path d={dotsPath(drawn, 2.5)} fill={color} />}
          </g>
        );
      })}
    </g>
  );
});
