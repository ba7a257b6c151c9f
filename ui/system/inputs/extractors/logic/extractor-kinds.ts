import type { ConverterType, ExtractorType } from "../../../../../api/schemas/extractors.ts";

/** One configuration value of an extractor or converter type, in Graylog's configuration key. */
export interface ConfigFieldDefinition {
  name: string;
  label: string;
  kind: "text" | "number" | "boolean";
  defaultValue: string | number | boolean;
  help?: string;
  optional?: boolean;
}

const text = (name: string, label: string, defaultValue = "", help?: string, optional = false): ConfigFieldDefinition =>
  ({ name, label, kind: "text", defaultValue, help, optional });
const number = (name: string, label: string, defaultValue: number, help?: string): ConfigFieldDefinition =>
  ({ name, label, kind: "number", defaultValue, help });
const flag = (name: string, label: string, help?: string): ConfigFieldDefinition =>
  ({ name, label, kind: "boolean", defaultValue: false, help });

/** An extractor type as the pages show it: its name, what it does, its configuration. */
export interface ExtractorKindView {
  label: string;
  description: string;
  config: readonly ConfigFieldDefinition[];
  /** Whether it writes one target field (the others write fields named by what they find). */
  storesOneField: boolean;
}

export const EXTRACTOR_KIND_VIEWS: Record<ExtractorType, ExtractorKindView> = {
  copy_input: { label: "Copy input", description: "Copy the whole input value to a field.", config: [], storesOneField: true },
  grok: {
    label: "Grok pattern",
    description: "Extract fields with a grok pattern (the patterns of System → Grok Patterns).",
    config: [text("grok_pattern", "Grok pattern", "", "e.g. %{IP:client} %{WORD:method}"), flag("named_captures_only", "Named captures only", "Keep only the captures you named.")],
    storesOneField: false,
  },
  json: {
    label: "JSON",
    description: "Extract every key of a JSON document as a field.",
    config: [
      flag("flatten", "Flatten structures", "Write nested objects as one key=value list instead of one field per key."),
      text("list_separator", "List item separator", ", "),
      text("key_separator", "Key separator", "_"),
      text("kv_separator", "Key/value separator", "="),
      text("key_prefix", "Key prefix", "", "Put this in front of every field name.", true),
      flag("replace_key_whitespace", "Replace whitespaces in keys"),
      text("key_whitespace_replacement", "Key whitespace replacement", "_"),
    ],
    storesOneField: false,
  },
  regex: {
    label: "Regular expression",
    description: "Extract the first matching group of a regular expression.",
    config: [text("regex_value", "Regular expression", "", "e.g. status=(\\d+): the first group is extracted.")],
    storesOneField: true,
  },
  regex_replace: {
    label: "Replace with regular expression",
    description: "Replace what a regular expression matches ($1 for its first group).",
    config: [text("regex", "Regular expression"), text("replacement", "Replacement", "$1", undefined, true), flag("replace_all", "Replace all occurrences")],
    storesOneField: true,
  },
  split_and_index: {
    label: "Split & Index",
    description: "Split the value by a character and take one part (the first is 1).",
    config: [text("split_by", "Split by", " "), number("index", "Target index", 1)],
    storesOneField: true,
  },
  substring: {
    label: "Substring",
    description: "Take the characters from a begin index to an end index (the first is 0).",
    config: [number("begin_index", "Begin index", 0), number("end_index", "End index", 1)],
    storesOneField: true,
  },
  lookup_table: {
    label: "Lookup Table",
    description: "Look the value up in a lookup table and store what it answers.",
    config: [text("lookup_table_name", "Lookup Table", "", "The lookup table's name.")],
    storesOneField: true,
  },
};

export const CONVERTER_KIND_VIEWS: Record<ConverterType, { label: string; config: readonly ConfigFieldDefinition[] }> = {
  numeric: { label: "Numeric", config: [] },
  date: {
    label: "Date",
    config: [
      text("date_format", "Format string", "yyyy-MM-dd HH:mm:ss", "A Joda-Time pattern, e.g. dd/MMM/yyyy:HH:mm:ss Z"),
      text("time_zone", "Time Zone", "UTC"),
      text("locale", "Locale", "en", undefined, true),
    ],
  },
  hash: { label: "Hash (MD5)", config: [] },
  split_and_count: { label: "Split & Count", config: [text("split_by", "Split by", ",")] },
  ip_anonymizer: { label: "Anonymize IPv4 addresses", config: [] },
  syslog_pri_level: { label: "Syslog level from PRI", config: [] },
  syslog_pri_facility: { label: "Syslog facility from PRI", config: [] },
  tokenizer: { label: "Key = Value pairs to fields", config: [] },
  csv: {
    label: "CSV to fields",
    config: [text("column_header", "Field names", "", "Comma-separated names of the columns."), text("separator", "Separator character", ",")],
  },
  lowercase: { label: "Lowercase", config: [] },
  uppercase: { label: "Uppercase", config: [] },
  flexdate: { label: "Flexibly parse date", config: [text("time_zone", "Time Zone", "UTC")] },
  lookup_table: { label: "Lookup Table", config: [text("lookup_table_name", "Lookup Table")] },
};

/** A configuration with every field at its default. */
export function defaultConfig(fields: readonly ConfigFieldDefinition[]): Record<string, string | number | boolean> {
  return Object.fromEntries(fields.map((field) => [field.name, field.defaultValue]));
}

/** The configuration a form holds, for a stored one: known fields from it, the rest at their defaults. */
export function configFrom(fields: readonly ConfigFieldDefinition[], stored: Record<string, unknown>): Record<string, string | number | boolean> {
  return Object.fromEntries(fields.map((field) => {
    const value = stored[field.name];
    const typed = field.kind === "number" ? Number(value) : field.kind === "boolean" ? value === true : value;
    return [field.name, value === undefined || (field.kind === "number" && !Number.isFinite(typed)) ? field.defaultValue : typed as string | number | boolean];
  }));
}
