import assert from "node:assert/strict";
import { PivotSearchTypeSchema } from "../../../api/schemas/search.ts";
import { toPivotSearchType } from "../../../ui/aggregation/logic/pivot-search-type.ts";
import { defaultAggregationConfig } from "../../../ui/aggregation/logic/widget-presets.ts";
import { aggregationConfig } from "./factories.ts";

Deno.test("the default widget becomes a pivot over auto-scaled timestamp buckets counting messages", () => {
  const searchType = toPivotSearchType(defaultAggregationConfig(), "st-1");
  assert.deepEqual(searchType, {
    type: "pivot",
    id: "st-1",
    name: "chart",
    row_groups: [{ type: "time", fields: ["timestamp"], interval: { type: "auto", scaling: 1 } }],
    column_groups: [],
    series: [{ type: "count", id: "count()", field: null }],
    sort: [],
    rollup: true,
  });
  assert.deepEqual(PivotSearchTypeSchema.parse(searchType), searchType);
});

Deno.test("time unit intervals become timeunit strings such as 1m, 6h and 1M", () => {
  const interval = (value: number, unit: "seconds" | "minutes" | "hours" | "days" | "weeks" | "months") =>
    toPivotSearchType(
      aggregationConfig({
        row_pivots: [{
          type: "time",
          fields: ["timestamp"],
          config: { interval: { type: "timeunit", value, unit } },
        }],
      }),
      "x",
    ).row_groups[0];
  assert.deepEqual(interval(1, "minutes"), {
    type: "time",
    fields: ["timestamp"],
    interval: { type: "timeunit", timeunit: "1m" },
  });
  assert.deepEqual(
    ["seconds", "hours", "days", "weeks", "months"].map((unit) => {
      const group = interval(6, unit as "hours");
      return group.type === "time" && group.interval.type === "timeunit" ? group.interval.timeunit : null;
    }),
    ["6s", "6h", "6d", "6w", "6M"],
  );
});

Deno.test("values pivots carry limit and skip_empty_values; series ids are function strings; sort and rollup pass", () => {
  const searchType = toPivotSearchType(
    aggregationConfig({
      row_pivots: [{
        type: "values",
        fields: ["source", "http_method"],
        config: { limit: 7, skip_empty_values: true },
      }],
      column_pivots: [{
        type: "time",
        fields: ["timestamp"],
        config: { interval: { type: "auto", scaling: 0.5 } },
      }],
      series: [
        { function: "percentile(took_ms,95)", config: { name: "p95" } },
        { function: "card(source)", config: {} },
      ],
      sort: [{ type: "series", field: "card(source)", direction: "Ascending" }],
      rollup: false,
    }),
    "st-9",
  );
  assert.deepEqual(searchType.row_groups, [
    { type: "values", fields: ["source", "http_method"], limit: 7, skip_empty_values: true },
  ]);
  assert.deepEqual(searchType.column_groups, [
    { type: "time", fields: ["timestamp"], interval: { type: "auto", scaling: 0.5 } },
  ]);
  assert.deepEqual(searchType.series, [
    { type: "percentile", id: "percentile(took_ms,95)", field: "took_ms", percentile: 95 },
    { type: "card", id: "card(source)", field: "source" },
  ]);
  assert.deepEqual(searchType.sort, [{ type: "series", field: "card(source)", direction: "Ascending" }]);
  assert.equal(searchType.rollup, false);
  assert.deepEqual(PivotSearchTypeSchema.parse(searchType), searchType);
});

Deno.test("groupings without fields and unparsable metrics are left out of the search type", () => {
  const searchType = toPivotSearchType(
    aggregationConfig({
      row_pivots: [{ type: "values", fields: [], config: { limit: 15 } }],
      series: [{ function: "median(took_ms)", config: {} }, { function: "count()", config: {} }],
    }),
    "x",
  );
  assert.deepEqual(searchType.row_groups, []);
  assert.deepEqual(searchType.series.map((s) => s.id), ["count()"]);
});
