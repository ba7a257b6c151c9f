import { z } from "@hono/zod-openapi";
import type { EntityPage, PageRequest } from "./paginated.ts";
import {
  type CacheConfig,
  CacheConfigSchema,
  type DataAdapterConfig,
  DataAdapterConfigSchema,
  TIME_UNITS,
} from "./lookup-configs.ts";

/**
 * Lookup tables, their caches and data adapters (spec 002: System → Lookup Tables; Graylog 5.1
 * `/system/lookup/…`, the shapes of LookupTableApi, CacheApi, DataAdapterApi, their pages, LookupResult,
 * ValidationResult and ErrorStates).
 */

const ObjectIdSchema = z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character hex ObjectId");
const REQUIRED = "Field is required.";

/** Graylog's entity scope; every entity made here is the default scope (editable, deletable). */
const ScopeSchema = z.string();

/** The types a table's default values are read as (Graylog's LookupDefaultValue.Type). */
export const DEFAULT_VALUE_TYPES = ["STRING", "NUMBER", "OBJECT", "BOOLEAN", "NULL"] as const;
export type DefaultValueType = (typeof DEFAULT_VALUE_TYPES)[number];

export const LookupTableSchema = z.object({
  id: ObjectIdSchema,
  _scope: ScopeSchema,
  title: z.string(),
  description: z.string(),
  name: z.string(),
  cache_id: ObjectIdSchema,
  data_adapter_id: ObjectIdSchema,
  content_pack: z.string().nullable(),
  default_single_value: z.string(),
  default_single_value_type: z.enum(DEFAULT_VALUE_TYPES),
  default_multi_value: z.string(),
  default_multi_value_type: z.enum(DEFAULT_VALUE_TYPES),
}).openapi("LookupTable");
export type LookupTable = z.infer<typeof LookupTableSchema>;

export const LookupCacheSchema = z.object({
  id: ObjectIdSchema,
  _scope: ScopeSchema,
  title: z.string(),
  description: z.string(),
  name: z.string(),
  content_pack: z.string().nullable(),
  config: CacheConfigSchema,
}).openapi("LookupCache");
export type LookupCache = z.infer<typeof LookupCacheSchema>;

export const LookupDataAdapterSchema = z.object({
  id: ObjectIdSchema,
  _scope: ScopeSchema,
  title: z.string(),
  description: z.string(),
  name: z.string(),
  custom_error_ttl_enabled: z.boolean().nullable(),
  custom_error_ttl: z.number().int().nullable(),
  custom_error_ttl_unit: z.enum(TIME_UNITS).nullable(),
  content_pack: z.string().nullable(),
  config: DataAdapterConfigSchema,
}).openapi("LookupDataAdapter");
export type LookupDataAdapter = z.infer<typeof LookupDataAdapterSchema>;

/** A lookup name: what rules, decorators and extractors refer to (letters, digits, `-` and `_`). */
const NameSchema = z.string({ message: `name: ${REQUIRED}` }).trim().min(1, `name: ${REQUIRED}`)
  .max(200, "name: Must be smaller than 200.")
  .regex(/^[A-Za-z0-9_-]+$/, "name: may contain only letters, digits, - and _");
const TitleSchema = z.string({ message: `title: ${REQUIRED}` }).trim().min(1, `title: ${REQUIRED}`)
  .max(500, "title: Must be smaller than 500.");
const DescriptionSchema = z.string().max(5_000, "description: Must be smaller than 5000.").default("");
/** Sent back as read; ignored (Graylog takes the id from the path, the scope and content pack from storage). */
const ignored = { id: z.string().max(100).nullish(), _scope: z.string().max(100).nullish(), content_pack: z.string().max(200).nullish() };

/**
 * A configuration as sent: any object with a `type`. Its fields are checked against the type's schema by the
 * validate calls (errors per field) and by create and update (a 400 naming the field).
 */
export const ConfigBodySchema = z.object({ type: z.string({ message: "config.type: Field is required." }).max(100) })
  .catchall(z.unknown()).openapi("LookupConfigurationBody");
