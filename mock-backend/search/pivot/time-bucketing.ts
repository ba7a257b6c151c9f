import { sql, type SqlFragment } from "../../query/sql-fragment.ts";
import type { TimeInterval, TimeUnit } from "./time-interval.ts";

/** How one unit buckets time: in SQL (a bucket start, epoch ms) and in JS (the next bucket start, for gaps). */
interface UnitBucketing {
  /** The start of the bucket holding `timestamp` (a TIMESTAMP expression), as epoch ms (BIGINT). */
  sql(timestamp: SqlFragment, quantity: number): SqlFragment;
  /** The start of the bucket after the one starting at `startMs`. */
  next(startMs: number, quantity: number): number;
}

/**
 * Fixed lengths are aligned to the epoch, UTC, like Elasticsearch's fixed intervals (so `10m` buckets start at
 * :00, :10, … and `1d` at midnight UTC). Computed in doubles: exact for any epoch ms below 2^53.
 */
function fixed(unitMs: number): UnitBucketing {
  return {
    sql: (timestamp, quantity) =>
      sql`(floor(epoch_ms(${timestamp}) / ${quantity * unitMs}) * ${quantity * unitMs})::BIGINT`,
    next: (startMs, quantity) => startMs + quantity * unitMs,
  };
}

const DAY = 86_400_000;

/**
 * Bucketing per unit. Weeks are calendar weeks starting on Monday (Elasticsearch's `1w`); several weeks are
 * counted from Monday 1970-01-05. Months are calendar months (`1M`); several months are counted from January
 * 1970, so `3M` buckets are quarters. Everything is UTC.
 */
export const TIME_BUCKETING: Record<TimeUnit, UnitBucketing> = {
  ms: fixed(1),
  s: fixed(1000),
  m: fixed(60_000),
  h: fixed(3_600_000),
  d: fixed(DAY),
  w: {
    sql: (timestamp, quantity) =>
      quantity === 1
        ? sql`epoch_ms(date_trunc('week', ${timestamp}))`
        : sql`epoch_ms(time_bucket(to_days(${quantity * 7}::INTEGER), ${timestamp}, TIMESTAMP '1970-01-05'))`,
    next: (startMs, quantity) => startMs + quantity * 7 * DAY,
  },
  M: {
    sql: (timestamp, quantity) =>
      quantity === 1
        ? sql`epoch_ms(date_trunc('month', ${timestamp}))`
        : sql`epoch_ms(time_bucket(to_months(${quantity}::INTEGER), ${timestamp}, TIMESTAMP '1970-01-01'))`,
    next: (startMs, quantity) => {
      const start = new Date(startMs);
      return Date.UTC(start.getUTCFullYear(), start.getUTCMonth() + quantity, 1);
    },
  },
};

/** SQL for the bucket start (epoch ms) of `timestamp` in `interval`. */
export function bucketStartSql(timestamp: SqlFragment, interval: TimeInterval): SqlFragment {
  return TIME_BUCKETING[interval.unit].sql(timestamp, interval.quantity);
}

/** The start of the bucket following the one starting at `startMs`. */
export function nextBucketStart(startMs: number, interval: TimeInterval): number {
  return TIME_BUCKETING[interval.unit].next(startMs, interval.quantity);
}

/** Bucket starts are shown as ISO-8601 UTC with milliseconds, Elasticsearch's `date_time` format. */
export function bucketKey(startMs: number): string {
  return new Date(startMs).toISOString();
}
