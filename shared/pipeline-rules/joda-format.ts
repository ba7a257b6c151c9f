/**
 * Joda-Time date patterns, as Graylog's parse_date and format_date take them: `yyyy-MM-dd HH:mm:ss.SSS Z`,
 * `dd/MMM/yyyy:HH:mm:ss Z`, `'T'` literals, `EEE` day names, `a` (AM/PM), `Z`/`ZZ` offsets, time zones by IANA id.
 */

const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

type Field = "year" | "month" | "day" | "hour" | "hour12" | "minute" | "second" | "fraction" | "ampm" | "offset" | "dayName" | "zoneName";
type Part = { literal: string } | { letter: string; width: number };

function tokens(pattern: string): Part[] {
  const parts: Part[] = [];
  let i = 0;
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === "'") {
      const end = pattern.indexOf("'", i + 1);
      if (end === i + 1) (parts.push({ literal: "'" }), i += 2);
      else {
        if (end < 0) throw new Error(`Unterminated quote in the date pattern ${pattern}`);
        parts.push({ literal: pattern.slice(i + 1, end) });
        i = end + 1;
      }
      continue;
    }
    if (/[A-Za-z]/.test(c)) {
      let width = 1;
      while (pattern[i + width] === c) width++;
      parts.push({ letter: c, width });
      i += width;
      continue;
    }
    parts.push({ literal: c });
    i++;
  }
  return parts;
}

const LETTERS: Record<string, Field> = {
  y: "year", Y: "year", M: "month", d: "day", H: "hour", k: "hour", h: "hour12", K: "hour12", m: "minute", s: "second", S: "fraction",
  a: "ampm", Z: "offset", E: "dayName", z: "zoneName",
};

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

function matcher(letter: string, width: number): string {
  switch (LETTERS[letter]) {
    case "month":
      return width >= 3 ? "([A-Za-z]+)" : "(\\d{1,2})";
    case "year":
      return width === 2 ? "(\\d{2})" : "([+-]?\\d{1,9})";
    case "fraction":
      return "(\\d+)";
    case "ampm":
      return "([AaPp][Mm])";
    case "offset":
      return "(Z|[+-]\\d{2}:?\\d{2})";
    case "dayName":
      return "([A-Za-z]+)";
    case "zoneName":
      return "([A-Za-z_/+-]+)";
    case undefined:
      throw new Error(`Unknown pattern letter '${letter}' in the date pattern`);
    default:
      return width >= 2 ? `(\\d{${width},2})` : "(\\d{1,2})";
  }
}

/** The offset of `zone` from UTC at the instant `utcMs`, in milliseconds. */
export function zoneOffsetMs(zone: string, utcMs: number): number {
  if (zone === "UTC" || zone === "Z") return 0;
  const fixed = /^([+-])(\d{2}):?(\d{2})$/.exec(zone);
  if (fixed) return (fixed[1] === "-" ? -1 : 1) * (Number(fixed[2]) * 60 + Number(fixed[3])) * 60_000;
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" })
      .formatToParts(new Date(utcMs)).map((part) => [part.type, part.value]),
  );
  const local = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour), Number(parts.minute), Number(parts.second));
  return local - Math.floor(utcMs / 1000) * 1000;
}

/** Checks that `zone` is an IANA id or a fixed offset. */
export function knownZone(zone: string): boolean {
  if (/^(UTC|Z|[+-]\d{2}:?\d{2})$/.test(zone)) return true;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Parses `text` by a Joda pattern; local times are in `zone` unless the text carries an offset. */
export function parseJodaDate(text: string, pattern: string, zone = "UTC"): number {
  const parts = tokens(pattern);
  const fields: Field[] = [];
  const regex = new RegExp(`^${parts.map((part) => "literal" in part ? escapeRegex(part.literal) : (fields.push(LETTERS[part.letter]), matcher(part.letter, part.width))).join("")}$`);
  const match = regex.exec(text.trim());
  if (!match) throw new Error(`The date "${text}" does not match the pattern ${pattern}`);
  const value: Partial<Record<Field, string>> = {};
  fields.forEach((field, i) => (value[field] = match[i + 1]));
  const month = value.month === undefined ? 1 : /^\d+$/.test(value.month)
    ? Number(value.month)
    : MONTHS.findIndex((name) => name.toLowerCase().startsWith(value.month!.toLowerCase().slice(0, 3))) + 1;
  if (month < 1 || month > 12) throw new Error(`The date "${text}" has no month ${value.month}`);
  let year = value.year === undefined ? 1970 : Number(value.year);
  if (value.year?.length === 2) year += year < 50 ? 2000 : 1900;
  let hour = Number(value.hour ?? value.hour12 ?? 0);
  if (value.ampm) hour = (hour % 12) + (value.ampm.toLowerCase() === "pm" ? 12 : 0);
  const millis = value.fraction === undefined ? 0 : Number(value.fraction.padEnd(3, "0").slice(0, 3));
  const local = Date.UTC(year, month - 1, Number(value.day ?? 1), hour, Number(value.minute ?? 0), Number(value.second ?? 0), millis);
  if (value.offset !== undefined) return local - zoneOffsetMs(value.offset, local);
  const at = value.zoneName !== undefined && knownZone(value.zoneName) ? value.zoneName : zone;
  const guess = local - zoneOffsetMs(at, local);
  return local - zoneOffsetMs(at, guess);
}

/** Writes the instant `utcMs` by a Joda pattern, in `zone`. */
export function formatJodaDate(utcMs: number, pattern: string, zone = "UTC"): string {
  const offset = zoneOffsetMs(zone, utcMs);
  const d = new Date(utcMs + offset);
  const pad = (n: number, width: number) => String(n).padStart(width, "0");
  return tokens(pattern).map((part) => {
    if ("literal" in part) return part.literal;
    const { letter, width } = part;
    switch (LETTERS[letter]) {
      case "year":
        return width === 2 ? pad(d.getUTCFullYear() % 100, 2) : pad(d.getUTCFullYear(), width);
      case "month":
        return width >= 4 ? MONTHS[d.getUTCMonth()] : width === 3 ? MONTHS[d.getUTCMonth()].slice(0, 3) : pad(d.getUTCMonth() + 1, width);
      case "day":
        return pad(d.getUTCDate(), width);
      case "hour":
        return pad(d.getUTCHours(), width);
      case "hour12":
        return pad(d.getUTCHours() % 12 || 12, width);
      case "minute":
        return pad(d.getUTCMinutes(), width);
      case "second":
        return pad(d.getUTCSeconds(), width);
      case "fraction":
        return pad(d.getUTCMilliseconds(), 3).padEnd(width, "0").slice(0, width);
      case "ampm":
        return d.getUTCHours() < 12 ? "AM" : "PM";
      case "dayName":
        return width >= 4 ? DAYS[d.getUTCDay()] : DAYS[d.getUTCDay()].slice(0, 3);
      case "zoneName":
        return zone;
      case "offset": {
        const sign = offset < 0 ? "-" : "+";
        const minutes = Math.abs(offset) / 60_000;
        return `${sign}${pad(Math.floor(minutes / 60), 2)}${width >= 2 ? ":" : ""}${pad(minutes % 60, 2)}`;
      }
      default:
        throw new Error(`Unknown pattern letter '${letter}' in the date pattern`);
    }
  }).join("");
}
