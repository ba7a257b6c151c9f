import assert from "node:assert/strict";
import {
  AUTO_INTERVAL_LADDER,
  autoInterval,
  formatInterval,
  parseTimeUnit,
  resolveInterval,
} from "../../../mock-backend/search/pivot/mod.ts";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const auto = (rangeMs: number, scaling = 1) => formatInterval(autoInterval(rangeMs, scaling));

Deno.test("the default 5-minute search gets 10-second buckets, an hour 1-minute buckets", () => {
  assert.equal(auto(5 * MINUTE), "10s");
  assert.equal(auto(HOUR), "1m");
  assert.equal(auto(6 * HOUR), "10m");
});

Deno.test("longer ranges climb the ladder up to calendar weeks and months", () => {
  assert.equal(auto(DAY), "30m");
  assert.equal(auto(2 * DAY), "1h");
  assert.equal(auto(7 * DAY), "4h");
  assert.equal(auto(30 * DAY), "1d");
  assert.equal(auto(90 * DAY), "2d");
  assert.equal(auto(365 * DAY), "1w");
  assert.equal(auto(400 * DAY), "14d");
  assert.equal(auto(730 * DAY), "1M");
  assert.equal(auto(56 * 365 * DAY), "1M", "all time (from the epoch) gets months");
});

Deno.test("tiny ranges get millisecond buckets", () => {
  assert.equal(auto(0), "1ms");
  assert.equal(auto(150), "5ms");
  assert.equal(auto(5_000), "200ms");
});

Deno.test("each rung includes its upper bound; one millisecond more takes the next rung", () => {
  assert.equal(auto(MINUTE), "1s");
  assert.equal(auto(MINUTE + 1), "2s");
  assert.equal(auto(365 * DAY), "1w");
  assert.equal(auto(365 * DAY + 1), "14d");
  assert.equal(auto(730 * DAY - 1), "14d", "the 14-day rung excludes two years");
});

Deno.test("scaling multiplies the range: below 1 gives finer buckets, above 1 coarser", () => {
  assert.equal(auto(DAY, 0.5), "10m");
  assert.equal(auto(DAY, 2), "1h");
  assert.equal(auto(HOUR, 0.1), "10s");
});

Deno.test("the ladder grows: every rung covers longer ranges with no shorter interval than the one before", () => {
  const length = ({ quantity, unit }: { quantity: number; unit: string }) =>
    quantity *
    ({ ms: 1, s: 1000, m: MINUTE, h: HOUR, d: DAY, w: 7 * DAY, M: 30 * DAY } as Record<string, number>)[unit];
  for (let i = 1; i < AUTO_INTERVAL_LADDER.length; i++) {
    assert.ok(AUTO_INTERVAL_LADDER[i].upTo > AUTO_INTERVAL_LADDER[i - 1].upTo);
    assert.ok(length(AUTO_INTERVAL_LADDER[i].interval) > length(AUTO_INTERVAL_LADDER[i - 1].interval));
  }
  for (const rung of AUTO_INTERVAL_LADDER) {
    const buckets = rung.upTo / length(rung.interval);
    assert.ok(
      buckets >= 20 && buckets <= 400,
      `${formatInterval(rung.interval)} gives ${buckets} buckets at ${rung.upTo} ms`,
    );
  }
});

Deno.test("timeunit intervals are taken as given; auto ones from the range", () => {
  assert.deepEqual(parseTimeUnit("5m"), { quantity: 5, unit: "m" });
  assert.deepEqual(parseTimeUnit("1M"), { quantity: 1, unit: "M" });
  assert.deepEqual(resolveInterval({ type: "timeunit", timeunit: "2h" }, DAY), { quantity: 2, unit: "h" });
  assert.deepEqual(resolveInterval({ type: "auto", scaling: 1 }, HOUR), { quantity: 1, unit: "m" });
  assert.throws(() => parseTimeUnit("0m"), RangeError);
  assert.throws(() => parseTimeUnit("5 minutes"), /not a time unit/);
});
