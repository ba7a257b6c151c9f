import { z } from "@hono/zod-openapi";

/**
 * The configurations of lookup data adapters and caches (spec 002 §3 "Lookup data adapter types", §5 "Lookup
 * adapters"), each under its Graylog 5.1 type id. A closed set here: every type has a schema, defaults and a
 * backend implementation (mock-backend/lookup/), and adding one does not compile until all three exist.
 */

/** §5 generic texts. */
const REQUIRED = "Field is required.";
const greaterThan = (n: number) => `Must be greater than ${n}.`;
const smallerThan = (n: number) => `Must be smaller than ${n}.`;

const requiredText = (max = 2_000) => z.string({ message: REQUIRED }).trim().min(1, REQUIRED).max(max, smallerThan(max));
const optionalText = (max = 2_000) => z.string().max(max, smallerThan(max));
const wholeNumber = (min: number, max = Number.MAX_SAFE_INTEGER) =>
  z.number({ message: REQUIRED }).int(REQUIRED).min(min, greaterThan(min)).max(max, smallerThan(max));

export const TIME_UNITS = ["NANOSECONDS", "MICROSECONDS", "MILLISECONDS", "SECONDS", "MINUTES", "HOURS", "DAYS"] as const;
export type TimeUnit = (typeof TIME_UNITS)[number];
const TimeUnitSchema = z.enum(TIME_UNITS, { message: `must be one of ${TIME_UNITS.join(", ")}` });

/** A single character (separator, quote character), as the CSV and DSV adapters take them. */
const oneCharacter = z.string({ message: REQUIRED }).length(1, "Must be a single character.");

export const CsvFileAdapterConfigSchema = z.object({
  type: z.literal("csvfile"),
  path: requiredText(4_096),
  separator: oneCharacter.default(","),
  quotechar: oneCharacter.default('"'),
  key_column: requiredText(200),
  value_column: requiredText(200),
  check_interval: wholeNumber(1).default(60),
  case_insensitive_lookup: z.boolean().default(false),
}).strict();

export const DsvHttpAdapterConfigSchema = z.object({
  type: z.literal("dsvhttp"),
  url: requiredText(4_096),
  refresh_interval: wholeNumber(1).default(60),
  separator: oneCharacter.default(","),
  line_separator: z.string().min(1, REQUIRED).max(10, smallerThan(10)).default("\n"),
  quotechar: oneCharacter.default('"'),
  ignorechar: z.string().max(10, smallerThan(10)).default("#"),
  key_column: requiredText(200),
  value_column: optionalText(200).default(""),
  check_presence_only: z.boolean().default(false),
  case_insensitive_lookup: z.boolean().default(false),
  headers: z.record(z.string(), z.string()).nullable().default(null),
}).strict();

export const WhoisAdapterConfigSchema = z.object({
  type: z.literal("whois"),
  connect_timeout: wholeNumber(1, 3_600_000).default(10_000),
  read_timeout: wholeNumber(1, 3_600_000).default(10_000),
}).strict();

export const SpamhausEdropAdapterConfigSchema = z.object({ type: z.literal("spamhaus-edrop") }).strict();
export const TorExitNodeAdapterConfigSchema = z.object({ type: z.literal("torexitnode") }).strict();

export const OTX_INDICATORS = [
  "IPAutoDetect",
  "IPv4",
  "IPv6",
  "domain",
  "hostname",
  "file",
  "url",
  "cve",
  "nids",
  "correlation-rule",
] as const;

export const OtxAdapterConfigSchema = z.object({
  type: z.literal("otx-api"),
  indicator: z.enum(OTX_INDICATORS, { message: REQUIRED }),
  api_key: optionalText(500).nullable().default(null),
  api_url: requiredText(2_000).default("https://otx.alienvault.com"),
  http_user_agent: requiredText(500).default("Graylog Threat Intelligence Plugin"),
  http_connect_timeout: wholeNumber(1, 3_600_000).default(10_000),
  http_write_timeout: wholeNumber(1, 3_600_000).default(10_000),
  http_read_timeout: wholeNumber(1, 3_600_000).default(60_000),
}).strict();

