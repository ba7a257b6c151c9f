import type { VisualizationConfigs } from "../../../api/schemas/widgets.ts";
import type { ChartSeries } from "./chart-data.ts";

export type BarMode = VisualizationConfigs["bar"]["barmode"];

/** Bars drawn over each other are see-through (spec 001 §9: overlay opacity 0.75). */
export const OVERLAY_OPACITY = 0.75;

/** One bar in data units: its base and top value, and its slot within the x band (0..1 of the band width). */
export interface BarSegment {
  base: number;
  top: number;
  slot: number;
  slotWidth: number;
}

/**
 * Where each series' bars go for a bar mode. group: side by side in the band; stack: each series on top of
 * the running sum of the ones before (negatives pull the sum down); relative: positives stack up from zero and
 * negatives down from zero, separately; overlay: all from zero across the whole band, drawn over each other.
 * Missing values draw no bar (null).
 */
export function barSegments(series: readonly ChartSeries[], mode: BarMode): (BarSegment | null)[][] {
  const count = series.length;
  const points = series[0]?.values.length ?? 0;
  const sums = new Array<number>(points).fill(0);
  const positive = new Array<number>(points).fill(0);
  const negative = new Array<number>(points).fill(0);
  return series.map((entry, seriesIndex) =>
    entry.values.map((value, point) => {
      if (value === null) return null;
      switch (mode) {
        case "group":
          return { base: 0, top: value, slot: seriesIndex / count, slotWidth: 1 / count };
        case "overlay":
          return { base: 0, top: value, slot: 0, slotWidth: 1 };
        case "stack": {
          const base = sums[point];
          sums[point] = base + value;
          return { base, top: base + value, slot: 0, slotWidth: 1 };
        }
        case "relative": {
          const totals = value >= 0 ? positive : negative;
          const base = totals[point];
          totals[point] = base + value;
          return { base, top: base + value, slot: 0, slotWidth: 1 };
        }
      }
    })
  );
}

/** The lowest and highest value the bars reach, zero included (bars grow from zero). */
export function barExtent(segments: readonly (BarSegment | null)[][]): [number, number] {
  let low = 0;
  let high = 0;
  for (const row of segments) {
    for (const segment of row) {
      if (!segment) continue;
      low = Math.min(low, segment.base, segment.top);
      high = Math.max(high, segment.base, segment.top);
    }
  }
  return [low, high];
}

/** Share of a band the bars fill; the rest is the gap between neighbouring bands (very thin bands fill it all). */
export const BAR_FILL = 0.8;

/** The drawn width of a band's bars (px) for a band of `band` px. */
export function barDrawWidth(band: number): number {
  return band > 4 ? band * BAR_FILL : band;
}
