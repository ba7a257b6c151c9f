/**
 * Ticks and labels of a time axis in the user's time zone: round steps (a minute, 5 minutes, an hour, a day,
 * a month …) aligned to that zone's wall clock, labels as short as the step allows, the date added where it
 * changes.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Fixed-length steps; months and years follow as calendar steps. */
const FIXED_STEPS = [
  SECOND,
  2 * SECOND,
  5 * SECOND,
  10 * SECOND,
  15 * SECOND,
  30 * SECOND,
  MINUTE,
  2 * MINUTE,
  5 * MINUTE,
  10 * MINUTE,
  15 * MINUTE,
  30 * MINUTE,
  HOUR,
  2 * HOUR,
  3 * HOUR,
  6 * HOUR,
  12 * HOUR,
  DAY,
  2 * DAY,
  7 * DAY,
  14 * DAY,
];
const MONTH_STEPS = [1, 3, 6, 12];
const AVERAGE_MONTH = 30.44 * DAY;

export interface TimeTick {
  time: number;
  label: string;
}

/** At most about `maxTicks` ticks within [from, to] (epoch ms), labelled in `timezone`. */
export function timeTicks(from: number, to: number, timezone: string, maxTicks: number): TimeTick[] {
  if (!(to > from) || maxTicks < 1) {
    return Number.isFinite(from) ? [{ time: from, label: formatFull(from, timezone) }] : [];
  }
  const span = to - from;
  const fixed = FIXED_STEPS.find((step) => span / step <= maxTicks);
  const months = MONTH_STEPS.find((step) => span / (step * AVERAGE_MONTH) <= maxTicks) ??
    Math.ceil(span / (maxTicks * AVERAGE_MONTH * 12)) * 12;
  const times = fixed !== undefined
    ? fixedStepTicks(from, to, fixed, timezone)
    : monthStepTicks(from, to, months, timezone);
  const step = fixed ?? AVERAGE_MONTH;
  let previousDate = "";
  return times.map((time) => {
    const wall = wallTime(time, timezone);
    const date = `${wall.month}-${wall.day}`;
    const label = tickLabel(wall, step, date !== previousDate);
    previousDate = date;
    return { time, label };
  });
}

/** A full timestamp 'YYYY-MM-DD HH:mm:ss' in `timezone` (tooltips, zoom). */
export function formatFull(time: number, timezone: string): string {
  const wall = wallTime(time, timezone);
  return `${wall.year}-${wall.month}-${wall.day} ${wall.hour}:${wall.minute}:${wall.second}`;
}

function tickLabel(wall: WallTime, step: number, newDate: boolean): string {
  if (step >= AVERAGE_MONTH) return `${wall.year}-${wall.month}`;
  if (step >= DAY) return `${wall.month}-${wall.day}`;
  const clock = step < MINUTE ? `${wall.hour}:${wall.minute}:${wall.second}` : `${wall.hour}:${wall.minute}`;
  return newDate ? `${wall.month}-${wall.day} ${clock}` : clock;
}

function fixedStepTicks(from: number, to: number, step: number, timezone: string): number[] {
  const ticks: number[] = [];
  // Steps align in wall-clock time (a day starts at local midnight), so shift by the zone's offset.
  const offset = zoneOffset(from, timezone);
  let local = Math.ceil((from + offset) / step) * step;
  for (let guard = 0; guard < 1000; guard++, local += step) {
    const time = local - zoneOffset(local - offset, timezone);
    if (time > to) break;
    if (time >= from) ticks.push(time);
  }
  return ticks;
}

function monthStepTicks(from: number, to: number, months: number, timezone: string): number[] {
  const start = wallTime(from, timezone);
  const year = Number(start.year);
  let month = Math.ceil((Number(start.month) - 1) / months) * months; // 0-based, aligned to the step
  const ticks: number[] = [];
  for (let guard = 0; guard < 1000; guard++, month += months) {
    const local = Date.UTC(year, month, 1);
    const time = local - zoneOffset(local, timezone);
    if (time > to) break;
    if (time >= from) ticks.push(time);
  }
  return ticks;
}

interface WallTime {
  year: string;
  month: string;
  day: string;
  hour: string;
  minute: string;
  second: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timezone: string): Intl.DateTimeFormat {
  let found = formatters.get(timezone);
  if (!found) {
    try {
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
    } catch {
      // An unknown zone name reads as UTC rather than breaking the chart.
      found = formatter("UTC");
    }
    formatters.set(timezone, found);
  }
  return found;
}

function wallTime(time: number, timezone: string): WallTime {
  const parts = formatter(timezone).formatToParts(new Date(time));
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

/** How far `timezone`'s wall clock is ahead of UTC at `time` (ms). */
function zoneOffset(time: number, timezone: string): number {
  const wall = wallTime(time, timezone);
  const asUtc = Date.UTC(+wall.year, +wall.month - 1, +wall.day, +wall.hour, +wall.minute, +wall.second);
  return asUtc - Math.floor(time / SECOND) * SECOND;
}
