import { wallTimeIn } from "../../../../shared/wall-time.ts";
import { KEY_SEPARATOR } from "./heatmap-grid.ts";

/**
 * Axis labels of the heatmap: grouping values joined, ISO timestamps (time groupings) shown in the user's
 * zone as `YYYY-MM-DD HH:mm` (seconds only when they are not zero). Log values stay plain text.
 */

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

export function axisLabel(key: readonly string[], timezone: string): string {
  return key.map((part) => formatKeyPart(part, timezone)).join(KEY_SEPARATOR);
}

export function formatKeyPart(part: string, timezone: string): string {
  if (!ISO_INSTANT.test(part)) return part;
  const time = new Date(part);
  if (Number.isNaN(time.getTime())) return part;
  const wall = wallTimeIn(time.getTime(), timezone) ?? wallTimeIn(time.getTime(), "UTC")!;
  const text = `${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}:${wall.second}`;
  return text.endsWith(":00") ? text.slice(0, -3) : text;
}

