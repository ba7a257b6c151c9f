import assert from "node:assert/strict";
import { Database } from "../../../mock-backend/database.ts";
import { trusted } from "../../../mock-backend/query/sql-fragment.ts";
import {
  bucketKey,
  bucketStartSql,
  nextBucketStart,
} from "../../../mock-backend/search/pivot/time-bucketing.ts";
import { parseTimeUnit } from "../../../mock-backend/search/pivot/time-interval.ts";

const at = (iso: string) => Date.parse(iso);

/** The bucket start DuckDB computes for `iso` in `unit`. */
async function bucketStart(db: Database, iso: string, unit: string): Promise<string> {
  const expression = bucketStartSql(trusted("ts"), parseTimeUnit(unit));
  const row = await db.first<{ start: bigint }>(
    `SELECT ${expression.sql} AS start FROM (SELECT epoch_ms(?::BIGINT) AS ts)`,
    [...expression.params, at(iso)],
  );
  return bucketKey(Number(row!.start));
}

Deno.test("fixed intervals start on multiples of the interval since the epoch, in UTC", async () => {
  const db = await Database.open({ path: ":memory:", connections: 1 });
  try {
    assert.equal(await bucketStart(db, "2026-11-22T10:37:12.345Z", "1s"), "2026-11-22T10:37:12.000Z");
    assert.equal(await bucketStart(db, "2026-11-22T10:37:12.345Z", "5m"), "2026-11-22T10:35:00.000Z");
    assert.equal(await bucketStart(db, "2026-11-22T10:37:12.345Z", "1h"), "2026-11-22T10:00:00.000Z");
    assert.equal(await bucketStart(db, "2026-11-22T10:37:12.345Z", "3h"), "2026-11-22T09:00:00.000Z");
    assert.equal(await bucketStart(db, "2026-11-22T23:59:59.999Z", "1d"), "2026-11-22T00:00:00.000Z");
  } finally {
    db.close();
  }
});

Deno.test("weeks start on Monday and months on the first, several months counted from January 1970", async () => {
  const db = await Database.open({ path: ":memory:", connections: 1 });
  try {
    assert.equal(
      await bucketStart(db, "2026-11-22T10:00:00Z", "1w"),
      "2026-11-16T00:00:00.000Z",
      "Sunday 22nd belongs to Monday 16th",
    );
    assert.equal(await bucketStart(db, "2026-11-23T00:00:00Z", "1w"), "2026-11-23T00:00:00.000Z");
    assert.equal(
      await bucketStart(db, "2026-11-22T10:00:00Z", "2w"),
      "2026-11-09T00:00:00.000Z",
      "fortnights counted from Monday 1970-01-05",
    );
    assert.equal(await bucketStart(db, "2026-11-22T10:00:00Z", "1M"), "2026-11-01T00:00:00.000Z");
    assert.equal(await bucketStart(db, "2026-11-22T10:00:00Z", "3M"), "2026-10-01T00:00:00.000Z", "quarters");
  } finally {
    db.close();
  }
});

Deno.test("every timestamp lies in [bucket start, next bucket start) for every unit", async () => {
  const db = await Database.open({ path: ":memory:", connections: 1 });
  try {
    const times = [
      "2024-02-29T23:59:59.999Z",
      "2026-01-01T00:00:00.000Z",
      "2026-12-31T13:14:15.161Z",
      "2025-07-06T00:00:00.000Z",
    ];
    for (const unit of ["1s", "10s", "1m", "30m", "1h", "12h", "1d", "14d", "1w", "2w", "1M", "2M"]) {
      const interval = parseTimeUnit(unit);
      for (const time of times) {
        const start = Date.parse(await bucketStart(db, time, unit));
        assert.ok(start <= at(time) && at(time) < nextBucketStart(start, interval), `${time} in ${unit}`);
      }
    }
  } finally {
    db.close();
  }
});

Deno.test("the next month bucket rolls over the year; the next week is seven days on", () => {
  assert.equal(
    bucketKey(nextBucketStart(at("2026-12-01T00:00:00Z"), parseTimeUnit("1M"))),
    "2027-01-01T00:00:00.000Z",
  );
  assert.equal(
    bucketKey(nextBucketStart(at("2026-11-01T00:00:00Z"), parseTimeUnit("3M"))),
    "2027-02-01T00:00:00.000Z",
  );
  assert.equal(
    bucketKey(nextBucketStart(at("2026-11-16T00:00:00Z"), parseTimeUnit("1w"))),
    "2026-11-23T00:00:00.000Z",
  );
  assert.equal(
    bucketKey(nextBucketStart(at("2026-11-16T10:00:00Z"), parseTimeUnit("5m"))),
    "2026-11-16T10:05:00.000Z",
  );
});