export const ABUSE_CH_BLOCKLIST_TYPES = ["DOMAINS", "URLS", "IPS"] as const;

export const AbuseChRansomAdapterConfigSchema = z.object({
  type: z.literal("abuse-ch-ransom"),
  blocklist_type: z.enum(ABUSE_CH_BLOCKLIST_TYPES, { message: REQUIRED }),
  refresh_interval: wholeNumber(1).default(150),
  refresh_interval_unit: TimeUnitSchema.default("MINUTES"),
}).strict();

/** Every data adapter configuration, told apart by `type`. */
export const DataAdapterConfigSchema = z.discriminatedUnion("type", [
  CsvFileAdapterConfigSchema,
  DsvHttpAdapterConfigSchema,
  WhoisAdapterConfigSchema,
  SpamhausEdropAdapterConfigSchema,
  TorExitNodeAdapterConfigSchema,
  OtxAdapterConfigSchema,
  AbuseChRansomAdapterConfigSchema,
]).openapi("LookupDataAdapterConfiguration");
export type DataAdapterConfig = z.infer<typeof DataAdapterConfigSchema>;
export type DataAdapterType = DataAdapterConfig["type"];
export type DataAdapterConfigOf<T extends DataAdapterType> = Extract<DataAdapterConfig, { type: T }>;

export const DATA_ADAPTER_CONFIG_SCHEMAS: { [T in DataAdapterType]: z.ZodType<DataAdapterConfigOf<T>> } = {
  csvfile: CsvFileAdapterConfigSchema,
  dsvhttp: DsvHttpAdapterConfigSchema,
  whois: WhoisAdapterConfigSchema,
  "spamhaus-edrop": SpamhausEdropAdapterConfigSchema,
  torexitnode: TorExitNodeAdapterConfigSchema,
  "otx-api": OtxAdapterConfigSchema,
  "abuse-ch-ransom": AbuseChRansomAdapterConfigSchema,
};
export const DATA_ADAPTER_TYPES = Object.keys(DATA_ADAPTER_CONFIG_SCHEMAS) as DataAdapterType[];

/** Graylog's in-memory cache ("guava_cache"): size and expiry after access and after write (0 = never). */
export const InMemoryCacheConfigSchema = z.object({
  type: z.literal("guava_cache"),
  max_size: wholeNumber(0, 10_000_000).default(1000),
  expire_after_access: wholeNumber(0).default(60),
  expire_after_access_unit: TimeUnitSchema.nullable().default("SECONDS"),
  expire_after_write: wholeNumber(0).default(0),
  expire_after_write_unit: TimeUnitSchema.nullable().default(null),
}).strict();

/** The null cache: every lookup asks the data adapter. */
export const NullCacheConfigSchema = z.object({ type: z.literal("none") }).strict();

export const CacheConfigSchema = z.discriminatedUnion("type", [InMemoryCacheConfigSchema, NullCacheConfigSchema])
  .openapi("LookupCacheConfiguration");
export type CacheConfig = z.infer<typeof CacheConfigSchema>;
export type CacheType = CacheConfig["type"];

export const CACHE_CONFIG_SCHEMAS: { [T in CacheType]: z.ZodType<Extract<CacheConfig, { type: T }>> } = {
  guava_cache: InMemoryCacheConfigSchema,
  none: NullCacheConfigSchema,
};
export const CACHE_TYPES = Object.keys(CACHE_CONFIG_SCHEMAS) as CacheType[];

/** Milliseconds in one `unit`. */
export const TIME_UNIT_MS: Record<TimeUnit, number> = {
  NANOSECONDS: 1e-6,
  MICROSECONDS: 1e-3,
  MILLISECONDS: 1,
  SECONDS: 1_000,
  MINUTES: 60_000,
  HOURS: 3_600_000,
  DAYS: 86_400_000,
};
