/**
 * The index set form (create and configure): its values, their defaults from the index set defaults, validation,
 * and the request body they become. Rotation and retention strategies are closed kinds with their labels.
 */
import {
  type IndexSet,
  type IndexSetCreate,
  type IndexSetDefaults,
  INDEX_PREFIX_PATTERN,
  RETENTION_STRATEGY_CLASSES,
  type RetentionKind,
  ROTATION_STRATEGY_CLASSES,
  type RotationKind,
} from "../../../../api/schemas/index-sets.ts";

const ROTATION = "org.graylog2.indexer.rotation.strategies";
const RETENTION = "org.graylog2.indexer.retention.strategies";

/** Rotation strategies as the form offers them. */
export const ROTATION_LABELS: Record<RotationKind, string> = {
  count: "Index Message Count",
  size: "Index Size",
  time: "Index Time",
};

/** Retention strategies as the form offers them. */
export const RETENTION_LABELS: Record<RetentionKind, string> = {
  delete: "Delete Index",
  close: "Close Index",
  none: "Do nothing",
};

export interface IndexSetFormValues {
  title: string;
  description: string;
  indexPrefix: string;
  shards: number;
  replicas: number;
  rotation: RotationKind;
  maxDocsPerIndex: number;
  maxSizeBytes: number;
  rotationPeriod: string;
  retention: RetentionKind;
  maxNumberOfIndices: number;
  /** Seconds (the API takes milliseconds). */
  fieldTypeRefreshSeconds: number;
  maxNumSegments: number;
  optimizationDisabled: boolean;
}

const kindOf = <K extends string>(classes: Record<K, string>, name: string, fallback: K): K =>
  (Object.keys(classes) as K[]).find((kind) => classes[kind] === name) ?? fallback;

/** One gibibyte: the size rotation's starting value. */
const GIB = 1024 * 1024 * 1024;

/** A new index set's values: the index set defaults, an empty title and prefix. */
export function valuesFromDefaults(defaults: IndexSetDefaults): IndexSetFormValues {
  const rotation = defaults.rotation_strategy_config;
  return {
    title: "",
    description: "",
    indexPrefix: "",
    shards: defaults.shards,
    replicas: defaults.replicas,
    rotation: kindOf(ROTATION_STRATEGY_CLASSES, defaults.rotation_strategy_class, "count"),
    maxDocsPerIndex: "max_docs_per_index" in rotation ? rotation.max_docs_per_index : 20_000_000,
    maxSizeBytes: "max_size" in rotation ? rotation.max_size : GIB,
    rotationPeriod: "rotation_period" in rotation ? rotation.rotation_period : "P1D",
    retention: kindOf(RETENTION_STRATEGY_CLASSES, defaults.retention_strategy_class, "delete"),
    maxNumberOfIndices: defaults.retention_strategy_config.max_number_of_indices,
    fieldTypeRefreshSeconds: Math.round(defaults.field_type_refresh_interval / 1000),
    maxNumSegments: defaults.index_optimization_max_num_segments,
    optimizationDisabled: defaults.index_optimization_disabled,
  };
}

/** A stored index set's values, for its configuration page. */
export function valuesFromIndexSet(set: IndexSet): IndexSetFormValues {
  const rotation = set.rotation_strategy;
  return {
    title: set.title,
    description: set.description,
    indexPrefix: set.index_prefix,
    shards: set.shards,
    replicas: set.replicas,
    rotation: kindOf(ROTATION_STRATEGY_CLASSES, set.rotation_strategy_class, "count"),
    maxDocsPerIndex: "max_docs_per_index" in rotation ? rotation.max_docs_per_index : 20_000_000,
    maxSizeBytes: "max_size" in rotation ? rotation.max_size : GIB,
    rotationPeriod: "rotation_period" in rotation ? rotation.rotation_period : "P1D",
    retention: kindOf(RETENTION_STRATEGY_CLASSES, set.retention_strategy_class, "delete"),
    maxNumberOfIndices: set.retention_strategy.max_number_of_indices,
    fieldTypeRefreshSeconds: Math.round(set.field_type_refresh_interval / 1000),
    maxNumSegments: set.index_optimization_max_num_segments,
    optimizationDisabled: set.index_optimization_disabled,
  };
}

const ROTATION_CONFIG: Record<RotationKind, (values: IndexSetFormValues) => IndexSetCreate["rotation_strategy"]> = {
  count: (values) => ({ type: `${ROTATION}.MessageCountRotationStrategyConfig`, max_docs_per_index: values.maxDocsPerIndex }),
  size: (values) => ({ type: `${ROTATION}.SizeBasedRotationStrategyConfig`, max_size: values.maxSizeBytes }),
  time: (values) => ({ type: `${ROTATION}.TimeBasedRotationStrategyConfig`, rotation_period: values.rotationPeriod.trim(), rotate_empty_index_set: false }),
};

