/** Drags shorter than this are clicks, not zooms (px). */
export const MIN_ZOOM_DRAG = 5;

/**
 * The absolute time range a drag across a time chart selects (spec 001 §4: zooming sets an absolute range):
 * ISO strings, earliest first; null for a drag too short to mean a range.
 */
export function zoomRange(
  start: { pixel: number; time: number },
  end: { pixel: number; time: number },
): { from: string; to: string } | null {
  if (Math.abs(end.pixel - start.pixel) < MIN_ZOOM_DRAG) return null;
  const from = Math.min(start.time, end.time);
  const to = Math.max(start.time, end.time);
  if (!Number.isFinite(from) || !Number.isFinite(to) || to <= from) return null;
  return { from: new Date(Math.round(from)).toISOString(), to: new Date(Math.round(to)).toISOString() };
}
