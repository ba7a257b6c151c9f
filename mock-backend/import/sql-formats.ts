import { quoteLiteral } from "../store/sql-text.ts";
import type { ImportFormat } from "./parsers.ts";

/** A field a format's parser sets, with the type its value has (a string, or an integer `Number`). */
export interface SqlFormatField {
  name: string;
  type: "string" | "long";
}

/**
 * A format parsed by DuckDB (mock-backend/import/sql-import.ts): `parse` is a SELECT over `source` (columns n,
 * file_no, line_no, line) that keeps those columns and adds `plain` (PLAIN_LINE), `js` (the line goes to the
 * format's JS parser: always when not `plain`), `reason` (why the line is rejected, as the JS parser words it; NULL
 * when accepted or `js`), `ts` (UTC ms), `source`, `message` and one column per field (NULL when the message has
 * none). `message` must be the whole line: its token text is computed from the line (line-token-texts.ts).
 * `plain` lines hold only printable ASCII and tabs: on them RE2 and JS regular expressions, `trim` and lengths
 * agree, so the SQL gives what the JS parser gives; every other line is parsed by the JS parser itself.
 */
export interface SqlFormat {
  /** In the order the JS parser sets them. */
  fields: readonly SqlFormatField[];
  parse(source: string, context: { now: number; sourceSql: string }): string;
}

/** The JS parser's ACCESS (apache.ts), its optional combined part made a group of its own to tell `""` from absent. */
const ACCESS = String
  .raw`^(\S+) (\S+) (.+?) \[([^\]]+)\] "((?:[^"\\]|\\.)*)" (\d{3}|-) (\d+|-)( "((?:[^"\\]|\\.)*)" "((?:[^"\\]|\\.)*)")?\s*$`;
/**
 * Whether a line is `plain`: printable ASCII and tabs only. A full match of this costs ≈0.75 µs per Apache line, as
 * much as COMMON_ACCESS, which implies it: the Apache parse tests it only on lines that are not common.
 */
export const PLAIN_LINE = String.raw`regexp_full_match(line, '[\t\x20-\x7e]*')`;

/** `[^ \t"\[\]]` (a token) within PLAIN_LINE's characters: printable ASCII but space, `"`, `[` and `]`. */
const TOKEN_CHAR = String.raw`[!#-Z\\^-~]`;
/** `[^"\\]` (inside quotes) within PLAIN_LINE's characters: tab and printable ASCII but `"` and `\`. */
const QUOTED_CHAR = String.raw`[\t !#-\[\]-~]`;
/**
 * The common access-log line (combined format, one-word ident and auth, no escapes, nothing after the agent): for
 * it ACCESS's groups are the pieces between its quotes and spaces, taken by `string_split` (0.16 µs per line)
 * where the 10-group `regexp_extract` costs ≈3 µs. Tokens exclude `[`, `]` and `"`, so `(.+?) \[` and the quoted
 * groups end where the split does. Every character it matches is one PLAIN_LINE allows, so a common line is plain
 * (bench/RESULTS.md "Eighth round": a second full match per line saved).
 */
const COMMON_ACCESS = String
  .raw`${TOKEN_CHAR}+ ${TOKEN_CHAR}+ ${TOKEN_CHAR}+ \[\d{2}/[A-Za-z]{3}/\d{4}:\d{2}:\d{2}:\d{2} [+-]\d{4}\] "${QUOTED_CHAR}*" (\d{3}|-) (\d+|-) "${QUOTED_CHAR}*" "${QUOTED_CHAR}*"`;
const TIME = String.raw`^(\d{2})/([A-Za-z]{3})/(\d{4}):(\d{2}):(\d{2}):(\d{2}) ([+-])(\d{2})(\d{2})$`;
const REQUEST = String.raw`^([A-Z][A-Za-z_-]*) (\S+)(?: HTTP/(\d+(?:\.\d+)?))?$`;
const MONTHS = "['Jan','Feb','Mar','Apr','May','Jun','Jul','Aug','Sep','Oct','Nov','Dec']";
/**
 * Only tabs and spaces (what `trim(line, chr(9) || ' ') = ''` says; that costs ≈1 µs per Apache line, as DuckDB's
 * trim by a set of characters decodes the line; this ≈0.08: bench/RESULTS.md "Eighth round").
 */
const BLANK = String.raw`regexp_full_match(line, '[\t ]*')`;

/** `value.replace(/\\(["\\])/g, "$1")` of apache.ts. */
const unescape = (value: string) =>
  `CASE WHEN contains(${value}, '\\') THEN regexp_replace(${value}, '\\\\(["\\\\])', '\\1', 'g') ELSE ${value} END`;