export type ConfigBody = z.infer<typeof ConfigBodySchema>;

export const LookupTableBodySchema = z.object({
  ...ignored,
  title: TitleSchema,
  description: DescriptionSchema,
  name: NameSchema,
  cache_id: z.string({ message: `cache_id: ${REQUIRED}` }).max(100),
  data_adapter_id: z.string({ message: `data_adapter_id: ${REQUIRED}` }).max(100),
  default_single_value: z.string().max(10_000).default(""),
  default_single_value_type: z.enum(DEFAULT_VALUE_TYPES, { message: `default_single_value_type must be one of ${DEFAULT_VALUE_TYPES.join(", ")}` }).default("NULL"),
  default_multi_value: z.string().max(10_000).default(""),
  default_multi_value_type: z.enum(DEFAULT_VALUE_TYPES, { message: `default_multi_value_type must be one of ${DEFAULT_VALUE_TYPES.join(", ")}` }).default("NULL"),
}).strict().openapi("LookupTableBody");
export type LookupTableBody = z.infer<typeof LookupTableBodySchema>;

export const LookupCacheBodySchema = z.object({
  ...ignored,
  title: TitleSchema,
  description: DescriptionSchema,
  name: NameSchema,
  config: ConfigBodySchema,
}).strict().openapi("LookupCacheBody");
export type LookupCacheBody = z.infer<typeof LookupCacheBodySchema>;

export const LookupDataAdapterBodySchema = z.object({
  ...ignored,
  title: TitleSchema,
  description: DescriptionSchema,
  name: NameSchema,
  custom_error_ttl_enabled: z.boolean().nullish(),
  custom_error_ttl: z.number().int().min(1, "custom_error_ttl: Must be greater than 1.").nullish(),
  custom_error_ttl_unit: z.enum(TIME_UNITS, { message: `custom_error_ttl_unit must be one of ${TIME_UNITS.join(", ")}` }).nullish(),
  config: ConfigBodySchema,
}).strict().openapi("LookupDataAdapterBody");
export type LookupDataAdapterBody = z.infer<typeof LookupDataAdapterBodySchema>;

/** The answer of the validate calls (Graylog's ValidationResult): the messages per field. */
export const ValidationResultSchema = z.object({
  failed: z.boolean(),
  errors: z.record(z.string(), z.array(z.string())),
  error_context: z.record(z.string(), z.array(z.string())),
}).openapi("LookupValidationResult");
export type ValidationResult = z.infer<typeof ValidationResultSchema>;

/** A lookup's answer (Graylog's LookupResult). */
export const LookupResultSchema = z.object({
  single_value: z.union([z.string(), z.number(), z.boolean(), z.null()]),
  multi_value: z.record(z.string(), z.unknown()).nullable(),
  string_list_value: z.array(z.string()).nullable(),
  has_error: z.boolean(),
  ttl: z.number(),
}).openapi("LookupResult");
export type LookupResult = z.infer<typeof LookupResultSchema>;

/** POST /system/lookup/errorstates: the names (or ids) asked about. */
export const ErrorStatesRequestSchema = z.object({
  tables: z.array(z.string().max(200)).max(1000).default([]),
  data_adapters: z.array(z.string().max(200)).max(1000).default([]),
  caches: z.array(z.string().max(200)).max(1000).default([]),
}).strict().openapi("LookupErrorStatesRequest");
export type ErrorStatesRequest = z.infer<typeof ErrorStatesRequestSchema>;

/** Per name, the error that keeps it from answering, or null when it works. */
export const ErrorStatesSchema = z.object({
  tables: z.record(z.string(), z.string().nullable()),
  data_adapters: z.record(z.string(), z.string().nullable()),
  caches: z.record(z.string(), z.string().nullable()),
}).openapi("LookupErrorStates");
export type ErrorStates = z.infer<typeof ErrorStatesSchema>;

