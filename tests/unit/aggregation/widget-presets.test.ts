import assert from "node:assert/strict";
import { AggregationWidgetConfigSchema } from "../../../api/schemas/widgets.ts";
import {
  defaultAggregationConfig,
  EMPTY_AGGREGATION_TEXT,
  isEmptyAggregation,
  statisticsConfig,
  topValuesConfig,
} from "../../../ui/aggregation/logic/widget-presets.ts";
import { aggregationWidgetTitle } from "../../../ui/aggregation/logic/widget-title.ts";
import { aggregationConfig, FIELD_TYPES } from "./factories.ts";

Deno.test("the default new widget counts messages over a timestamp time pivot as a bar chart with rollup", () => {
  const config = defaultAggregationConfig();
  assert.deepEqual(config.row_pivots, [
    { type: "time", fields: ["timestamp"], config: { interval: { type: "auto", scaling: 1 } } },
  ]);
  assert.deepEqual(config.column_pivots, []);
  assert.deepEqual(config.series, [{ function: "count()", config: {} }]);
  assert.equal(config.visualization, "bar");
  assert.deepEqual(config.visualization_config, { barmode: "group", axis_type: "linear" });
  assert.equal(config.rollup, true);
  assert.deepEqual(AggregationWidgetConfigSchema.parse(config), config);
});

Deno.test("'Show top values' groups by the field's values, counts, sorts descending, as a data table", () => {
  const config = topValuesConfig("http_method");
  assert.deepEqual(config.row_pivots, [
    { type: "values", fields: ["http_method"], config: { limit: 15, skip_empty_values: false } },
  ]);
  assert.deepEqual(config.series, [{ function: "count()", config: {} }]);
  assert.deepEqual(config.sort, [{ type: "series", field: "count()", direction: "Descending" }]);
  assert.equal(config.visualization, "table");
  assert.equal(aggregationWidgetTitle(config), "Aggregating count() by http_method");
});

Deno.test("'Statistics' of a numeric field has the nine statistics functions with the 95th percentile", () => {
  const config = statisticsConfig("took_ms", FIELD_TYPES);
  assert.deepEqual(config.series.map((s) => s.function), [
    "count(took_ms)",
    "sum(took_ms)",
    "avg(took_ms)",
    "min(took_ms)",
    "max(took_ms)",
    "stddev(took_ms)",
    "variance(took_ms)",
    "card(took_ms)",
    "percentile(took_ms,95)",
  ]);
  assert.deepEqual(config.row_pivots, []);
  assert.equal(config.visualization, "table");
});

Deno.test("'Statistics' of a non-numeric or unknown field has only count and card", () => {
  assert.deepEqual(statisticsConfig("source", FIELD_TYPES).series.map((s) => s.function), [
    "count(source)",
    "card(source)",
  ]);
  assert.deepEqual(statisticsConfig("nowhere", FIELD_TYPES).series.map((s) => s.function), [
    "count(nowhere)",
    "card(nowhere)",
  ]);
});

Deno.test("an aggregation without groupings and metrics is empty and says so", () => {
  assert.equal(isEmptyAggregation(aggregationConfig()), true);
  assert.equal(isEmptyAggregation(defaultAggregationConfig()), false);
  assert.equal(EMPTY_AGGREGATION_TEXT, "To see results, add at least one metric");
});

Deno.test("titles read 'Aggregating {series names} by {row fields}' or 'Aggregating {series names}'", () => {
  assert.equal(aggregationWidgetTitle(defaultAggregationConfig()), "Aggregating count() by timestamp");
  assert.equal(
    aggregationWidgetTitle(aggregationConfig({
      series: [{ function: "avg(took_ms)", config: { name: "Latency" } }, {
        function: "count()",
        config: {},
      }],
      row_pivots: [{ type: "values", fields: ["source", "http_method"], config: { limit: 15 } }],
      column_pivots: [{ type: "values", fields: ["action"], config: { limit: 15 } }],
    })),
    "Aggregating Latency, count() by source, http_method",
  );
  assert.equal(
    aggregationWidgetTitle(statisticsConfig("source", FIELD_TYPES)),
    "Aggregating count(source), card(source)",
  );
  assert.equal(aggregationWidgetTitle(aggregationConfig()), "Untitled Aggregation");
});
