import { SearchTypeError } from "../search-type-error.ts";
import type { KeyColumn, LevelOrder, PivotPlan, TimeLevel } from "./pivot-plan.ts";
import { type BucketRow, MAX_BUCKETS } from "./pivot-sql.ts";
import type { SeriesValue } from "./series-functions.ts";
import { bucketKey, nextBucketStart } from "./time-bucketing.ts";

/** Graylog's key for messages without the grouping field (MissingBucketConstants). */
export const EMPTY_VALUE = "(Empty Value)";

/** A bucket of the pivot: the keys its own level adds, its message count, every series' value, its sub-buckets. */
export interface Bucket {
  keys: string[];
  count: number;
  values: SeriesValue[];
  children: Bucket[];
  /** A time bucket's start (epoch ms), for ordering and filling gaps. */
  start?: number;
}

/**
 * The pivot's buckets as a tree (the root is the grand total) from the rows of the pivot query, children in
 * their rank order. Time levels then get the gaps between their first and last bucket filled with empty buckets
 * (Elasticsearch's date histogram, min_doc_count 0) and are put in their order.
 */
export function buildBucketTree(rows: BucketRow[], plan: PivotPlan): Bucket {
  const root: Bucket = { keys: [], count: 0, values: plan.series.map((s) => s.function.empty), children: [] };
  const byPath = new Map<string, Bucket>([["[]", root]]);
  let buckets = 0;
  for (const row of rows) {
    const depth = Number(row.depth);
    const bucket: Bucket = {
      keys: [],
      count: Number(row.n),
      values: plan.series.map((series, index) => series.function.decode(row[`s${index}`])),
      children: [],
    };
    if (depth === 0) {
      Object.assign(root, { count: bucket.count, values: bucket.values });
      continue;
    }
    if (++buckets > MAX_BUCKETS) throw tooManyBuckets(buckets);
    const level = plan.levels[depth - 1];
    const path = plan.levels.slice(0, depth).flatMap((l) => l.columns.map((c) => encode(row[c.alias])));
    const parent = byPath.get(JSON.stringify(path.slice(0, path.length - level.columns.length)));
    if (!parent) continue; // cannot happen: the query keeps only buckets whose parent it keeps
    bucket.keys = level.columns.map((column) => formatKey(row[column.alias], column));
    if (level.kind === "time") bucket.start = Number(row[level.columns[0].alias]);
    parent.children.push(bucket);
    byPath.set(JSON.stringify(path), bucket);
  }
  const counter = { buckets };
  plan.levels.forEach((level, index) => {
    if (level.kind !== "time") return;
    for (const parent of bucketsAt(root, index)) {
      parent.children = fillAndOrder(parent.children, level, plan, counter);
    }
  });
  return root;
}

/** A key as text: Graylog's "(Empty Value)" for a missing value, ISO time for dates and time buckets. */
export function formatKey(value: unknown, column: Pick<KeyColumn, "type">): string {
  if (value === null || value === undefined) return EMPTY_VALUE;
  if (column.type === "time") return bucketKey(Number(value));
  if (value instanceof Date) return value.toISOString();
  return String(value);
}

function bucketsAt(root: Bucket, depth: number): Bucket[] {
  let level = [root];
  for (let d = 0; d < depth; d++) level = level.flatMap((bucket) => bucket.children);
  return level;
}

function fillAndOrder(
  children: Bucket[],
  level: TimeLevel,
  plan: PivotPlan,
  counter: { buckets: number },
): Bucket[] {
  if (children.length === 0) return children;
  const byStart = new Map(children.map((child) => [child.start!, child]));
  const starts = children.map((child) => child.start!);
  const last = Math.max(...starts);
  const filled: Bucket[] = [];
  for (let start = Math.min(...starts); start <= last; start = nextBucketStart(start, level.interval)) {
    const existing = byStart.get(start);
    if (existing) {
      filled.push(existing);
      continue;
    }
    if (++counter.buckets > MAX_BUCKETS) throw tooManyBuckets(counter.buckets);
    filled.push({
      keys: [bucketKey(start)],
      count: 0,
      values: plan.series.map((s) => s.function.empty),
      children: [],
      start,
    });
  }
  return filled.sort(comparator(level.order));
}

/** Time buckets in their order; ties (and nulls, last) fall back to time ascending. */
function comparator(order: LevelOrder): (a: Bucket, b: Bucket) => number {
  const sign = order.direction === "Ascending" ? 1 : -1;
  const byTime = (a: Bucket, b: Bucket) => a.start! - b.start!;
  switch (order.by) {
    case "key":
      return (a, b) => sign * byTime(a, b);
    case "count":
      return (a, b) => sign * (a.count - b.count) || byTime(a, b);
    case "series":
      return (a, b) => compareValues(a.values[order.index], b.values[order.index], sign) || byTime(a, b);
  }
}

function compareValues(a: SeriesValue, b: SeriesValue, sign: number): number {
  if (a === b) return 0;
  if (a === null) return 1;
  if (b === null) return -1;
  return sign * (a < b ? -1 : 1);
}

/** Raw key values as a stable text path (bigints and dates are not JSON). */
function encode(value: unknown): unknown {
  if (typeof value === "bigint") return `n:${value}`;
  if (value instanceof Date) return `d:${value.getTime()}`;
  return value ?? null;
}

function tooManyBuckets(count: number): SearchTypeError {
  return new SearchTypeError(
    "search_type",
    `Trying to create too many buckets. Must be less than or equal to: [${MAX_BUCKETS}] but was [${count}]. ` +
      "Use a coarser interval, a lower limit or fewer groupings.",
  );
}
