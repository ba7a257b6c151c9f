import { z } from "@hono/zod-openapi";

/**
 * Index sets and their indices (spec 002 §7 "Index sets and indices"; Graylog 5.1 `/system/indices/index_sets`,
 * `/system/indexer/…`, `/system/indices/ranges`, `/system/deflector`). Rotation and retention strategies are
 * closed kinds: each has its Graylog class name, config type name and config fields.
 */

/**
 * A rotation period: an ISO-8601 duration of at least one second (P1D, PT6H). The pattern has no lookahead (the
 * contract test generates requests from it); the refinement rules out the empty `P` and `PT`.
 */
const RotationPeriodSchema = z.string({ message: "rotation_strategy.rotation_period is required" }).max(100)
  .regex(/^P(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/, "rotation_strategy.rotation_period must be an ISO-8601 duration such as P1D or PT6H")
  .refine((text) => /\d/.test(text) && !text.endsWith("T") && /[1-9]/.test(text), "rotation_strategy.rotation_period must be an ISO-8601 duration of at least one second such as P1D or PT6H");

const ObjectIdSchema = z.string().regex(/^[0-9a-f]{24}$/, "must be a 24-character hex ObjectId");

const ROTATION_PACKAGE = "org.graylog2.indexer.rotation.strategies";
const RETENTION_PACKAGE = "org.graylog2.indexer.retention.strategies";

export const ROTATION_STRATEGY_CLASSES = {
  count: `${ROTATION_PACKAGE}.MessageCountRotationStrategy`,
  size: `${ROTATION_PACKAGE}.SizeBasedRotationStrategy`,
  time: `${ROTATION_PACKAGE}.TimeBasedRotationStrategy`,
} as const;
export type RotationKind = keyof typeof ROTATION_STRATEGY_CLASSES;

export const RETENTION_STRATEGY_CLASSES = {
  delete: `${RETENTION_PACKAGE}.DeletionRetentionStrategy`,
  close: `${RETENTION_PACKAGE}.ClosingRetentionStrategy`,
  none: `${RETENTION_PACKAGE}.NoopRetentionStrategy`,
} as const;
export type RetentionKind = keyof typeof RETENTION_STRATEGY_CLASSES;

const positiveInt = (field: string) =>
  z.number({ message: `${field} must be a positive integer` }).int(`${field} must be a positive integer`)
    .min(1, `${field} must be a positive integer`).max(Number.MAX_SAFE_INTEGER, `${field} is too large`);

export const MessageCountRotationSchema = z.object({
  type: z.literal(`${ROTATION_PACKAGE}.MessageCountRotationStrategyConfig`),
  max_docs_per_index: positiveInt("rotation_strategy.max_docs_per_index"),
}).strict();

export const SizeRotationSchema = z.object({
  type: z.literal(`${ROTATION_PACKAGE}.SizeBasedRotationStrategyConfig`),
  max_size: positiveInt("rotation_strategy.max_size"),
}).strict();

export const TimeRotationSchema = z.object({
  type: z.literal(`${ROTATION_PACKAGE}.TimeBasedRotationStrategyConfig`),
  rotation_period: RotationPeriodSchema,
  max_rotation_period: RotationPeriodSchema.nullish(),
  rotate_empty_index_set: z.boolean({ message: "rotation_strategy.rotate_empty_index_set must be true or false" }).default(false),
}).strict();

export const RotationStrategyConfigSchema = z.discriminatedUnion("type", [
  MessageCountRotationSchema,
  SizeRotationSchema,
  TimeRotationSchema,
], { message: "rotation_strategy.type must be a message count, size or time rotation strategy config" })
  .openapi("RotationStrategyConfig");
export type RotationStrategyConfig = z.infer<typeof RotationStrategyConfigSchema>;

const retentionConfig = <Name extends string>(name: Name) =>
  z.object({
    type: z.literal(`${RETENTION_PACKAGE}.${name}Config` as `${typeof RETENTION_PACKAGE}.${Name}Config`),
    max_number_of_indices: positiveInt("retention_strategy.max_number_of_indices"),
  }).strict();

export const RetentionStrategyConfigSchema = z.discriminatedUnion("type", [
  retentionConfig("DeletionRetentionStrategy"),
  retentionConfig("ClosingRetentionStrategy"),
  retentionConfig("NoopRetentionStrategy"),
], { message: "retention_strategy.type must be a deletion, closing or noop retention strategy config" })
  .openapi("RetentionStrategyConfig");
export type RetentionStrategyConfig = z.infer<typeof RetentionStrategyConfigSchema>;

/** The config type name of each strategy class, to check a body names matching ones. */
export const rotationKindOfConfig = (config: RotationStrategyConfig): RotationKind =>
  config.type.endsWith("MessageCountRotationStrategyConfig") ? "count" : config.type.endsWith("SizeBasedRotationStrategyConfig") ? "size" : "time";
export const retentionKindOfConfig = (config: RetentionStrategyConfig): RetentionKind =>
  config.type.endsWith("DeletionRetentionStrategyConfig") ? "delete" : config.type.endsWith("ClosingRetentionStrategyConfig") ? "close" : "none";

/** Graylog's rule for index prefixes: lower-case letters, digits, `_`, `-` and `+`, starting with a letter or digit. */
export const INDEX_PREFIX_PATTERN = /^[a-z0-9][a-z0-9_+-]*$/;

const IndexPrefixSchema = z.string({ message: "index_prefix is required" })
  .min(1, "index_prefix must not be empty").max(250, "index_prefix must be at most 250 characters")
  .regex(INDEX_PREFIX_PATTERN, "index_prefix must start with a letter or number, and can only contain lower-case letters, numbers, '_', '-' and '+'");

const settings = {
  shards: positiveInt("shards"),
  replicas: z.number({ message: "replicas must be a non-negative integer" }).int("replicas must be a non-negative integer")
    .min(0, "replicas must be a non-negative integer").max(1000, "replicas must be at most 1000"),
  rotation_strategy_class: z.enum([ROTATION_STRATEGY_CLASSES.count, ROTATION_STRATEGY_CLASSES.size, ROTATION_STRATEGY_CLASSES.time], {
    message: "rotation_strategy_class must be a message count, size or time rotation strategy",
  }),
  rotation_strategy: RotationStrategyConfigSchema,
  retention_strategy_class: z.enum([RETENTION_STRATEGY_CLASSES.delete, RETENTION_STRATEGY_CLASSES.close, RETENTION_STRATEGY_CLASSES.none], {
    message: "retention_strategy_class must be a deletion, closing or noop retention strategy",
  }),
  retention_strategy: RetentionStrategyConfigSchema,
  index_optimization_max_num_segments: positiveInt("index_optimization_max_num_segments"),
  index_optimization_disabled: z.boolean({ message: "index_optimization_disabled must be true or false" }),
  field_type_refresh_interval: z.number({ message: "field_type_refresh_interval must be a number of milliseconds" })
    .int("field_type_refresh_interval must be a number of milliseconds").min(1000, "field_type_refresh_interval must be at least 1000 ms")
    .max(86_400_000, "field_type_refresh_interval must be at most one day"),
};

const title = z.string({ message: "title is required" }).trim().min(1, "title must not be empty").max(250, "title must be at most 250 characters");
const description = z.string({ message: "description must be a string" }).max(2000, "description must be at most 2000 characters");

/** An index set as Graylog 5.1 answers it (`IndexSetSummary`). */
export const IndexSetSchema = z.object({
  id: ObjectIdSchema,
  title: z.string(),
  description: z.string(),
  default: z.boolean(),
  writable: z.boolean(),
  can_be_default: z.boolean(),
  index_prefix: z.string(),
  shards: z.number().int(),
  replicas: z.number().int(),
  rotation_strategy_class: z.string(),
  rotation_strategy: RotationStrategyConfigSchema,
  retention_strategy_class: z.string(),
  retention_strategy: RetentionStrategyConfigSchema,
  creation_date: z.string(),
  index_analyzer: z.string(),
  index_optimization_max_num_segments: z.number().int(),
  index_optimization_disabled: z.boolean(),
  field_type_refresh_interval: z.number().int(),
  index_template_type: z.string().nullable(),
}).openapi("IndexSetSummary");
export type IndexSet = z.infer<typeof IndexSetSchema>;

const checkClasses = <T extends { rotation_strategy_class: string; rotation_strategy: RotationStrategyConfig; retention_strategy_class: string; retention_strategy: RetentionStrategyConfig }>(
  body: T,
  context: z.RefinementCtx,
) => {
  if (ROTATION_STRATEGY_CLASSES[rotationKindOfConfig(body.rotation_strategy)] !== body.rotation_strategy_class) {
    context.addIssue({ code: "custom", path: ["rotation_strategy"], message: "rotation_strategy.type does not match rotation_strategy_class" });
  }
  if (RETENTION_STRATEGY_CLASSES[retentionKindOfConfig(body.retention_strategy)] !== body.retention_strategy_class) {
    context.addIssue({ code: "custom", path: ["retention_strategy"], message: "retention_strategy.type does not match retention_strategy_class" });
  }
};

/** POST /system/indices/index_sets: a new index set (an `id`, `default`, `creation_date` sent along are ignored). */
export const IndexSetCreateSchema = z.object({
  title,
  description: description.default(""),
  index_prefix: IndexPrefixSchema,
  writable: z.boolean({ message: "writable must be true or false" }).default(true),
  ...settings,
  index_analyzer: z.string().max(100, "index_analyzer must be at most 100 characters").default("standard"),
  creation_date: z.string().max(100).optional(),
  id: z.string().max(100).nullish(),
  default: z.boolean().optional(),
  can_be_default: z.boolean().optional(),
  index_template_type: z.string().max(100).nullish(),
}).strict().superRefine(checkClasses).openapi("IndexSetCreate");
export type IndexSetCreate = z.infer<typeof IndexSetCreateSchema>;

/** PUT /system/indices/index_sets/{id} (Graylog's `IndexSetUpdateRequest`: the prefix cannot change). */
export const IndexSetUpdateSchema = z.object({
  title,
  description: description.default(""),
  writable: z.boolean({ message: "writable must be true or false" }).default(true),
  ...settings,
  id: z.string().max(100).nullish(),
  index_prefix: z.string().max(250).optional(),
  index_analyzer: z.string().max(100).optional(),
  creation_date: z.string().max(100).optional(),
  default: z.boolean().optional(),
  can_be_default: z.boolean().optional(),
  index_template_type: z.string().max(100).nullish(),
}).strict().superRefine(checkClasses).openapi("IndexSetUpdate");
export type IndexSetUpdate = z.infer<typeof IndexSetUpdateSchema>;

/** Indices, documents and bytes of one index set or of all (Graylog's `IndexSetStats`). */
export const IndexSetStatsSchema = z.object({
  indices: z.number().int(),
  documents: z.number().int(),
  size: z.number().int(),
}).openapi("IndexSetStats");
export type IndexSetStats = z.infer<typeof IndexSetStatsSchema>;

/** GET /system/indices/index_sets (Graylog's `IndexSetResponse`). */
export const IndexSetListSchema = z.object({
  total: z.number().int(),
  index_sets: z.array(IndexSetSchema),
  stats: z.record(z.string(), IndexSetStatsSchema),
}).openapi("IndexSetList");
export type IndexSetList = z.infer<typeof IndexSetListSchema>;

const flag = (name: string) =>
  z.enum(["true", "false"], { message: `${name} must be true or false` }).default("false").transform((value) => value === "true");

export const IndexSetListQuerySchema = z.object({
  skip: z.coerce.number({ message: "skip must be a non-negative integer" }).int("skip must be a non-negative integer").min(0, "skip must be a non-negative integer").default(0),
  limit: z.coerce.number({ message: "limit must be a non-negative integer" }).int("limit must be a non-negative integer").min(0, "limit must be a non-negative integer").default(0),
  stats: flag("stats"),
});

export const IndexSetDeleteQuerySchema = z.object({
  delete_indices: z.enum(["true", "false"], { message: "delete_indices must be true or false" }).default("true").transform((value) => value === "true"),
});

/** Index set defaults (Graylog's `IndexSetsDefaultConfiguration`), PUT /system/indices/index_set_defaults. */
export const IndexSetDefaultsSchema = z.object({
  index_analyzer: z.string({ message: "index_analyzer is required" }).min(1, "index_analyzer must not be empty").max(100, "index_analyzer must be at most 100 characters"),
  ...settings,
  field_type_refresh_interval_unit: z.enum(["MILLISECONDS", "SECONDS", "MINUTES", "HOURS", "DAYS"], {
    message: "field_type_refresh_interval_unit must be MILLISECONDS, SECONDS, MINUTES, HOURS or DAYS",
  }),
  rotation_strategy_config: RotationStrategyConfigSchema,
  retention_strategy_config: RetentionStrategyConfigSchema,
}).strict().omit({ rotation_strategy: true, retention_strategy: true }).superRefine((body, context) =>
  checkClasses({ ...body, rotation_strategy: body.rotation_strategy_config, retention_strategy: body.retention_strategy_config }, context)
).openapi("IndexSetsDefaultConfiguration");
export type IndexSetDefaults = z.infer<typeof IndexSetDefaultsSchema>;

export { INDEX_SET_DEFAULTS_CONFIG_CLASS } from "../../shared/cluster-config-classes.ts";

/** A message count rotation config. */
export const countRotation = (maxDocsPerIndex: number): RotationStrategyConfig => ({
  type: `${ROTATION_PACKAGE}.MessageCountRotationStrategyConfig`,
  max_docs_per_index: maxDocsPerIndex,
});

export const NOOP_RETENTION: RetentionStrategyConfig = { type: `${RETENTION_PACKAGE}.NoopRetentionStrategyConfig`, max_number_of_indices: 20 };

/** Graylog 5.1's defaults: 4 shards, no replicas, 20M messages an index, delete beyond 20 indices. */
export const INDEX_SET_DEFAULTS: IndexSetDefaults = {
  index_analyzer: "standard",
  shards: 4,
  replicas: 0,
  index_optimization_max_num_segments: 1,
  index_optimization_disabled: false,
  field_type_refresh_interval: 5000,
  field_type_refresh_interval_unit: "MILLISECONDS",
  rotation_strategy_class: ROTATION_STRATEGY_CLASSES.count,
  rotation_strategy_config: countRotation(20_000_000),
  retention_strategy_class: RETENTION_STRATEGY_CLASSES.delete,
  retention_strategy_config: { type: `${RETENTION_PACKAGE}.DeletionRetentionStrategyConfig`, max_number_of_indices: 20 },
};

/** One index range (Graylog's `IndexRangeSummary`). */
export const IndexRangeSchema = z.object({
  index_name: z.string(),
  begin: z.string(),
  end: z.string(),
  calculated_at: z.string(),
  took_ms: z.number().int(),
}).openapi("IndexRangeSummary");

export const IndexRangesSchema = z.object({ total: z.number().int(), ranges: z.array(IndexRangeSchema) }).openapi("IndexRanges");

/** One index in the indexer overview (Graylog's `IndexSummary`). */
export const IndexSummarySchema = z.object({
  size: z.object({ events: z.number().int(), deleted: z.number().int(), bytes: z.number().int() }).nullable(),
  range: IndexRangeSchema.nullable(),
  is_deflector: z.boolean(),
  is_closed: z.boolean(),
  is_reopened: z.boolean(),
}).openapi("IndexSummary");

export const ClusterHealthSchema = z.object({
  status: z.enum(["green", "yellow", "red"]),
  shards: z.object({ active: z.number().int(), initializing: z.number().int(), relocating: z.number().int(), unassigned: z.number().int() }),
}).openapi("ClusterHealth");

export const ClusterNameSchema = z.object({ name: z.string() }).openapi("ClusterName");

export const DeflectorSummarySchema = z.object({ is_up: z.boolean(), current_target: z.string().nullable() }).openapi("DeflectorSummary");

/** GET /system/indexer/overview/{indexSetId} (Graylog's `IndexerOverview`). */
export const IndexerOverviewSchema = z.object({
  deflector: DeflectorSummarySchema,
  indexer_cluster: z.object({ health: ClusterHealthSchema, name: z.string() }),
  counts: z.object({ events: z.number().int() }),
  indices: z.record(z.string(), IndexSummarySchema),
}).openapi("IndexerOverview");

/** GET /system/indexer/indices/{index} (Graylog's `IndexInfo`, reduced to what this store knows). */
export const IndexInfoSchema = z.object({
  index_name: z.string(),
  index_set_id: z.string(),
  primary_shards: z.object({ documents: z.object({ count: z.number().int(), deleted: z.number().int() }), store_size_bytes: z.number().int() }),
  all_shards: z.object({ documents: z.object({ count: z.number().int(), deleted: z.number().int() }), store_size_bytes: z.number().int() }),
  reopened: z.boolean(),
  closed: z.boolean(),
}).openapi("IndexInfo");

/** GET /system/indexer/indices/{indexSetId}/list|open|closed (Graylog's `OpenIndicesInfo` / `ClosedIndices`). */
export const IndexListSchema = z.object({
  indices: z.array(z.object({ index_name: z.string(), is_closed: z.boolean(), is_deflector: z.boolean(), document_count: z.number().int(), size_bytes: z.number().int() })),
  total: z.number().int(),
}).openapi("IndexList");

export const ClosedIndicesSchema = z.object({ indices: z.array(z.string()), total: z.number().int() }).openapi("ClosedIndices");

export const MultipleIndicesRequestSchema = z.object({
  indices: z.array(z.string().min(1).max(300), { message: "indices must be a list of index names" }).max(1000, "indices must hold at most 1000 names"),
}).strict().openapi("MultipleIndicesRequest");

export const CountSchema = z.object({ events: z.number().int() }).openapi("MessageCount");

export const IndexFailureSchema = z.object({
  letter_id: z.string(),
  index: z.string(),
  type: z.string(),
  message: z.string(),
  timestamp: z.string(),
}).openapi("IndexFailure");

export const IndexFailuresSchema = z.object({ failures: z.array(IndexFailureSchema), total: z.number().int() }).openapi("IndexFailures");
export const FailureCountSchema = z.object({ count: z.number().int() }).openapi("IndexFailureCount");

export const FailuresQuerySchema = z.object({
  limit: z.coerce.number({ message: "limit must be an integer from 1 to 1000" }).int("limit must be an integer from 1 to 1000").min(1, "limit must be an integer from 1 to 1000").max(1000, "limit must be an integer from 1 to 1000").default(50),
  offset: z.coerce.number({ message: "offset must be a non-negative integer" }).int("offset must be a non-negative integer").min(0, "offset must be a non-negative integer").default(0),
});

export const FailureCountQuerySchema = z.object({
  since: z.string({ message: "since is required" }).datetime({ offset: true, message: "since must be an ISO-8601 date-time" }),
});

/** One index as the store keeps it. */
export interface StoredIndex {
  name: string;
  indexSetId: string;
  number: number;
  docCount: number;
  sizeBytes: number;
  beginMs: number | null;
  endMs: number | null;
  createdAtMs: number;
  status: "open" | "closed" | "deleted";
  /** When its range was last calculated (UTC ms). */
  rangeCalculatedAtMs: number;
}

/**
 * Index sets and their indices. Writes throw EntityValidationError with the text the user sees (a prefix in use,
 * deleting the default set or the write index).
 */
export interface IndexSetStore {
  list(): Promise<IndexSet[]>;
  get(id: string): Promise<IndexSet | null>;
  create(body: IndexSetCreate): Promise<IndexSet>;
  update(id: string, body: IndexSetUpdate): Promise<IndexSet | null>;
  /** False when there was no such set. */
  delete(id: string, deleteIndices: boolean): Promise<boolean>;
  setDefault(id: string): Promise<IndexSet | null>;
  stats(id?: string): IndexSetStats;
  /** Indices that exist (open or closed), by set and number. */
  indices(indexSetId?: string): StoredIndex[];
  index(name: string): StoredIndex | null;
  writeIndex(indexSetId: string): StoredIndex | null;
  closeIndex(name: string): Promise<void>;
  reopenIndex(name: string): Promise<void>;
  deleteIndex(name: string): Promise<void>;
  /** Starts a new write index now (and applies retention). */
  cycle(indexSetId: string): Promise<StoredIndex>;
  /** Recounts the ranges (documents, bytes, time span) of the given indices, or of all, from the stored messages. */
  rebuildRanges(names?: readonly string[]): Promise<void>;
  defaults(): Promise<IndexSetDefaults>;
  saveDefaults(defaults: IndexSetDefaults): Promise<void>;
}
