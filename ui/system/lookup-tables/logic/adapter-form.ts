import {
  ABUSE_CH_BLOCKLIST_TYPES,
  type CacheType,
  type DataAdapterType,
  OTX_INDICATORS,
  TIME_UNITS,
} from "../../../../api/schemas/lookup-configs.ts";

/**
 * The configuration forms of data adapters and caches, one per type (spec 002 §2 "Lookup data adapter forms per
 * adapter type", §3 fields, §5 validations). Exhaustive records: a new type does not compile until it has a form.
 */

export type ConfigFieldKind = "text" | "number" | "boolean" | "select";

export interface ConfigField {
  /** The configuration key. */
  key: string;
  label: string;
  kind: ConfigFieldKind;
  help?: string;
  /** §5: required fields are refused empty. */
  required?: boolean;
  options?: readonly string[];
}

export interface ConfigTypeForm {
  title: string;
  /** Shown above the fields: what the type does, and what keeps it from working here. */
  notice?: { color: "blue" | "yellow" | "red"; text: string };
  fields: readonly ConfigField[];
}

const INTERNET_NOTICE = "Needs the internet: on a server without internet access lookups answer with an error saying its source cannot be reached.";

export const DATA_ADAPTER_FORMS: Record<DataAdapterType, ConfigTypeForm> = {
  csvfile: {
    title: "CSV File",
    fields: [
      { key: "path", label: "File path", kind: "text", required: true, help: "The path of the CSV file on the server." },
      { key: "separator", label: "Separator", kind: "text", required: true, help: "The delimiter between columns (one character)." },
      { key: "quotechar", label: "Quote character", kind: "text", required: true, help: "The character that quotes values (one character)." },
      { key: "key_column", label: "Key column", kind: "text", required: true, help: "The column whose values are the keys." },
      { key: "value_column", label: "Value column", kind: "text", required: true, help: "The column whose values are the results." },
      { key: "check_interval", label: "Check interval", kind: "number", required: true, help: "How often (seconds) the file is checked for changes." },
      { key: "case_insensitive_lookup", label: "Allow case-insensitive lookups", kind: "boolean" },
    ],
  },
  dsvhttp: {
    title: "DSV File from HTTP",
    fields: [
      { key: "url", label: "File URL", kind: "text", required: true, help: "The URL of the file; it must pass the URL allow-list." },
      { key: "refresh_interval", label: "Refresh interval", kind: "number", required: true, help: "How often (seconds) the file is fetched again." },
      { key: "separator", label: "Separator", kind: "text", required: true },
      { key: "line_separator", label: "Line separator", kind: "text", required: true },
      { key: "quotechar", label: "Quote character", kind: "text", required: true },
      { key: "ignorechar", label: "Ignore lines starting with", kind: "text" },
      { key: "key_column", label: "Key column", kind: "text", required: true, help: "The number or name of the key column." },
      { key: "value_column", label: "Value column", kind: "text", help: "Empty with 'Check presence only'." },
      { key: "check_presence_only", label: "Check presence only", kind: "boolean", help: "A found key answers true." },
      { key: "case_insensitive_lookup", label: "Allow case-insensitive lookups", kind: "boolean" },
    ],
  },
  whois: {
    title: "Whois for IPs",
    notice: { color: "blue", text: INTERNET_NOTICE },
    fields: [
      { key: "connect_timeout", label: "Connect timeout", kind: "number", required: true, help: "Milliseconds." },
      { key: "read_timeout", label: "Read timeout", kind: "number", required: true, help: "Milliseconds." },
    ],
  },
  "spamhaus-edrop": {
    title: "Spamhaus (E)DROP",
    notice: { color: "blue", text: `Looks IP addresses up in Spamhaus' DROP and EDROP lists; no configuration. ${INTERNET_NOTICE}` },
    fields: [],
  },
  torexitnode: {
    title: "Tor Exit Node",
    notice: { color: "blue", text: `Looks IP addresses up in the Tor project's exit node list; no configuration. ${INTERNET_NOTICE}` },
    fields: [],
  },
  "otx-api": {
    title: "AlienVault OTX API",
    notice: { color: "blue", text: INTERNET_NOTICE },
    fields: [
      { key: "indicator", label: "Indicator", kind: "select", required: true, options: OTX_INDICATORS },
      { key: "api_key", label: "OTX API Key", kind: "text", help: "Optional." },
      { key: "api_url", label: "OTX API URL", kind: "text", required: true },
      { key: "http_user_agent", label: "HTTP User-Agent", kind: "text", required: true },
      { key: "http_connect_timeout", label: "HTTP Connect Timeout", kind: "number", required: true, help: "Milliseconds." },
      { key: "http_write_timeout", label: "HTTP Write Timeout", kind: "number", required: true, help: "Milliseconds." },
      { key: "http_read_timeout", label: "HTTP Read Timeout", kind: "number", required: true, help: "Milliseconds." },
    ],
  },
  "abuse-ch-ransom": {
    title: "Ransomware blocklists (deprecated)",
    notice: {
      color: "yellow",
      text: "abuse.ch shut the Ransomware Tracker down on 2019-12-08: this adapter no longer receives data and should not be used.",
    },
    fields: [
      { key: "blocklist_type", label: "Blocklist type", kind: "select", required: true, options: ABUSE_CH_BLOCKLIST_TYPES },
      { key: "refresh_interval", label: "Refresh interval", kind: "number", required: true },
      { key: "refresh_interval_unit", label: "Refresh interval unit", kind: "select", required: true, options: TIME_UNITS },
    ],
  },
};

export const CACHE_FORMS: Record<CacheType, ConfigTypeForm> = {
  guava_cache: {
    title: "Node-local, in-memory cache",
    fields: [
      { key: "max_size", label: "Maximum entries", kind: "number", required: true, help: "The most keys the cache holds (0 = none)." },
      { key: "expire_after_access", label: "Expire after access", kind: "number", required: true, help: "0 = never." },
      { key: "expire_after_access_unit", label: "Expire after access unit", kind: "select", options: TIME_UNITS },
      { key: "expire_after_write", label: "Expire after write", kind: "number", required: true, help: "0 = never." },
      { key: "expire_after_write_unit", label: "Expire after write unit", kind: "select", options: TIME_UNITS },
    ],
  },
  none: {
    title: "Do not cache values",
    notice: { color: "blue", text: "Every lookup asks the data adapter." },
    fields: [],
  },
};

export type ConfigValues = Record<string, unknown>;

/** §5: each required field left empty, by key ("Field is required."). */
export function configProblems(form: ConfigTypeForm, config: ConfigValues): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const field of form.fields) {
    const value = config[field.key];
    if (field.required && (value === undefined || value === null || (typeof value === "string" && value.trim() === ""))) {
      problems[field.key] = "Field is required.";
    } else if (field.kind === "number" && typeof value === "number" && (!Number.isInteger(value) || value < 0)) {
      problems[field.key] = "Must be a whole number, 0 or more.";
    }
  }
  return problems;
}

/** The first message per field of a validate call's answer. */
export function firstErrors(errors: Record<string, readonly string[]>): Record<string, string> {
  return Object.fromEntries(Object.entries(errors).flatMap(([field, messages]) => messages[0] ? [[field, messages[0]]] : []));
}

/** A name from a title, as Graylog's forms suggest it: lower case, words joined by '-'. */
export function nameFromTitle(title: string): string {
  return title.toLowerCase().replace(/[^a-z0-9_-]+/g, "-").replace(/^-+|-+$/g, "");
}
