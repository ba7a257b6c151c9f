import dayjs from "dayjs";
import customParseFormat from "dayjs/plugin/customParseFormat.js";
import timezone from "dayjs/plugin/timezone.js";
import utc from "dayjs/plugin/utc.js";

dayjs.extend(customParseFormat);
dayjs.extend(utc);
dayjs.extend(timezone);

/** Joda-Time pattern letters (Graylog's date converter) and the dayjs tokens that parse the same text. */
const JODA_TOKENS: ReadonlyArray<[string, string]> = [
  ["yyyy", "YYYY"], ["YYYY", "YYYY"], ["yy", "YY"], ["MMMM", "MMMM"], ["MMM", "MMM"], ["MM", "MM"], ["M", "M"],
  ["dd", "DD"], ["d", "D"], ["HH", "HH"], ["H", "H"], ["hh", "hh"], ["h", "h"], ["mm", "mm"], ["m", "m"],
  ["ss", "ss"], ["s", "s"], ["SSS", "SSS"], ["SS", "SS"], ["S", "S"], ["a", "A"], ["ZZ", "Z"], ["Z", "ZZ"],
];

/** Turns a Joda-Time pattern (`yyyy-MM-dd HH:mm:ss`, `dd/MMM/yyyy:HH:mm:ss Z`, `'T'` literals) into a dayjs format. */
export function dayjsFormatOf(joda: string): string {
  let format = "";
  let at = 0;
  while (at < joda.length) {
    if (joda[at] === "'") {
      const close = joda.indexOf("'", at + 1);
      const literal = joda.slice(at + 1, close < 0 ? joda.length : close);
      format += literal === "" ? "'" : `[${literal}]`;
      at = close < 0 ? joda.length : close + 1;
      continue;
    }
    const token = JODA_TOKENS.find(([letters]) => joda.startsWith(letters, at));
    if (token) {
      format += token[1];
      at += token[0].length;
    } else if (/[A-Za-z]/.test(joda[at])) {
      // A letter dayjs cannot parse (E: day name, z: zone name) is matched as literal text of its length.
      let end = at;
      while (joda[end] === joda[at]) end++;
      format += `[${joda.slice(at, end)}]`;
      at = end;
    } else {
      format += joda[at++];
    }
  }
  return format;
}

/** Parses `text` with a Joda-Time pattern in a time zone (used when the text carries none); null when it does not fit. */
export function parseJodaDate(text: string, pattern: string, timeZone: string): Date | null {
  const format = dayjsFormatOf(pattern);
  // With an offset in the text the zone setting does not apply (and a strict dayjs parse would compare the
  // text with the offset of the machine's zone).
  const parsed = /Z/.test(format) ? dayjs(text.trim(), format) : dayjs.tz(text.trim(), format, timeZone);
  if (!parsed.isValid()) return null;
  // dayjs.tz does not check strictly: reformatting must give back the text.
  if (!/Z/.test(format) && parsed.format(format) !== text.trim()) return null;
  return parsed.toDate();
}
