import type { SeriesType } from "../../../api/schemas/search.ts";
import { sql, type SqlFragment, trusted } from "../../query/sql-fragment.ts";
import type { FieldMatching, FieldType } from "../field-catalog.ts";

/** A series value on the wire. */
export type SeriesValue = number | string | null;

/** What an aggregate reads: the field's value column in the pivot's base rows, and what kind of field it is. */
export interface SeriesInput {
  /** The field's value (a column of the base rows), or NULL when the field does not exist. */
  value: SqlFragment;
  /** Null when no message has the field (Elasticsearch: an unmapped field aggregates to nothing). */
  type: FieldType | null;
  matching: FieldMatching | null;
  /** The message time (TIMESTAMP), for `latest`. */
  timestamp: SqlFragment;
  /** 0–100, for `percentile`. */
  percentile: number | null;
}

export interface SeriesFunction {
  /** Whether the function needs a field (`count` counts messages without one). */
  field: "required" | "optional";
  /** Field types it aggregates; "any" takes every type. */
  accepts: readonly FieldType[] | "any";
  /** Elasticsearch's aggregation behind it, named in type errors as Elasticsearch names it. */
  aggregation: string;
  /** The aggregate over the bucket's rows. `input` is null only for an optional field that was not given. */
  sql(input: SeriesInput | null): SqlFragment;
  /** The value of a bucket without messages (an empty time bucket): counts and sums are 0, the rest null. */
  empty: SeriesValue;
  /** A DuckDB result value as sent on the wire. */
  decode(value: unknown): SeriesValue;
  /**
   * The aggregate that gives the value over all messages from the values of buckets that hold each message
   * once (a count is the sum of the buckets' counts); absent when it must be computed from the messages.
   */
  ofBuckets?: "sum" | "min" | "max";
}

const NUMERIC: readonly FieldType[] = ["long", "double"];

/** Numbers as JSON numbers (BIGINT arrives as bigint); non-finite results (no values) become null. */
function number(value: unknown): SeriesValue {
  if (value === null || value === undefined) return null;
  const n = typeof value === "bigint"
    ? Number(value)
    : value instanceof Date
    ? value.getTime()
    : Number(value);
  return Number.isFinite(n) ? n : null;
}

/** `latest` returns the stored value itself: text stays text, times are ISO strings, booleans their words. */
function stored(value: unknown): SeriesValue {
  if (value === null || value === undefined) return null;
  if (typeof value === "string") return value;
  if (typeof value === "bigint") return Number(value);
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

/** `source` is a case-insensitive keyword: Elasticsearch aggregates its lower-cased term. */
function term(input: SeriesInput): SqlFragment {
  return input.matching === "keyword-ci" ? sql`lower(${input.value})` : input.value;
}

function double(input: SeriesInput): SqlFragment {
  return sql`(${input.value})::DOUBLE`;
}

/** Min and max of a date give epoch milliseconds, like Elasticsearch's `value` of a date min/max. */
function extreme(fn: "min" | "max"): SeriesFunction["sql"] {
  return (input) => {
    const call = trusted(fn);
    return input!.type === "date" ? sql`epoch_ms(${call}(${input!.value}))` : sql`${call}(${double(input!)})`;
  };
}

/**
 * The series functions (Graylog's SeriesSpec types) with Elasticsearch's semantics: population standard
 * deviation and variance (`extended_stats`), exact distinct counts (Elasticsearch's HyperLogLog is exact below
 * its 3,000 precision threshold), percentiles by linear interpolation (Elasticsearch's TDigest approximates the
 * same), and `latest` as the value on the newest message of the bucket that has the field.
 */
export const SERIES_FUNCTIONS: Record<SeriesType, SeriesFunction> = {
  count: {
    field: "optional",
    accepts: "any",
    aggregation: "value_count",
    sql: (input) => (input ? sql`count(${input.value})` : trusted("count(*)")),
    empty: 0,
    decode: number,
    ofBuckets: "sum",
  },
  avg: {
    field: "required",
    accepts: NUMERIC,
    aggregation: "avg",
    sql: (input) => sql`avg(${double(input!)})`,
    empty: null,
    decode: number,
  },
  sum: {
    field: "required",
    accepts: NUMERIC,
    aggregation: "sum",
    // Elasticsearch's sum of no values is 0, SQL's is NULL.
    sql: (input) => sql`coalesce(sum(${double(input!)}), 0)`,
    empty: 0,
    decode: number,
    ofBuckets: "sum",
  },
  min: {
    field: "required",
    accepts: [...NUMERIC, "date"],
    aggregation: "min",
    sql: extreme("min"),
    empty: null,
    decode: number,
    ofBuckets: "min",
  },
  max: {
    field: "required",
    accepts: [...NUMERIC, "date"],
    aggregation: "max",
    sql: extreme("max"),
    empty: null,
    decode: number,
    ofBuckets: "max",
  },
  card: {
    field: "required",
    accepts: "any",
    aggregation: "cardinality",
    sql: (input) => sql`count(DISTINCT ${term(input!)})`,
    empty: 0,
    decode: number,
  },
  stddev: {
    field: "required",
    accepts: NUMERIC,
    aggregation: "extended_stats",
    sql: (input) => sql`stddev_pop(${double(input!)})`,
    empty: null,
    decode: number,
  },
  variance: {
    field: "required",
    accepts: NUMERIC,
    aggregation: "extended_stats",
    sql: (input) => sql`var_pop(${double(input!)})`,
    empty: null,
    decode: number,
  },
  sumofsquares: {
    field: "required",
    accepts: NUMERIC,
    aggregation: "extended_stats",
    sql: (input) => sql`sum(${double(input!)} * ${double(input!)})`,
    empty: null,
    decode: number,
  },
  percentile: {
    field: "required",
    accepts: NUMERIC,
    aggregation: "percentiles",
    sql: (input) => sql`quantile_cont(${double(input!)}, ${(input!.percentile ?? 95) / 100}::DOUBLE)`,
    empty: null,
    decode: number,
  },
  latest: {
    field: "required",
    accepts: "any",
    aggregation: "top_hits",
    // arg_max skips rows whose value is NULL: the newest message that has the field.
    sql: (input) => sql`arg_max(${input!.value}, ${input!.timestamp})`,
    empty: null,
    decode: stored,
  },
};
