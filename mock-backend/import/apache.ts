import type { FieldValue } from "../store/incoming-message.ts";
import { accept, type LineParser, reject } from "./line-parser.ts";

/** Common log format, optionally followed by the combined format's referrer and user agent. */
const ACCESS =
  /^(\S+) (\S+) (.+?) \[([^\]]+)\] "((?:[^"\\]|\\.)*)" (\d{3}|-) (\d+|-)(?: "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)")?\s*$/;
/** Apache's `%t`: `10/Oct/2000:13:55:36 -0700`. */
const TIME = /^(\d{2})\/([A-Za-z]{3})\/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$/;
const REQUEST = /^([A-Z][A-Za-z_-]*) (\S+)(?: HTTP\/(\d+(?:\.\d+)?))?$/;
const MONTHS: Record<string, number> = {
  Jan: 0,
  Feb: 1,
  Mar: 2,
  Apr: 3,
  May: 4,
  Jun: 5,
  Jul: 6,
  Aug: 7,
  Sep: 8,
  Oct: 9,
  Nov: 10,
  Dec: 11,
};

/**
 * Apache/NGINX access logs in the common or combined format, into the fields the demo data uses for the same
 * things (fixtures/demo-messages.ts; Graylog's `http_*` names): client_ip, ident, auth, http_method, http_path,
 * http_version (`HTTP/1.1`), http_response_code, bytes, http_referrer, user_agent. The whole line stays the
 * message; `bytes` is left out when the log says `-`; a request line that is no `METHOD path HTTP/x` is kept as
 * `rawrequest`.
 */
export const apacheParser: LineParser = {
  description: "Apache/NGINX access log (common or combined)",
  parse(line, context) {
    const text = line.replace(/\r$/, "");
    if (text.trim() === "") return reject("empty line");
    const match = ACCESS.exec(text);
    if (!match) return reject("not an access log line");
    const [, clientIp, ident, auth, time, request, response, bytes, referrer, agent] = match;
    const timestamp = parseApacheTime(time);
    if (timestamp === null) return reject("invalid timestamp");
    // `timestamp` becomes the message's own timestamp.
    const fields: Record<string, FieldValue> = { client_ip: clientIp, ident, auth };
    const parts = REQUEST.exec(request);
    if (parts) {
      fields.http_method = parts[1];
      fields.http_path = parts[2];
      if (parts[3] !== undefined) fields.http_version = `HTTP/${parts[3]}`;
    } else fields.rawrequest = request;
    if (response !== "-") fields.http_response_code = Number(response);
    if (bytes !== "-") fields.bytes = Number(bytes);
    if (referrer !== undefined) fields.http_referrer = unescape(referrer);
    if (agent !== undefined) fields.user_agent = unescape(agent);
    return accept({ timestamp, source: context.defaultSource, message: text, fields });
  },
};

function unescape(value: string): string {
  return value.replace(/\\(["\\])/g, "$1");
}

export function parseApacheTime(text: string): number | null {
  const t = TIME.exec(text);
  if (!t) return null;
  const month = MONTHS[t[2]];
  if (month === undefined) return null;
  const offset = (t[7] === "-" ? -1 : 1) * (Number(t[8]) * 60 + Number(t[9])) * 60_000;
  const local = Date.UTC(Number(t[3]), month, Number(t[1]), Number(t[4]), Number(t[5]), Number(t[6]));
  if (
    new Date(local).getUTCDate() !== Number(t[1]) || Number(t[4]) > 23 || Number(t[5]) > 59 ||
    Number(t[6]) > 60
  ) return null;
  return local - offset;
}
