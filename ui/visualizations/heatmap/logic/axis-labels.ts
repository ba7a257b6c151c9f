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
  // sv-SE formats as "YYYY-MM-DD HH:mm:ss", which reads the same everywhere.
  const text = new Intl.DateTimeFormat("sv-SE", {
    timeZone: safeZone(timezone),
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).format(time);
  return text.endsWith(":00") ? text.slice(0, -3) : text;
}

function safeZone(timezone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: timezone });
    return timezone;
  } catch {
    return "UTC";
  }
}
