import type { ChartData } from "./chart-data.ts";
import { formatFull, timeTicks } from "./time-axis.ts";

/** Room a tick label needs, so labels do not overlap (px). */
const TICK_SPACING = { time: 90, category: 70 } as const;
/** Average width of a tick character at the axes' 11 px font: a longer category label is cut to its room. */
const TICK_CHAR_WIDTH = 6.5;
/** Space kept between neighbouring tick labels, so estimated widths that come out a little short never touch. */
const TICK_LABEL_GAP = 8;
/** A single bar on a time axis is 3% of the time range wide, at least 30 px (spec 001 §9). */
export const SINGLE_BAR_RANGE_SHARE = 0.03;
export const SINGLE_BAR_MIN_WIDTH = 30;

export interface XAxisLayout {
  domain: [number, number];
  ticks: number[];
  /** Tick text by tick value. */
  tickLabels: Map<number, string>;
  /** A band's width in x units: the smallest distance between neighbouring points (bars fill it). */
  band: number;
}

/**
 * The x axis of a cartesian chart over `plotWidth` pixels. Categories sit at 0..n-1 with half a band of room
 * at each end and every k-th label shown; a time axis spans the points (plus half a band each side when bars
 * need the room) and gets round ticks in `timezone`. A single time point spans `range` (the effective time
 * range) so its bar can be 3% of it.
 */
export function xAxisLayout(
  data: ChartData,
  plotWidth: number,
  timezone: string,
  options: { bars: boolean; range?: { from: number; to: number } },
): XAxisLayout {
  const xs = data.points.map((point) => point.x);
  if (data.axis === "category") {
    const every = Math.max(
      1,
      Math.ceil(xs.length / Math.max(1, Math.floor(plotWidth / TICK_SPACING.category))),
    );
    const ticks = xs.filter((_, index) => index % every === 0);
    // Each shown label has the width of `every` categories; host names are longer than that and overlapped.
    const room = (plotWidth / Math.max(1, xs.length)) * every;
    return {
      domain: [-0.5, Math.max(0, xs.length - 1) + 0.5],
      ticks,
      tickLabels: new Map(ticks.map((x) => [x, fitLabel(data.points[x].label, room)])),
      band: 1,
    };
  }
  const band = smallestGap(xs);
  let from = Math.min(...xs);
  let to = Math.max(...xs);
  if (xs.length <= 1 || band === 0) {
    const range = options.range && options.range.to > options.range.from
      ? options.range
      : { from: from - 30 * 60_000, to: to + 30 * 60_000 };
    from = Math.min(from, range.from);
    to = Math.max(to, range.to);
  } else if (options.bars) {
    from -= band / 2;
    to += band / 2;
  }
  const ticks = timeTicks(from, to, timezone, Math.max(2, Math.floor(plotWidth / TICK_SPACING.time)));
  return {
    domain: [from, to],
    ticks: ticks.map((tick) => tick.time),
    tickLabels: new Map(ticks.map((tick) => [tick.time, tick.label])),
    band: band === 0 ? (to - from) * SINGLE_BAR_RANGE_SHARE : band,
  };
}

/** Text of an x value for tooltips and menus: a full time in `timezone`, or the category label. */
export function xValueLabel(data: ChartData, index: number, timezone: string): string {
  const point = data.points[index];
  if (!point) return "";
  return data.axis === "time" ? formatFull(point.x, timezone) : point.label;
}

/** The width of a bar band in pixels; a lone bar gets at least the minimum width. */
export function bandPixels(layout: XAxisLayout, plotWidth: number, points: number): number {
  const span = layout.domain[1] - layout.domain[0];
  const pixels = span > 0 ? (layout.band / span) * plotWidth : plotWidth;
  return points <= 1 ? Math.max(SINGLE_BAR_MIN_WIDTH, pixels) : pixels;
}

/** Index of the point nearest to x (points sorted by x, as a pivot's time buckets are). */
export function nearestPointIndex(xs: readonly number[], x: number): number {
  if (xs.length === 0) return -1;
  let low = 0;
  let high = xs.length - 1;
  while (high - low > 1) {
    const middle = (low + high) >> 1;
    if (xs[middle] <= x) low = middle;
    else high = middle;
  }
  return Math.abs(xs[low] - x) <= Math.abs(xs[high] - x) ? low : high;
}

/** The label, or its start and an ellipsis when it is wider than `room` pixels (the tooltip shows it whole). */
function fitLabel(label: string, room: number): string {
  const max = Math.max(3, Math.floor((room - TICK_LABEL_GAP) / TICK_CHAR_WIDTH));
  return label.length <= max ? label : `${label.slice(0, max - 1)}…`;
}

function smallestGap(xs: readonly number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  let gap = Infinity;
  for (let i = 1; i < sorted.length; i++) {
    const distance = sorted[i] - sorted[i - 1];
    if (distance > 0) gap = Math.min(gap, distance);
  }
  return Number.isFinite(gap) ? gap : 0;
}
