/**
 * Dates in queries as Elasticsearch reads them for a `date` field, in UTC: ISO 8601 or Graylog's
 * `yyyy-MM-dd HH:mm:ss.SSS` (any trailing part may be left out), `now`, and date math (`now-5d`, `now-1h/d`,
 * `2024-01-01||+1M`). A bound that rounds up (`gt`, `lte`, and the upper end of a term) fills what is missing
 * with its largest value, so `timestamp:2024-01-01` is that whole day and `[* TO now/d]` ends at 23:59:59.999.
 */

const DATE =
  /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?)?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/;
const MATH_STEP = /^(?:([+-])(\d*)([yMwdhHms])|\/([yMwdhHms]))/;

type Unit = "y" | "M" | "w" | "d" | "h" | "H" | "m" | "s";

/** Epoch milliseconds of `text` as a range bound, or null when it is no date (the clause then matches nothing). */
export function parseDateBound(text: string, now: number, roundUp: boolean): number | null {
  const trimmed = text.trim();
  let anchor: number | null;
  let math: string;
  if (trimmed.startsWith("now")) {
    anchor = now;
    math = trimmed.slice(3);
  } else {
    const separator = trimmed.indexOf("||");
    anchor = parseDate(separator < 0 ? trimmed : trimmed.slice(0, separator), roundUp);
    math = separator < 0 ? "" : trimmed.slice(separator + 2);
  }
  if (anchor === null) return null;
  let value = anchor;
  while (math.length > 0) {
    const step = MATH_STEP.exec(math);
    if (!step) return null;
    math = math.slice(step[0].length);
    if (step[4]) {
      value = roundTo(value, step[4] as Unit, roundUp);
    } else {
      const amount = step[2] === "" ? 1 : Number(step[2]);
      if (!Number.isSafeInteger(amount)) return null;
      value = add(value, (step[1] === "-" ? -1 : 1) * amount, step[3] as Unit);
    }
    if (!Number.isFinite(value)) return null;
  }
  return value;
}

/** `YYYY-MM-DD HH:MM:SS.mmm` for `CAST(? AS TIMESTAMP)`, clamped to the years DuckDB casts. */
export function formatTimestamp(ms: number): string {
  const MIN_MS = utc(1, 0, 1);
  const MAX_MS = utc(9999, 11, 31, 23, 59, 59, 999);
  const clamped = new Date(Math.min(Math.max(ms, MIN_MS), MAX_MS));
  return clamped.toISOString().replace("T", " ").replace("Z", "");
}

function parseDate(text: string, roundUp: boolean): number | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [, year, month, day, hour, minute, second, fraction, zone] = match;
  const parts = [year, month, day, hour, minute, second].map((
    part,
  ) => (part === undefined ? null : Number(part)));
  const [y, mo, d, h, mi, s] = parts as [
    number,
    number | null,
    number | null,
    number | null,
    number | null,
    number | null,
  ];
  if (mo !== null && (mo < 1 || mo > 12)) return null;
  if (d !== null && (d < 1 || d > lastDay(y, mo! - 1))) return null;
  if ((h !== null && h > 23) || (mi !== null && mi > 59) || (s !== null && s > 59)) return null;
  const ms = fraction === undefined ? null : Number(fraction.padEnd(3, "0").slice(0, 3));
  let value = utc(y, (mo ?? 1) - 1, d ?? 1, h ?? 0, mi ?? 0, s ?? 0, ms ?? 0);
  if (roundUp && ms === null) {
    const unit: Unit = mo === null
      ? "y"
      : d === null
      ? "M"
      : h === null
      ? "d"
      : mi === null
      ? "h"
      : s === null
      ? "m"
      : "s";
    value = roundTo(value, unit, true);
  }
  if (zone && zone !== "Z") {
    const sign = zone[0] === "-" ? -1 : 1;
    const digits = zone.slice(1).replace(":", "");
    const offsetHours = Number(digits.slice(0, 2));
    const offsetMinutes = digits.length > 2 ? Number(digits.slice(2)) : 0;
    if (offsetHours > 23 || offsetMinutes > 59) return null;
    value -= sign * (offsetHours * 60 + offsetMinutes) * 60_000;
  }
  return value;
}

/** Date.UTC without its two-digit-year quirk. */
function utc(
  year: number,
  monthIndex: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  ms = 0,
): number {
  const date = new Date(0);
  date.setUTCFullYear(year, monthIndex, day);
  date.setUTCHours(hour, minute, second, ms);
  return date.getTime();
}

function lastDay(year: number, monthIndex: number): number {
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
  return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][monthIndex];
}

function add(value: number, amount: number, unit: Unit): number {
  const fixed: Record<Unit, number> = {
    y: 0,
    M: 0,
    w: 604_800_000,
    d: 86_400_000,
    h: 3_600_000,
    H: 3_600_000,
    m: 60_000,
    s: 1000,
  };
  if (unit !== "y" && unit !== "M") return value + amount * fixed[unit];
  const date = new Date(value);
  const months = date.getUTCFullYear() * 12 + date.getUTCMonth() + (unit === "y" ? amount * 12 : amount);
  const year = Math.floor(months / 12);
  const monthIndex = months - year * 12;
  // Like java.time's plusMonths: the 31st of a shorter month is its last day.
  const day = Math.min(date.getUTCDate(), lastDay(year, monthIndex));
  return utc(
    year,
    monthIndex,
    day,
    date.getUTCHours(),
    date.getUTCMinutes(),
    date.getUTCSeconds(),
    date.getUTCMilliseconds(),
  );
}

function roundTo(value: number, unit: Unit, roundUp: boolean): number {
  const date = new Date(value);
  const year = date.getUTCFullYear();
  const month = date.getUTCMonth();
  const day = date.getUTCDate();
  const floors: Record<Unit, () => number> = {
    y: () => utc(year, 0, 1),
    M: () => utc(year, month, 1),
    w: () => utc(year, month, day) - ((date.getUTCDay() + 6) % 7) * 86_400_000,
    d: () => utc(year, month, day),
    h: () => value - (((value % 3_600_000) + 3_600_000) % 3_600_000),
    H: () => value - (((value % 3_600_000) + 3_600_000) % 3_600_000),
    m: () => value - (((value % 60_000) + 60_000) % 60_000),
    s: () => value - (((value % 1000) + 1000) % 1000),
  };
  const floor = floors[unit]();
  return roundUp ? add(floor, 1, unit) - 1 : floor;
}
