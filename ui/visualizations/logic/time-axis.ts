/**
 * Ticks and labels of a time axis in the user's time zone: round steps (a minute, 5 minutes, an hour, a day,
 * a month …) aligned to that zone's wall clock, labels as short as the step allows, the date added where it
 * changes.
 */
import { type WallTime, wallTimeIn, zoneOffset } from "../../../shared/wall-time.ts";

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

/** The wall time in `timezone`; an unknown zone reads as UTC rather than breaking the chart. */
function wallTime(time: number, timezone: string): WallTime {
  return wallTimeIn(time, timezone) ?? wallTimeIn(time, "UTC")!;
}
