import type { HistogramBucket } from "./message-rows.ts";

/** Geometry of the Message Count bar chart (pure, so it is tested without a DOM). */
export interface HistogramLayout {
  plotLeft: number;
  bars: { time: string; count: number; x: number; y: number; width: number; height: number }[];
  gridLines: { value: number; y: number }[];
  ticks: { time: string; x: number }[];
}

const AXIS_BOTTOM = 20;
const TOP = 8;

/** A 'nice' axis maximum: 1, 2 or 5 times a power of ten at or above `max`. */
export function niceMax(max: number): number {
  if (max <= 0) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((f) => f * power).find((candidate) => candidate >= max)!;
}

export function histogramLayout(buckets: readonly HistogramBucket[], width: number, height: number): HistogramLayout {
  const top = niceMax(Math.max(0, ...buckets.map((b) => b.count)));
  const plotLeft = 8 + String(top).length * 7;
  const plotHeight = height - AXIS_BOTTOM - TOP;
  const slot = buckets.length > 0 ? (width - plotLeft) / buckets.length : 0;
  const barWidth = Math.max(1, slot * 0.8);
  const bars = buckets.map((bucket, i) => {
    const h = (bucket.count / top) * plotHeight;
    return { time: bucket.time, count: bucket.count, x: plotLeft + i * slot + (slot - barWidth) / 2, y: TOP + plotHeight - h, width: barWidth, height: h };
  });
  const gridLines = [0, top / 2, top].map((value) => ({ value, y: TOP + plotHeight - (value / top) * plotHeight }));
  const tickEvery = Math.max(1, Math.ceil(buckets.length / Math.max(1, Math.floor((width - plotLeft) / 110))));
  const ticks = bars.filter((_, i) => i % tickEvery === 0).map((bar) => ({ time: bar.time, x: bar.x + bar.width / 2 }));
  return { plotLeft, bars, gridLines, ticks };
}
