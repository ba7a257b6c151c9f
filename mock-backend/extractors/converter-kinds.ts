import { createHash } from "node:crypto";
import type { ConverterType } from "../../api/schemas/extractors.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";
import { decodePriority } from "../import/syslog-facility.ts";
import type { FieldValue } from "../store/incoming-message.ts";

/** A converter's result: the value in place of the extracted one, or fields to add (tokenizer, csv). */
export type Converted = { value: FieldValue } | { fields: Record<string, FieldValue> };
export type Convert = (value: FieldValue) => Converted | null;

type Config = Record<string, unknown>;

const notYet = (type: ConverterType) => () => {
  throw new EntityValidationError(`converters.${type} is not available yet`);
};

/** How each converter type turns an extracted value (Graylog's converters); those not built refuse to be saved. */
export const CONVERTER_KINDS: Record<ConverterType, (config: Config) => Convert> = {
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
  date: notYet("date"),
  flexdate: notYet("flexdate"),
  lookup_table: notYet("lookup_table"),
};
