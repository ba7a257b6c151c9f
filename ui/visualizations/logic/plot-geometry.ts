import type { AxisType } from "./value-axis.ts";

/** The drawing area inside a chart's axes (px, from the chart's top-left). */
export interface PlotRect {
  left: number;
  top: number;
  width: number;
  height: number;
}

/** Fixed axis sizes, so the plot area is known without measuring the drawn axes. */
export const Y_AXIS_WIDTH = 56;
export const X_AXIS_HEIGHT = 30;
export const CHART_MARGIN = { top: 12, right: 20, bottom: 4, left: 4 } as const;

export function plotRect(width: number, height: number): PlotRect {
  const left = CHART_MARGIN.left + Y_AXIS_WIDTH;
  const top = CHART_MARGIN.top;
  return {
    left,
    top,
    width: Math.max(1, width - left - CHART_MARGIN.right),
    height: Math.max(1, height - top - CHART_MARGIN.bottom - X_AXIS_HEIGHT),
  };
}

/** Maps x values onto the plot's width (and back, for drags and hovering). */
export function xScale(domain: readonly [number, number], rect: PlotRect) {
  const span = domain[1] - domain[0] || 1;
  return {
    toPixel: (value: number) => rect.left + ((value - domain[0]) / span) * rect.width,
    toValue: (pixel: number) => domain[0] + ((pixel - rect.left) / rect.width) * span,
  };
}

/** Maps values onto the plot's height, linearly or logarithmically (the domain is then positive). */
export function yScale(domain: readonly [number, number], rect: PlotRect, type: AxisType) {
  const transform = type === "logarithmic"
    ? (value: number) => Math.log10(Math.max(value, domain[0]))
    : (value: number) => value;
  const low = transform(domain[0]);
  const span = transform(domain[1]) - low || 1;
  const bottom = rect.top + rect.height;
  return {
    toPixel: (value: number) => bottom - ((transform(value) - low) / span) * rect.height,
    toValue: (pixel: number) => {
      const scaled = low + ((bottom - pixel) / rect.height) * span;
      return type === "logarithmic" ? 10 ** scaled : scaled;
    },
  };
}
