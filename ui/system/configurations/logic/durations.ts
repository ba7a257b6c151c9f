import dayjs from "dayjs";
import duration from "dayjs/plugin/duration.js";

dayjs.extend(duration);

const ISO_DURATION = /^P(?!$)(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d+)?S)?)?$/;

/** Whether `text` is an ISO-8601 duration such as PT5M or P1D. */
export function isIsoDuration(text: string): boolean {
  return ISO_DURATION.test(text);
}

/** A session timeout as the server takes it: days to seconds, between one minute and a year. */
export function isSessionTimeout(text: string): boolean {
  if (!/^P(?!$)(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+S)?)?$/.test(text)) return false;
  const ms = dayjs.duration(text).asMilliseconds();
  return ms >= 60_000 && ms <= 365 * 24 * 3600_000;
}

/** "PT1H" → "1 hour"; "PT0S" → "0 seconds"; text that is no duration stays as it is. */
export function describeDuration(text: string): string {
  if (!isIsoDuration(text)) return text;
  const value = dayjs.duration(text);
  const parts: string[] = [];
  const add = (amount: number, unit: string) => amount > 0 && parts.push(`${amount} ${unit}${amount === 1 ? "" : "s"}`);
  add(Math.floor(value.asDays()), "day");
  add(value.hours(), "hour");
  add(value.minutes(), "minute");
  add(value.seconds(), "second");
  return parts.length > 0 ? parts.join(" ") : "0 seconds";
}
