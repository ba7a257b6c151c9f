import type { FieldValue } from "../store/incoming-message.ts";
import { accept, type LineParser, type ParseContext, type ParseResult, reject } from "./line-parser.ts";
import { decodePriority } from "./syslog-facility.ts";

const MONTHS: Record<string, number> = {
  jan: 0,
  feb: 1,
  mar: 2,
  apr: 3,
  may: 4,
  jun: 5,
  jul: 6,
  aug: 7,
  sep: 8,
  oct: 9,
  nov: 10,
  dec: 11,
};

/** `<PRI>` (optional), then the rest. */
const PRI = /^<(\d{1,3})>/;
/** RFC 5424 after the PRI: version, timestamp, host, app, procid, msgid, then structured data and message. */
const RFC5424 = /^(\d{1,2}) (\S+) (\S+) (\S+) (\S+) (\S+) ?(.*)$/s;
/** RFC 3164 timestamp `Mmm dd hh:mm:ss` (day may be space-padded), optionally with fraction and a year. */
const BSD_TIME =
  /^([A-Za-z]{3}) +(\d{1,2}) (?:(\d{4}) )?(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,6}))?(?: (\d{4}))?:? +/;
/** An ISO 8601 timestamp in place of the BSD one (rsyslog's high-precision format). */
const ISO_TIME = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:?\d{2}))\s+/;
/** The tag: `app[pid]:` or `app:`; the app name may hold anything but blanks, `[` and `:` (e.g. `sshd(pam_unix)`). */
const TAG = /^([^\s[\]:]{1,64})(?:\[([^\]\s]{1,32})\])?: ?(.*)$/s;

/**
 * Syslog lines: BSD (RFC 3164, with or without `<PRI>`, the year from the context) and RFC 5424. Fields:
 * timestamp, source (the host), application_name, process_id, message, and facility/level from the PRI.
 */
export const syslogParser: LineParser = {
  description: "Syslog (RFC 3164 with or without <PRI>, RFC 5424)",
  parse(line, context) {
    let rest = line.replace(/\r$/, "");
    if (rest.trim() === "") return reject("empty line");
    let priority: { level: number; facility: string } | null = null;
    const pri = PRI.exec(rest);
    if (pri) {
      priority = decodePriority(Number(pri[1]));
      if (!priority) return reject("invalid PRI");
      rest = rest.slice(pri[0].length);
      const v5424 = RFC5424.exec(rest);
      if (v5424 && /^\d/.test(v5424[2]) && v5424[2].includes("T")) return parse5424(v5424, priority, context);
    }
    let timestamp: number;
    const iso = ISO_TIME.exec(rest);
    if (iso) {
      timestamp = Date.parse(iso[1]);
      if (Number.isNaN(timestamp)) return reject("invalid timestamp");
      rest = rest.slice(iso[0].length);
    } else {
      const bsd = BSD_TIME.exec(rest);
      if (!bsd) return reject("no syslog timestamp");
      const month = MONTHS[bsd[1].toLowerCase()];
      const day = Number(bsd[2]);
      const [hours, minutes, seconds] = [Number(bsd[4]), Number(bsd[5]), Number(bsd[6])];
      if (month === undefined || day < 1 || day > 31 || hours > 23 || minutes > 59 || seconds > 60) {
        return reject("invalid timestamp");
      }
      const year = Number(bsd[3] ?? bsd[8] ?? context.year);
      const millis = bsd[7] ? Math.floor(Number(`0.${bsd[7]}`) * 1000) : 0;
      timestamp = Date.UTC(year, month, day, hours, minutes, seconds, millis);
      if (new Date(timestamp).getUTCDate() !== day) return reject("invalid timestamp");
      rest = rest.slice(bsd[0].length);
    }
    // The host is the next word, unless the line goes straight to a tag (`app[pid]:`), as some daemons log.
    let source = context.defaultSource;
    const host = /^(\S+) +/.exec(rest);
    if (host && !/[[\]:]$|\]:?$/.test(host[1])) {
      source = host[1];
      rest = rest.slice(host[0].length);
    }
    const fields: Record<string, FieldValue> = {};
    let message = rest;
    const tag = TAG.exec(rest);
    if (tag) {
      fields.application_name = tag[1];
      if (tag[2] !== undefined) fields.process_id = /^\d+$/.test(tag[2]) ? Number(tag[2]) : tag[2];
      message = tag[3];
    }
    if (message.trim() === "") message = rest;
    return accept({ timestamp, source, message, fields, ...(priority ?? {}) });
  },
};

function parse5424(
  match: RegExpExecArray,
  priority: { level: number; facility: string },
  context: ParseContext,
): ParseResult {
  const [, , time, host, app, procid, msgid, tail] = match;
  const timestamp = time === "-" ? context.now : Date.parse(time);
  if (Number.isNaN(timestamp)) return reject("invalid timestamp");
  const fields: Record<string, FieldValue> = {};
  if (app !== "-") fields.application_name = app;
  if (procid !== "-") fields.process_id = /^\d+$/.test(procid) ? Number(procid) : procid;
  if (msgid !== "-") fields.msgid = msgid;
  let rest = tail;
  if (rest.startsWith("-")) rest = rest.slice(1);
  else {
    const parsed = parseStructuredData(rest, fields);
    if (parsed === null) return reject("invalid structured data");
    rest = parsed;
  }
  const message = rest.replace(/^ /, "").replace(/^\uFEFF/, "");
  return accept({
    timestamp,
    source: host === "-" ? context.defaultSource : host,
    message,
    fields,
    ...priority,
  });
}

/** Reads `[id k="v" …]…` into fields (each parameter by its name, as Graylog does); returns the text after it. */
function parseStructuredData(text: string, fields: Record<string, FieldValue>): string | null {
  let i = 0;
  while (text[i] === "[") {
    const idEnd = text.slice(i).search(/[ \]]/);
    if (idEnd < 0) return null;
    i += idEnd;
    while (text[i] === " ") {
      const param = /^ ([^= \]"]+)="((?:[^"\\]|\\.)*)"/.exec(text.slice(i));
      if (!param) return null;
      fields[param[1]] = param[2].replace(/\\(["\\\]])/g, "$1");
      i += param[0].length;
    }
    if (text[i] !== "]") return null;
    i++;
  }
  return text.slice(i);
}
