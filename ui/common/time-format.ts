/** Timestamps of the search page in the user's time zone, as 'YYYY-MM-DD HH:mm:ss.SSS'. */
import { isTimeZone, wallTimeIn, zoneOffset } from "../../shared/wall-time.ts";

/** An ISO timestamp in `timezone`; the input unchanged when it is not a date or the zone is unknown. */
export function formatTimestamp(iso: string, timezone: string, withMillis = true): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  const wall = wallTimeIn(time, timezone);
  if (!wall) return iso;
  const millis = String(new Date(time).getUTCMilliseconds()).padStart(3, "0");
  const base = `${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}:${wall.second}`;
  return withMillis ? `${base}.${millis}` : base;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?$/;

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
  if (!isTimeZone(timezone)) return null;
  let time = guess - zoneOffset(guess, timezone);
  const corrected = zoneOffset(time, timezone);
  if (guess - corrected !== time) time = guess - corrected;
  return new Date(time).toISOString();
}
