/**
 * Wall-clock times in an IANA time zone, through one cached Intl formatter per zone: the search page's timestamps,
 * the charts' time axes and the heatmap's labels all read times this way.
 */

/** A time as a clock in some zone shows it, as zero-padded text. */
export interface WallTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const formatters = new Map<string, Intl.DateTimeFormat | null>();

/** The zone's formatter, or null when Intl does not know the zone. */
function formatter(timezone: string): Intl.DateTimeFormat | null {
  if (!formatters.has(timezone)) {
    let created: Intl.DateTimeFormat | null;
    try {
      created = new Intl.DateTimeFormat("en-CA", {
        timeZone: timezone,
        year: "numeric",
        month: "2-digit",
        day: "2-digit",
        hour: "2-digit",
        minute: "2-digit",
        second: "2-digit",
        hourCycle: "h23",
      });
    } catch {
      created = null;
    }
    formatters.set(timezone, created);
  }
  return formatters.get(timezone) ?? null;
}

/** Whether a string is a usable time zone name for Intl. */
export function isTimeZone(timezone: string): boolean {
  return formatter(timezone) !== null;
}

/** The wall time at `time` (ms) in `timezone`; null for an unknown zone. */
export function wallTimeIn(time: number, timezone: string): WallTime | null {
  const parts = formatter(timezone)?.formatToParts(new Date(time));
  if (!parts) return null;
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    year: part("year"),
    month: part("month"),
    day: part("day"),
    hour: part("hour") === "24" ? "00" : part("hour"),
    minute: part("minute"),
    second: part("second"),
  };
}

/** How far `timezone`'s wall clock is ahead of UTC at `time` (ms); an unknown zone reads as UTC. */
export function zoneOffset(time: number, timezone: string): number {
  const wall = wallTimeIn(time, timezone);
  if (!wall) return 0;
  const asUtc = Date.UTC(+wall.year, +wall.month - 1, +wall.day, +wall.hour, +wall.minute, +wall.second);
  return asUtc - Math.floor(time / 1000) * 1000;
}
