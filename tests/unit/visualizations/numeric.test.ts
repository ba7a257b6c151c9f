import assert from "node:assert/strict";
import type { PivotResult } from "../../../api/schemas/search.ts";
import { FONT_FIT, nextFontSize } from "../../../ui/visualizations/numeric/logic/font-fit.ts";
import {
  formatNumberValue,
  formatTrendDifference,
  formatTrendRatio,
} from "../../../ui/visualizations/numeric/logic/number-formats.ts";
import { previousPeriod } from "../../../ui/visualizations/numeric/logic/previous-period.ts";
import { singleValueOf } from "../../../ui/visualizations/numeric/logic/single-value.ts";
import { computeTrend } from "../../../ui/visualizations/numeric/logic/trend.ts";

const pivot = (rows: PivotResult["rows"]): PivotResult => ({
  id: "p",
  type: "pivot",
  rows,
  total: 10,
  effective_timerange: { type: "absolute", from: "2026-11-22T10:00:00.000Z", to: "2026-11-22T10:05:00.000Z" },
});

Deno.test("the value shows up to 7 decimals with thousands grouped", () => {
  assert.equal(formatNumberValue(1234567), "1,234,567");
  assert.equal(formatNumberValue(3.14159265358979), "3.1415927");
  assert.equal(formatNumberValue(0.5), "0.5");
  assert.equal(formatNumberValue(-42), "-42");
});

Deno.test("a missing value reads 'N/A', a text value is shown as it is", () => {
  assert.equal(formatNumberValue(null), "N/A");
  assert.equal(formatNumberValue(undefined), "N/A");
  assert.equal(formatNumberValue(Number.NaN), "N/A");
  assert.equal(formatNumberValue("sshd"), "sshd");
});

Deno.test("the difference is signed, grouped, with up to 5 decimals and no trailing zeros", () => {
  assert.equal(formatTrendDifference(5), "+5");
  assert.equal(formatTrendDifference(5.5), "+5.5");
  assert.equal(formatTrendDifference(-1234.56789), "-1,234.56789");
  assert.equal(formatTrendDifference(0.1234567), "+0.12346");
  assert.equal(formatTrendDifference(0), "+0");
  assert.equal(formatTrendDifference(-0.000001), "+0");
  assert.equal(formatTrendDifference(1e6), "+1,000,000");
});

Deno.test("the ratio is a signed percentage with up to 2 decimals and no grouping", () => {
  assert.equal(formatTrendRatio(0.125), "+12.5%");
  assert.equal(formatTrendRatio(0.5), "+50%");
  assert.equal(formatTrendRatio(-0.03333), "-3.33%");
  assert.equal(formatTrendRatio(123.456), "+12345.6%");
  assert.equal(formatTrendRatio(0), "+0%");
});

Deno.test("a trend that is not finite reads '--'", () => {
  assert.equal(formatTrendRatio(Infinity), "--");
  assert.equal(formatTrendRatio(Number.NaN), "--");
  assert.equal(formatTrendDifference(-Infinity), "--");
});

Deno.test("difference is current minus previous and ratio is difference over previous", () => {
  const trend = computeTrend(150, 100, "NEUTRAL");
  assert.deepEqual(trend, { difference: 50, ratio: 0.5, direction: "up", rating: "neutral" });
  assert.equal(computeTrend(10, 0, "HIGHER")?.ratio, Infinity);
  assert.ok(Number.isNaN(computeTrend(0, 0, "HIGHER")?.ratio));
});

Deno.test("higher is good under HIGHER, bad under LOWER, and unchanged is always neutral", () => {
  assert.equal(computeTrend(2, 1, "HIGHER")?.rating, "good");
  assert.equal(computeTrend(1, 2, "HIGHER")?.rating, "bad");
  assert.equal(computeTrend(2, 1, "LOWER")?.rating, "bad");
  assert.equal(computeTrend(1, 2, "LOWER")?.rating, "good");
  assert.equal(computeTrend(1, 2, "NEUTRAL")?.rating, "neutral");
  assert.deepEqual(computeTrend(3, 3, "HIGHER"), {
    difference: 0,
    ratio: 0,
    direction: "flat",
    rating: "neutral",
  });
  assert.equal(computeTrend(1, 2, "LOWER")?.direction, "down");
});

Deno.test("no trend without two numeric values", () => {
  assert.equal(computeTrend(null, 1, "HIGHER"), null);
  assert.equal(computeTrend(1, undefined, "HIGHER"), null);
  assert.equal(computeTrend("a", 1, "HIGHER"), null);
});

Deno.test("the previous period ends where the current one starts and has the same length", () => {
  assert.deepEqual(
    previousPeriod({ type: "absolute", from: "2026-11-22T10:00:00.000Z", to: "2026-11-22T10:05:00.000Z" }),
    {
      type: "absolute",
      from: "2026-11-22T09:55:00.000Z",
      to: "2026-11-22T10:00:00.000Z",
    },
  );
  assert.deepEqual(previousPeriod({ from: "2026-11-01T00:00:00Z", to: "2026-11-08T00:00:00Z" }), {
    type: "absolute",
    from: "2026-10-25T00:00:00.000Z",
    to: "2026-11-01T00:00:00.000Z",
  });
  assert.throws(() => previousPeriod({ from: "yesterday", to: "now" }), /previous period/);
});

Deno.test("the single value is the first metric of the totals row", () => {
  const withGroups = pivot([
    {
      key: ["a"],
      values: [{ key: ["count()"], value: 3, rollup: true, source: "row-leaf" }],
      source: "leaf",
    },
    {
      key: [],
      values: [
        { key: ["count()"], value: 7, rollup: true, source: "row-inner" },
        { key: ["avg(took)"], value: 2.5, rollup: true, source: "row-inner" },
      ],
      source: "non-leaf",
    },
  ]);
  assert.equal(singleValueOf(withGroups), 7);
  assert.equal(singleValueOf(pivot([])), null);
  assert.equal(singleValueOf(undefined), null);
  assert.equal(
    singleValueOf(
      pivot([{
        key: [],
        values: [{ key: ["count()"], value: null, rollup: true, source: "row-leaf" }],
        source: "leaf",
      }]),
    ),
    null,
  );
});

Deno.test("font fitting starts at 20 px, scales toward 80 % fill and stops within 5 %", () => {
  assert.equal(FONT_FIT.startSize, 20);
  const box = { width: 400, height: 200 };
  // At 20 px the text is 100×20: width fill 0.25 → grow by 0.8 / 0.25.
  assert.equal(nextFontSize(20, { width: 100, height: 20 }, box), 64);
  // At 64 px it is 320 wide: fill 0.8, done.
  assert.equal(nextFontSize(64, { width: 320, height: 64 }, box), 64);
  // Within tolerance (0.83) stays; outside (0.9) shrinks.
  assert.equal(nextFontSize(64, { width: 332, height: 64 }, box), 64);
  assert.equal(nextFontSize(64, { width: 360, height: 64 }, box), 56.8);
  // The height can be the tighter side.
  assert.equal(nextFontSize(100, { width: 100, height: 200 }, box), 80);
  assert.equal(nextFontSize(20, { width: 0, height: 0 }, box), 20);
});
