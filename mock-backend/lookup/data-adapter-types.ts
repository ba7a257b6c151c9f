import type { DataAdapterConfigOf, DataAdapterType } from "../../api/schemas/lookup-configs.ts";
import { CsvFileAdapter, csvFileProblems } from "./csv-file-adapter.ts";
import type { AdapterEnvironment, LiveDataAdapter } from "./data-adapter.ts";
import { DsvHttpAdapter, dsvHttpProblems } from "./dsv-http-adapter.ts";
import { InternetAdapter } from "./internet-adapter.ts";

/** One data adapter type: its defaults, the server-side checks of its configuration, and how it runs. */
export interface DataAdapterKind<T extends DataAdapterType> {
  /** The configuration a new adapter of this type starts from (GET /system/lookup/types/adapters). */
  defaultConfig: DataAdapterConfigOf<T>;
  /** Problems per field that only the server can see (a missing file, a URL the allow-list refuses). */
  problems(config: DataAdapterConfigOf<T>, env: AdapterEnvironment): Promise<Record<string, string[]>>;
  create(config: DataAdapterConfigOf<T>, env: AdapterEnvironment): LiveDataAdapter;
}

const noProblems = () => Promise.resolve({});

/** Every data adapter type (a closed set: api/schemas/lookup-configs.ts has their schemas). */
export const DATA_ADAPTER_KINDS: { [T in DataAdapterType]: DataAdapterKind<T> } = {
  csvfile: {
    defaultConfig: {
      type: "csvfile",
      path: "",
      separator: ",",
      quotechar: '"',
      key_column: "",
      value_column: "",
      check_interval: 60,
      case_insensitive_lookup: false,
    },
    problems: (config) => csvFileProblems(config),
    create: (config, env) => new CsvFileAdapter(config, env),
  },
  dsvhttp: {
    defaultConfig: {
      type: "dsvhttp",
      url: "",
      refresh_interval: 60,
      separator: ",",
      line_separator: "\n",
      quotechar: '"',
      ignorechar: "#",
      key_column: "",
      value_column: "",
      check_presence_only: false,
      case_insensitive_lookup: false,
      headers: null,
    },
    problems: (config, env) => dsvHttpProblems(config, env),
    create: (config, env) => new DsvHttpAdapter(config, env),
  },
  whois: {
    defaultConfig: { type: "whois", connect_timeout: 10_000, read_timeout: 10_000 },
    problems: noProblems,
    create: (_config, env) => new InternetAdapter("the whois servers of the regional internet registries", env),
  },
  "spamhaus-edrop": {
    defaultConfig: { type: "spamhaus-edrop" },
    problems: noProblems,
    create: (_config, env) =>
      new InternetAdapter("https://www.spamhaus.org/drop/edrop.txt", env, { key: "spamhaus_enabled", source: "Spamhaus (E)DROP lookups" }),
  },
  torexitnode: {
    defaultConfig: { type: "torexitnode" },
    problems: noProblems,
    create: (_config, env) =>
      new InternetAdapter("https://check.torproject.org/exit-addresses", env, { key: "tor_enabled", source: "Tor exit node lookups" }),
  },
  "otx-api": {
    defaultConfig: {
      type: "otx-api",
      indicator: "IPAutoDetect",
      api_key: null,
      api_url: "https://otx.alienvault.com",
      http_user_agent: "Graylog Threat Intelligence Plugin",
      http_connect_timeout: 10_000,
      http_write_timeout: 10_000,
      http_read_timeout: 60_000,
    },
    problems: noProblems,
    create: (config, env) => new InternetAdapter(config.api_url, env),
  },
  "abuse-ch-ransom": {
    defaultConfig: { type: "abuse-ch-ransom", blocklist_type: "DOMAINS", refresh_interval: 150, refresh_interval_unit: "MINUTES" },
    problems: noProblems,
    create: (_config, env) =>
      new InternetAdapter("https://ransomwaretracker.abuse.ch (shut down on 2019-12-08)", env, {
        key: "abusech_ransom_enabled",
        source: "abuse.ch ransomware lookups",
      }),
  },
};
