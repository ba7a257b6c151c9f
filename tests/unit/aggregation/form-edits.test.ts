import assert from "node:assert/strict";
import {
  canRollupColumns,
  groupingFieldChoices,
  metricFieldChoices,
  moveItem,
  newGrouping,
  pruneSort,
  setGroupingFields,
  setMetricFunction,
  setVisualizationType,
  sortChoices,
  toggleAutoInterval,
} from "../../../ui/aggregation/logic/form-edits.ts";
import { scalingToSlider, sliderToScaling } from "../../../ui/aggregation/logic/scaling-slider.ts";
import { FIELD_TYPES, formValues, metric, sortEntry, timeGrouping, valuesGrouping } from "./factories.ts";

Deno.test("choosing a date field makes a time grouping with auto interval; a string field a values grouping", () => {
  const time = setGroupingFields(newGrouping(), ["timestamp"], FIELD_TYPES);
  assert.equal(time.type, "time");
  assert.deepEqual(time.type === "time" && time.interval, { type: "auto", scaling: 1 });
  const values = setGroupingFields(time, ["source"], FIELD_TYPES);
  assert.equal(values.type, "values");
  assert.equal(values.type === "values" && values.limit, 15);
  assert.equal(values.id, time.id);
});

Deno.test("a grouping with fields offers only fields of the same kind", () => {
  assert.deepEqual(groupingFieldChoices(valuesGrouping({ fields: ["source"] }), FIELD_TYPES), [
    "bytes",
    "http_method",
    "source",
    "took_ms",
  ]);
  assert.deepEqual(groupingFieldChoices(timeGrouping(), FIELD_TYPES), ["timestamp"]);
  assert.equal(groupingFieldChoices(newGrouping(), FIELD_TYPES).length, 5);
});

Deno.test("the interval toggle sets auto with scaling 1 or every 1 minute", () => {
  assert.deepEqual(toggleAutoInterval(true), { type: "auto", scaling: 1 });
  assert.deepEqual(toggleAutoInterval(false), { type: "timeunit", value: 1, unit: "minutes" });
});

Deno.test("the scaling slider shows the inverse of the scaling in steps of 0.5 between 0.5 and 10", () => {
  assert.equal(scalingToSlider(1), 1);
  assert.equal(scalingToSlider(0.5), 2);
  assert.equal(scalingToSlider(2), 0.5);
  assert.equal(scalingToSlider(0.01), 10);
  assert.equal(scalingToSlider(undefined), 1);
  assert.equal(sliderToScaling(4), 0.25);
});

Deno.test("metric fields are numeric only unless the function is count, card or latest", () => {
  assert.deepEqual(metricFieldChoices("avg", FIELD_TYPES), ["bytes", "took_ms"]);
  assert.deepEqual(metricFieldChoices("percentile", FIELD_TYPES), ["bytes", "took_ms"]);
  for (const fn of ["count", "card", "latest"] as const) {
    assert.equal(metricFieldChoices(fn, FIELD_TYPES).length, 5, fn);
  }
});

Deno.test("changing a metric function clears a field the new function cannot take", () => {
  const cardOfSource = metric({ function: "card", field: "source" });
  assert.equal(setMetricFunction(cardOfSource, "avg", FIELD_TYPES).field, undefined);
  assert.equal(setMetricFunction(cardOfSource, "latest", FIELD_TYPES).field, "source");
  const avgOfTook = metric({ function: "avg", field: "took_ms" });
  const percentile = setMetricFunction(avgOfTook, "percentile", FIELD_TYPES);
  assert.equal(percentile.field, "took_ms");
  assert.equal(percentile.percentile, undefined);
});

Deno.test("sort choices list grouping fields and metrics but never the latest value", () => {
  const form = formValues({
    groupings: [valuesGrouping({ fields: ["source", "http_method"] })],
    metrics: [
      metric(),
      metric({ id: "2", function: "latest", field: "source" }),
      metric({ id: "3", function: "avg", field: "took_ms", name: "Latency" }),
    ],
  });
  assert.deepEqual(sortChoices(form).map((c) => [c.value, c.label]), [
    ["groupBy:source", "source"],
    ["groupBy:http_method", "http_method"],
    ["metric:count()", "count()"],
    ["metric:avg(took_ms)", "Latency"],
  ]);
});

Deno.test("removing a metric drops sort entries on it", () => {
  const form = formValues({
    groupings: [valuesGrouping()],
    metrics: [],
    sort: [sortEntry(), sortEntry({ id: "2", type: "groupBy", field: "source" })],
  });
  assert.deepEqual(pruneSort(form).sort.map((s) => s.field), ["source"]);
});

Deno.test("changing the visualization type resets its config to the new type's defaults", () => {
  const form = formValues({
    visualization: {
      type: "bar",
      config: { barmode: "stack", axis_type: "logarithmic" },
      eventAnnotation: true,
    },
  });
  const line = setVisualizationType(form, "line");
  assert.deepEqual(line.visualization, {
    type: "line",
    config: { interpolation: "linear", axis_type: "linear" },
    eventAnnotation: true,
  });
  const heatmap = setVisualizationType(form, "heatmap");
  assert.deepEqual(heatmap.visualization.config, {
    color_scale: "Viridis",
    reverse_scale: false,
    auto_scale: true,
    use_smallest_as_default: false,
  });
  assert.equal(heatmap.visualization.eventAnnotation, false);
  assert.deepEqual(setVisualizationType(form, "bar").visualization.config, {
    barmode: "group",
    axis_type: "linear",
  });
});

Deno.test("items move up, down and by drag; out-of-range moves change nothing", () => {
  assert.deepEqual(moveItem(["a", "b", "c"], 0, 2), ["b", "c", "a"]);
  assert.deepEqual(moveItem(["a", "b", "c"], 2, 1), ["a", "c", "b"]);
  assert.deepEqual(moveItem(["a", "b"], 1, 2), ["a", "b"]);
});

Deno.test("'Rollup Columns' can be changed only with a column grouping", () => {
  assert.equal(canRollupColumns(formValues({ groupings: [valuesGrouping()] })), false);
  assert.equal(canRollupColumns(formValues({ groupings: [valuesGrouping({ direction: "column" })] })), true);
});