const RETENTION_CONFIG_TYPE: Record<RetentionKind, string> = {
  delete: `${RETENTION}.DeletionRetentionStrategyConfig`,
  close: `${RETENTION}.ClosingRetentionStrategyConfig`,
  none: `${RETENTION}.NoopRetentionStrategyConfig`,
};

/** The body of POST /system/indices/index_sets (PUT takes the same without the prefix). */
export function indexSetBody(values: IndexSetFormValues): IndexSetCreate {
  return {
    title: values.title.trim(),
    description: values.description,
    index_prefix: values.indexPrefix.trim(),
    writable: true,
    shards: values.shards,
    replicas: values.replicas,
    rotation_strategy_class: ROTATION_STRATEGY_CLASSES[values.rotation],
    rotation_strategy: ROTATION_CONFIG[values.rotation](values),
    retention_strategy_class: RETENTION_STRATEGY_CLASSES[values.retention],
    retention_strategy: {
      type: RETENTION_CONFIG_TYPE[values.retention],
      max_number_of_indices: values.maxNumberOfIndices,
    } as IndexSetCreate["retention_strategy"],
    index_analyzer: "standard",
    index_optimization_max_num_segments: values.maxNumSegments,
    index_optimization_disabled: values.optimizationDisabled,
    field_type_refresh_interval: values.fieldTypeRefreshSeconds * 1000,
  };
}

const ISO_DURATION = /^P(\d+Y)?(\d+M)?(\d+W)?(\d+D)?(T(\d+H)?(\d+M)?(\d+S)?)?$/;

/** Field checks of the form (the server checks again, and that the prefix is not in use). */
export const INDEX_SET_VALIDATION = {
  title: (value: string) => (value.trim() === "" ? "Field is required." : null),
  indexPrefix: (value: string) =>
    value.trim() === ""
      ? "Field is required."
      : INDEX_PREFIX_PATTERN.test(value.trim())
      ? null
      : "Must start with a letter or number, and can only contain lower-case letters, numbers, '_', '-' and '+'.",
  shards: (value: number) => (value < 1 ? "Must be greater than 0." : null),
  replicas: (value: number) => (value < 0 ? "Must be greater than -1." : null),
  maxDocsPerIndex: (value: number, values: IndexSetFormValues) => (values.rotation === "count" && value < 1 ? "Must be greater than 0." : null),
  maxSizeBytes: (value: number, values: IndexSetFormValues) => (values.rotation === "size" && value < 1 ? "Must be greater than 0." : null),
  rotationPeriod: (value: string, values: IndexSetFormValues) =>
    values.rotation === "time" && (!ISO_DURATION.test(value.trim()) || !/[1-9]/.test(value))
      ? "Must be an ISO 8601 duration, e.g. P1D for one day or PT6H for six hours."
      : null,
  maxNumberOfIndices: (value: number) => (value < 1 ? "Must be greater than 0." : null),
  fieldTypeRefreshSeconds: (value: number) => (value < 1 ? "Must be greater than 0." : null),
  maxNumSegments: (value: number) => (value < 1 ? "Must be greater than 0." : null),
};

/** A rotation strategy in words, for the index set pages. */
export function rotationSummary(set: IndexSet): string {
  const rotation = set.rotation_strategy;
  if ("max_docs_per_index" in rotation) return `${ROTATION_LABELS.count}: ${formatCount(rotation.max_docs_per_index)} messages per index`;
  if ("max_size" in rotation) return `${ROTATION_LABELS.size}: ${formatBytes(rotation.max_size)} per index`;
  return `${ROTATION_LABELS.time}: every ${rotation.rotation_period}`;
}

/** A retention strategy in words, for the index set pages. */
export function retentionSummary(set: IndexSet): string {
  const kind = kindOf(RETENTION_STRATEGY_CLASSES, set.retention_strategy_class, "none");
  return kind === "none"
    ? `${RETENTION_LABELS.none}`
    : `${RETENTION_LABELS[kind]} when there are more than ${formatCount(set.retention_strategy.max_number_of_indices)} indices`;
}

/** Numbers as spec 002 §9 formats them ('0,0.[00]'). */
export function formatCount(value: number): string {
  return new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 }).format(value);
}

const UNITS = ["B", "KiB", "MiB", "GiB", "TiB"];

/** Bytes in the largest unit that keeps the number at or above one. */
export function formatBytes(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${formatCount(unit === 0 ? value : Math.round(value * 10) / 10)} ${UNITS[unit]}`;
}
