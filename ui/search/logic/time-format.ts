/** Timestamps of the search page in the user's time zone, as 'YYYY-MM-DD HH:mm:ss.SSS'. */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let found = formatters.get(timezone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-CA", {
      timeZone: timezone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timezone, found);
  }
  return found;
}

/** An ISO timestamp in `timezone`; the input unchanged when it is not a date or the zone is unknown. */
export function formatTimestamp(iso: string, timezone: string, withMillis = true): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter(timezone).formatToParts(new Date(time));
  } catch {
    return iso;
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "00";
  const millis = String(new Date(time).getUTCMilliseconds()).padStart(3, "0");
  const base = `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")}:${part("second")}`;
  return withMillis ? `${base}.${millis}` : base;
}

/** Whether a string is a usable time zone name for Intl. */
export function isTimeZone(timezone: string): boolean {
  try {
    formatter(timezone);
    return true;
  } catch {
    return false;
  }
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

/** How far `timezone` is ahead of UTC at `time` (ms). */
function zoneOffset(time: number, timezone: string): number {
  const parts = formatter(timezone).formatToParts(new Date(time));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour") % 24, get("minute"), get("second"));
  return wall - (time - (((time % 1000) + 1000) % 1000));
}

/**
 * Reads 'YYYY-MM-DD [HH:mm:ss[.SSS]]' (spec 001 §5 absolute format) as a wall time in `timezone`; ISO UTC
 * or null when the text is not such a date (time fields beyond 23:59:59 are rejected).
 */
export function parseWallTime(text: string, timezone: string): string | null {
  const match = WALL_TIME.exec(text.trim());
  if (!match) return null;
  const [year, month, day, hour, minute, second, millis] = match.slice(1).map((part) => Number(part ?? 0));
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return null;
  const guess = Date.UTC(year, month - 1, day, hour, minute, second, Number(String(millis).padEnd(3, "0").slice(0, 3)));
  if (new Date(guess).getUTCDate() !== day) return null;
  try {
    let time = guess - zoneOffset(guess, timezone);
    const corrected = zoneOffset(time, timezone);
    if (guess - corrected !== time) time = guess - corrected;
    return new Date(time).toISOString();
  } catch {
    return null;
  }
}