/** GET /system/lookup/types/adapters and /caches: each type with its default configuration. */
export const LookupTypesSchema = z.record(z.string(), z.object({ type: z.string(), default_config: z.record(z.string(), z.unknown()) }))
  .openapi("LookupTypes");
export type LookupTypes = z.infer<typeof LookupTypesSchema>;

/** Graylog's lookup pages carry the query and the pagination at the top level (PaginationInfo unwrapped). */
const PaginatedTotalsSchema = z.object({
  query: z.string().nullable(),
  total: z.number().int(),
  count: z.number().int(),
  page: z.number().int(),
  per_page: z.number().int(),
});

export const LOOKUP_SORT_FIELDS = ["title", "description", "name", "id"] as const;
export type LookupSortField = (typeof LOOKUP_SORT_FIELDS)[number];

/** GET /system/lookup/tables (and one table by id or name): the tables, with their caches and adapters by id when resolved. */
export const LookupTablePageSchema = PaginatedTotalsSchema.extend({
  lookup_tables: z.array(LookupTableSchema),
  caches: z.record(z.string(), LookupCacheSchema),
  data_adapters: z.record(z.string(), LookupDataAdapterSchema),
}).openapi("LookupTablePage");
export type LookupTablePage = z.infer<typeof LookupTablePageSchema>;

export const LookupCachePageSchema = PaginatedTotalsSchema.extend({ caches: z.array(LookupCacheSchema) }).openapi("LookupCachePage");
export const LookupDataAdapterPageSchema = PaginatedTotalsSchema.extend({ data_adapters: z.array(LookupDataAdapterSchema) })
  .openapi("LookupDataAdapterPage");

/** The three kinds of lookup entity, as the store's generic calls name them. */
export type LookupEntityKind = "tables" | "caches" | "adapters";

export interface LookupEntityOf {
  tables: LookupTable;
  caches: LookupCache;
  adapters: LookupDataAdapter;
}
export interface LookupBodyOf {
  tables: LookupTableBody;
  caches: LookupCacheBody;
  adapters: LookupDataAdapterBody;
}

/**
 * Lookup tables, caches and data adapters of a backend, and lookups in them. Writes throw EntityValidationError
 * (a duplicate name, an invalid configuration, an entity still in use) with the text the user sees.
 */
export interface LookupStore {
  page<K extends LookupEntityKind>(kind: K, request: PageRequest<LookupSortField>): Promise<EntityPage<LookupEntityOf[K]>>;
  /** By id or name; null when there is none. */
  get<K extends LookupEntityKind>(kind: K, idOrName: string): Promise<LookupEntityOf[K] | null>;
  /** Caches and adapters by id, for the tables given. */
  resolve(tables: readonly LookupTable[]): Promise<{ caches: Record<string, LookupCache>; data_adapters: Record<string, LookupDataAdapter> }>;
  validate<K extends LookupEntityKind>(kind: K, body: LookupBodyOf[K]): Promise<ValidationResult>;
  create<K extends LookupEntityKind>(kind: K, body: LookupBodyOf[K]): Promise<LookupEntityOf[K]>;
  /** Null when there is no such entity. */
  update<K extends LookupEntityKind>(kind: K, idOrName: string, body: LookupBodyOf[K]): Promise<LookupEntityOf[K] | null>;
  /** False when there was no such entity. */
  delete(kind: LookupEntityKind, idOrName: string): Promise<boolean>;
  /** Looks `key` up in a table (through its cache) or directly in an adapter; null when there is no such entity. */
  query(kind: "tables" | "adapters", idOrName: string, key: string): Promise<LookupResult | null>;
  /** Forgets `key` (or every key) in the table's cache; false when there is no such table. */
  purge(idOrName: string, key: string | null): Promise<boolean>;
  errorStates(request: ErrorStatesRequest): Promise<ErrorStates>;
  adapterTypes(): LookupTypes;
  cacheTypes(): LookupTypes;
}

export type { CacheConfig, DataAdapterConfig };