/** Apache/NGINX access logs as apache.ts parses them. */
const apache: SqlFormat = {
  fields: [
    { name: "client_ip", type: "string" },
    { name: "ident", type: "string" },
    { name: "auth", type: "string" },
    { name: "http_method", type: "string" },
    { name: "http_path", type: "string" },
    { name: "http_version", type: "string" },
    { name: "rawrequest", type: "string" },
    { name: "http_response_code", type: "long" },
    { name: "bytes", type: "long" },
    { name: "http_referrer", type: "string" },
    { name: "user_agent", type: "string" },
  ],
  parse(source, { sourceSql }) {
    const matched = "m.clientip <> ''";
    return `SELECT n, file_no, line_no, line, plain,
        -- bytes beyond 15 digits lose precision in JS's Number: the JS parser gives those lines their value
        NOT plain OR coalesce(${matched} AND m.bytes <> '-' AND length(m.bytes) > 15, false) AS js,
        CASE WHEN NOT plain THEN NULL WHEN ${BLANK} THEN 'empty line' WHEN NOT ${matched} THEN 'not an access log line'
          WHEN NOT ts_ok THEN 'invalid timestamp' END AS reason,
        CASE WHEN ts_ok THEN (date_diff('day', DATE '1970-01-01', make_date(year, month, 1)) + day - 1) * 86400000
          + (hour * 3600 + minute * 60 + second) * 1000
          - (CASE WHEN t.sign = '-' THEN -1 ELSE 1 END) * (TRY_CAST(t.oh AS BIGINT) * 60 + TRY_CAST(t.om AS BIGINT)) * 60000 END AS ts,
        ${sourceSql} AS source, line AS message,
        m.clientip AS client_ip, m.ident AS ident, m.auth AS auth,
        CASE WHEN r.verb <> '' THEN r.verb END AS http_method,
        CASE WHEN r.verb <> '' THEN r.path END AS http_path,
        CASE WHEN r.verb <> '' AND r.version <> '' THEN 'HTTP/' || r.version END AS http_version,
        CASE WHEN r.verb = '' THEN m.request END AS rawrequest,
        CASE WHEN ${matched} AND m.response <> '-' THEN TRY_CAST(m.response AS BIGINT) END AS http_response_code,
        CASE WHEN ${matched} AND m.bytes <> '-' AND length(m.bytes) <= 15 THEN TRY_CAST(m.bytes AS BIGINT) END AS bytes,
        CASE WHEN m.combined <> '' THEN ${unescape("m.referrer")} END AS http_referrer,
        CASE WHEN m.combined <> '' THEN ${unescape("m.agent")} END AS user_agent
      FROM (
        SELECT *,
          -- Date.UTC's checks in parseApacheTime: the day must exist, 23:59:60 rolls into the next day
          coalesce(month > 0 AND hour <= 23 AND minute <= 59 AND second <= 60 AND day >= 1
            AND hour * 3600 + minute * 60 + second < 86400
            AND day <= day(last_day(make_date(year, greatest(month, 1), 1))), false) AS ts_ok
        FROM (
          SELECT *, CASE WHEN t.day <> '' THEN coalesce(list_position(${MONTHS}, t.mon), 0) END AS month,
            -- Date.UTC reads years 0–99 as 1900–1999
            CASE WHEN t.day <> '' THEN CASE WHEN TRY_CAST(t.year AS INTEGER) < 100 THEN TRY_CAST(t.year AS INTEGER) + 1900 ELSE TRY_CAST(t.year AS INTEGER) END END AS year,
            CASE WHEN t.day <> '' THEN TRY_CAST(t.day AS INTEGER) END AS day,
            CASE WHEN t.day <> '' THEN TRY_CAST(t.hour AS INTEGER) END AS hour,
            CASE WHEN t.day <> '' THEN TRY_CAST(t.minute AS INTEGER) END AS minute,
            CASE WHEN t.day <> '' THEN TRY_CAST(t.second AS INTEGER) END AS second
          FROM (
            SELECT *,
              -- a common line's time has COMMON_ACCESS's fixed shape: TIME's groups are fixed places
              CASE WHEN q_common THEN {'day': m.time[1:2], 'mon': m.time[4:6], 'year': m.time[8:11],
                  'hour': m.time[13:14], 'minute': m.time[16:17], 'second': m.time[19:20], 'sign': m.time[22:22],
                  'oh': m.time[23:24], 'om': m.time[25:26]}
                WHEN ${matched} THEN regexp_extract(m.time, ${quoteLiteral(TIME)},
                ['day', 'mon', 'year', 'hour', 'minute', 'second', 'sign', 'oh', 'om']) END AS t,
              CASE WHEN ${matched} THEN regexp_extract(m.request, ${
      quoteLiteral(REQUEST)
    }, ['verb', 'path', 'version']) END AS r
            FROM (
              SELECT *, CASE WHEN NOT plain THEN NULL
                WHEN q_common THEN {
                  'clientip': q_head[1], 'ident': q_head[2], 'auth': q_head[3],
                  'time': substr(q_head[4], 2) || ' ' || left(q_head[5], 5),
                  'request': q_quoted[2], 'response': q_status[2], 'bytes': q_status[3],
                  'combined': ' ', 'referrer': q_quoted[4], 'agent': q_quoted[6]}
                ELSE regexp_extract(line, ${quoteLiteral(ACCESS)},
                ['clientip', 'ident', 'auth', 'time', 'request', 'response', 'bytes', 'combined', 'referrer', 'agent'])
                END AS m
              FROM (SELECT *, string_split(q_quoted[1], ' ') AS q_head, string_split(q_quoted[3], ' ') AS q_status,
                  -- a CASE evaluates its ELSE only on the rows that need it
                  CASE WHEN q_common THEN true ELSE ${PLAIN_LINE} END AS plain
                FROM (SELECT *, string_split(line, '"') AS q_quoted, regexp_full_match(line, ${
      quoteLiteral(COMMON_ACCESS)
    }) AS q_common
                  FROM ${source}) AS q_split) AS q_parts
              ) AS q1) AS q2) AS q3) AS q4`;
  },
};

/** Each line as a message stamped with the import time, as raw.ts reads it. */
const raw: SqlFormat = {
  fields: [],
  parse(source, { now, sourceSql }) {
    return `SELECT n, file_no, line_no, line, plain, NOT plain AS js,
        CASE WHEN plain AND ${BLANK} THEN 'empty line' END AS reason,
        ${Math.round(now)}::BIGINT AS ts, ${sourceSql} AS source, line AS message
      FROM (SELECT *, ${PLAIN_LINE} AS plain FROM ${source}) AS q_plain`;
  },
};

/** The formats DuckDB parses; the others (syslog, gelf) are imported by their JS parsers. */
export const SQL_FORMATS: Partial<Record<ImportFormat, SqlFormat>> = { apache, raw };
