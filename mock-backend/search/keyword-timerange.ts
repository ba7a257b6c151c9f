import dayjs, { type Dayjs } from "dayjs";
import isoWeek from "dayjs/plugin/isoWeek.js";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.extend(isoWeek);

/** A keyword time range resolved against a moment: absolute bounds in the given time zone. */
export interface KeywordRange {
  from: Date;
  to: Date;
  timezone: string;
}

export class KeywordParseError extends Error {
  constructor(keyword: string, reason: string) {
    super(`Could not parse keyword '${keyword}': ${reason}`);
    this.name = "KeywordParseError";
  }
}

type Unit = "second" | "minute" | "hour" | "day" | "week" | "month" | "year";

const UNITS: Record<string, Unit> = {
  s: "second", sec: "second", secs: "second", second: "second", seconds: "second",
  m: "minute", min: "minute", mins: "minute", minute: "minute", minutes: "minute",
  h: "hour", hr: "hour", hrs: "hour", hour: "hour", hours: "hour",
  d: "day", day: "day", days: "day",
  w: "week", week: "week", weeks: "week",
  month: "month", months: "month",
  y: "year", year: "year", years: "year",
};

const NUMBER_WORDS: Record<string, number> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10,
  eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, ninety: 90, hundred: 100,
};

/**
 * Natural-language time ranges for keyword searches (spec 001: 'last five minutes', 'yesterday', 'last week',
 * 'from … to …'). A single point ('3 hours ago', 'last week') ranges from that point until now; a named day
 * ('today', 'yesterday') covers that day in the time zone; 'from A to B' takes both ends.
 */
export function parseKeyword(keyword: string, now: Date, timezone = "UTC"): KeywordRange {
  const text = keyword.trim().toLowerCase().replace(/\s+/g, " ");
  if (!text) throw new KeywordParseError(keyword, "it is empty");
  if (!isValidZone(timezone)) throw new KeywordParseError(keyword, `unknown time zone '${timezone}'`);
  const range = parseRange(text, { now: dayjs(now).tz(timezone), zone: timezone, original: keyword });
  if (range.from.isAfter(range.to)) throw new KeywordParseError(keyword, "its start is after its end");
  return { from: range.from.toDate(), to: range.to.toDate(), timezone };
}

interface Bounds {
  from: Dayjs;
  to: Dayjs;
}

/** What every step of the parse needs: the reference moment in the zone, the zone, the keyword for errors. */
interface ParseContext {
  now: Dayjs;
  zone: string;
  original: string;
}

function parseRange(text: string, context: ParseContext): Bounds {
  const { now } = context;
  const fromTo = text.match(/^(?:from |between )?(.+?) (?:to|until|and) (.+)$/);
  if (fromTo && !/^last |^past /.test(text)) {
    return { from: parsePoint(fromTo[1], context, "start"), to: parsePoint(fromTo[2], context, "end") };
  }
  const since = text.match(/^since (.+)$/);
  if (since) return { from: parsePoint(since[1], context, "start"), to: now };
  const day = namedDay(text, now);
  if (day) return day;
  return { from: parsePoint(text, context, "start"), to: now };
}

/** 'today', 'yesterday', 'this week|month|year', 'last|previous week' as calendar periods. */
function namedDay(text: string, now: Dayjs): Bounds | null {
  switch (text) {
    case "today":
      return { from: now.startOf("day"), to: now };
    case "yesterday":
      return { from: now.subtract(1, "day").startOf("day"), to: now.subtract(1, "day").endOf("day") };
    case "this week":
      return { from: now.startOf("isoWeek"), to: now };
    case "this month":
      return { from: now.startOf("month"), to: now };
    case "this year":
      return { from: now.startOf("year"), to: now };
    case "previous week":
      return { from: now.subtract(1, "week").startOf("isoWeek"), to: now.subtract(1, "week").endOf("isoWeek") };
    default:
      return null;
  }
}

/** A single moment: relative ('last 5 minutes', '2 days ago', 'last week'), named ('now', 'midnight'), or a date. */
function parsePoint(text: string, { now, zone, original }: ParseContext, end: "start" | "end"): Dayjs {
  const t = text.trim();
  if (t === "now") return now;
  if (t === "today" || t === "midnight" || t === "today midnight") return end === "start" ? now.startOf("day") : now;
  if (t === "yesterday" || t === "yesterday midnight") return end === "start" ? now.subtract(1, "day").startOf("day") : now.subtract(1, "day").endOf("day");
  if (t === "tomorrow") return now.add(1, "day").startOf("day");
  const last = t.match(/^(?:last|past|the last|the past) (?:(\S+) )?([a-z]+)$/);
  if (last) return now.subtract(amount(last[1] ?? "1", original), unit(last[2], original));
  const ago = t.match(/^(\S+) ([a-z]+) ago$/);
  if (ago) return now.subtract(amount(ago[1], original), unit(ago[2], original));
  const compact = t.match(/^(\d+)([a-z]+)$/);
  if (compact && UNITS[compact[2]]) return now.subtract(Number(compact[1]), UNITS[compact[2]]);
  const date = parseDate(t, zone);
  if (date) return date;
  throw new KeywordParseError(original, `'${text}' is not a time expression`);
}

/** `yyyy-MM-dd[ HH:mm[:ss[.SSS]]][Z]`, in the zone unless it ends with Z. */
function parseDate(text: string, zone: string): Dayjs | null {
  const match = text.match(/^(\d{4})-(\d{2})-(\d{2})(?:[ t](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?)?(z)?$/);
  if (!match) return null;
  const [, y, mo, d, h = "0", mi = "0", s = "0", ms = "0", zulu] = match;
  const local = `${y}-${mo}-${d}T${h.padStart(2, "0")}:${mi}:${s.padStart(2, "0")}.${ms.padEnd(3, "0")}`;
  const parsed = zulu ? dayjs.utc(local) : dayjs.tz(local, zone);
  if (!parsed.isValid() || Number(mo) > 12 || Number(d) > 31) return null;
  return parsed;
}

function amount(word: string, original: string): number {
  const value = /^\d+$/.test(word) ? Number(word) : NUMBER_WORDS[word];
  if (value === undefined) throw new KeywordParseError(original, `'${word}' is not a number`);
  return value;
}

function unit(word: string, original: string): Unit {
  const value = UNITS[word];
  if (!value) throw new KeywordParseError(original, `'${word}' is not a time unit`);
  return value;
}

function isValidZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}
