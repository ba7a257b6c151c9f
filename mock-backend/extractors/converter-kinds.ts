import { createHash } from "node:crypto";
import type { ConverterType } from "../../api/schemas/extractors.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";
import { decodePriority } from "../import/syslog-facility.ts";
import { KeywordParseError, parseKeyword } from "../search/keyword-timerange.ts";
import type { FieldValue } from "../store/incoming-message.ts";
import type { ExtractorContext } from "./extractor-kinds.ts";
import { parseJodaDate } from "./joda-date-format.ts";

/** A converter's result: the value in place of the extracted one, or fields to add (tokenizer, csv). */
export type Converted = { value: FieldValue } | { fields: Record<string, FieldValue> };
export type Convert = (value: FieldValue) => Converted | null;

type Config = Record<string, unknown>;

const timeZoneOf = (config: Config, type: ConverterType): string => {
  const zone = typeof config.time_zone === "string" && config.time_zone !== "" ? config.time_zone : "UTC";
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
  } catch {
    throw new EntityValidationError(`converters.${type}.time_zone ${zone} is not a known time zone`);
  }
  return zone;
};

/** A date as Graylog writes one (UTC, milliseconds); a `timestamp` target sets the message's time from it. */
const dateValue = (date: Date): Converted => ({ value: date.toISOString() });

/** How each converter type turns an extracted value (Graylog's converters). */
export const CONVERTER_KINDS: Record<ConverterType, (config: Config, context: ExtractorContext) => Convert> = {
  numeric: () => (value) => {
    const number = Number(value);
    return Number.isFinite(number) && String(value).trim() !== "" ? { value: number } : null;
  },
  lowercase: () => (value) => ({ value: String(value).toLowerCase() }),
  uppercase: () => (value) => ({ value: String(value).toUpperCase() }),
  hash: () => (value) => ({ value: createHash("md5").update(String(value)).digest("hex") }),
  split_and_count: (config) => {
    const splitBy = typeof config.split_by === "string" && config.split_by !== "" ? config.split_by : null;
    if (!splitBy) throw new EntityValidationError("converters.split_and_count.split_by is required");
    return (value) => ({ value: String(value).split(splitBy).length });
  },
  ip_anonymizer: () => (value) => ({ value: String(value).replace(/\b(\d{1,3}\.\d{1,3}\.\d{1,3})\.\d{1,3}\b/g, "$1.xxx") }),
  syslog_pri_level: () => (value) => {
    const priority = decodePriority(Number(value));
    return priority ? { value: priority.level } : null;
  },
  syslog_pri_facility: () => (value) => {
    const priority = decodePriority(Number(value));
    return priority ? { value: priority.facility } : null;
  },
  tokenizer: () => (value) => {
    const fields: Record<string, FieldValue> = {};
    for (const match of String(value).matchAll(/([\w.-]+)=(?:"([^"]*)"|'([^']*)'|(\S+))/g)) {
      fields[match[1]] = match[2] ?? match[3] ?? match[4];
    }
    return { fields };
  },
  csv: (config) => {
    const names = typeof config.column_header === "string" ? config.column_header.split(",").map((name) => name.trim()) : [];
    if (names.length === 0 || names[0] === "") throw new EntityValidationError("converters.csv.column_header is required");
    const separator = typeof config.separator === "string" && config.separator !== "" ? config.separator : ",";
    return (value) => {
      const cells = String(value).split(separator);
      return { fields: Object.fromEntries(names.flatMap((name, i) => (cells[i] === undefined ? [] : [[name, cells[i].trim()]]))) };
    };
  },
  date: (config) => {
    const pattern = typeof config.date_format === "string" ? config.date_format.trim() : "";
    if (pattern === "") throw new EntityValidationError("converters.date.date_format is required");
    const zone = timeZoneOf(config, "date");
    return (value) => {
      const date = parseJodaDate(String(value), pattern, zone);
      return date ? dateValue(date) : null;
    };
  },
  // Graylog's flexible date: any date or time a person writes ("2024-03-05 10:11", "yesterday 10am", "Mar 5").
  flexdate: (config) => {
    const zone = timeZoneOf(config, "flexdate");
    return (value) => {
      const text = String(value).trim();
      const exact = /\d/.test(text) && /[-/:T ]/.test(text) ? Date.parse(text) : Number.NaN;
      if (Number.isFinite(exact)) return dateValue(new Date(exact));
      try {
        return dateValue(parseKeyword(text, new Date(), zone).from);
      } catch (error) {
        if (error instanceof KeywordParseError) return null;
        throw error;
      }
    };
  },
  lookup_table: (config, context) => {
    const table = typeof config.lookup_table_name === "string" ? config.lookup_table_name : "";
    if (table === "") throw new EntityValidationError("converters.lookup_table.lookup_table_name is required");
    if (!context.lookupTables.hasTable(table)) throw new EntityValidationError(`converters.lookup_table.lookup_table_name: no lookup table ${table}`);
    return (value) => {
      const found = context.lookupTables.value(table, String(value));
      return found === null ? null : { value: found };
    };
  },
};
