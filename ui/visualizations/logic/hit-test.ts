import type { BarSegment } from "./bar-layout.ts";

/**
 * Which series' bar at one x position holds the cursor: `offset` is where the cursor is across the band (0..1)
 * and `value` its height in data units. Overlaid bars answer the one drawn last (on top). -1 when none does.
 */
export function barAt(
  segments: readonly (readonly (BarSegment | null)[])[],
  point: number,
  offset: number,
  value: number,
): number {
  for (let series = segments.length - 1; series >= 0; series--) {
    const segment = segments[series][point];
    if (!segment) continue;
    const inSlot = offset >= segment.slot && offset <= segment.slot + segment.slotWidth;
    const inHeight = value >= Math.min(segment.base, segment.top) &&
      value <= Math.max(segment.base, segment.top);
    if (inSlot && inHeight) return series;
  }
  return -1;
}

/** The series whose value at a point is nearest to `value` (lines, areas, scatter); -1 when all are empty there. */
export function nearestSeries(values: readonly (number | null)[], value: number): number {
  let best = -1;
  let distance = Infinity;
  values.forEach((candidate, index) => {
    if (candidate === null) return;
    const d = Math.abs(candidate - value);
    if (d < distance) {
      best = index;
      distance = d;
    }
  });
  return best;
}
