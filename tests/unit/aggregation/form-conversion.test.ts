import assert from "node:assert/strict";
import { AggregationWidgetConfigSchema } from "../../../api/schemas/widgets.ts";
import { toAggregationConfig, toAggregationForm } from "../../../ui/aggregation/logic/form-conversion.ts";
import { aggregationConfig, formValues, timeGrouping, valuesGrouping } from "./factories.ts";

Deno.test("a config with row and column pivots, named series, sort and heatmap config round-trips unchanged", () => {
  const config = aggregationConfig({
    row_pivots: [
      {
        type: "time",
        fields: ["timestamp"],
        config: { interval: { type: "timeunit", value: 5, unit: "minutes" } },
      },
      { type: "values", fields: ["source", "http_method"], config: { limit: 10, skip_empty_values: true } },
    ],
    column_pivots: [{ type: "values", fields: ["action"], config: { limit: 3, skip_empty_values: false } }],
    series: [
      { function: "count()", config: {} },
      { function: "percentile(took_ms,95)", config: { name: "p95 latency" } },
    ],
    sort: [{ type: "series", field: "count()", direction: "Descending" }, {
      type: "pivot",
      field: "source",
      direction: "Ascending",
    }],
    rollup: false,
    visualization: "heatmap",
    visualization_config: {
      color_scale: "Hot",
      reverse_scale: true,
      auto_scale: false,
      z_min: 1,
      z_max: 40,
      use_smallest_as_default: false,
      default_value: 0,
    },
    formatting_settings: { chart_colors: [{ field_name: "count()", chart_color: "#ff0000" }] },
    event_annotation: false,
  });
  assert.deepEqual(toAggregationConfig(toAggregationForm(config)), config);
});

Deno.test("every visualization type's stored config survives the editor round trip", () => {
  const configs = [
    aggregationConfig({ visualization: "table", visualization_config: { pinned_columns: ["source"] } }),
    aggregationConfig({
      visualization: "bar",
      visualization_config: { barmode: "stack", axis_type: "logarithmic" },
    }),
    aggregationConfig({
      visualization: "line",
      visualization_config: { interpolation: "spline", axis_type: "linear" },
    }),
    aggregationConfig({
      visualization: "area",
      visualization_config: { interpolation: "step-after", axis_type: "linear" },
    }),
    aggregationConfig({ visualization: "scatter", visualization_config: { axis_type: "logarithmic" } }),
    aggregationConfig({ visualization: "pie", visualization_config: {} }),
    aggregationConfig({
      visualization: "numeric",
      visualization_config: { trend: true, trend_preference: "LOWER" },
    }),
    aggregationConfig({
      visualization: "map",
      visualization_config: { viewport: { center_x: 48.2, center_y: 16.4, zoom: 4 } },
    }),
  ];
  for (const config of configs) {
    assert.deepEqual(toAggregationConfig(toAggregationForm(config)), config, config.visualization);
  }
});

Deno.test("the form edits the server-form config the visualization registry describes", () => {
  const form = toAggregationForm(aggregationConfig({
    visualization: "map",
    visualization_config: { viewport: { center_x: 10, center_y: 20, zoom: 3 } },
  }));
  assert.deepEqual(form.visualization.config, { viewport: { center_x: 10, center_y: 20, zoom: 3 } });
  const heatmap = toAggregationForm(
    aggregationConfig({ visualization: "heatmap", visualization_config: {} }),
  );
  assert.deepEqual(heatmap.visualization.config, {
    color_scale: "Viridis",
    reverse_scale: false,
    auto_scale: true,
    use_smallest_as_default: false,
  });
});

Deno.test("row pivots come first, then column pivots, each with its direction", () => {
  const form = toAggregationForm(aggregationConfig({
    row_pivots: [{ type: "values", fields: ["source"], config: { limit: 15 } }],
    column_pivots: [{
      type: "time",
      fields: ["timestamp"],
      config: { interval: { type: "auto", scaling: 2 } },
    }],
  }));
  assert.deepEqual(form.groupings.map((g) => [g.direction, g.type, g.fields]), [
    ["row", "values", ["source"]],
    ["column", "time", ["timestamp"]],
  ]);
  const time = form.groupings[1];
  assert.equal(time.type === "time" && time.interval.type === "auto" && time.interval.scaling, 2);
  const values = form.groupings[0];
  assert.equal(values.type === "values" && values.skipEmptyValues, false);
});

Deno.test("groupings reordered in the form keep their direction when written back", () => {
  const config = toAggregationConfig(formValues({
    groupings: [
      valuesGrouping({ id: "a", direction: "column", fields: ["action"] }),
      valuesGrouping({ id: "b", fields: ["source"] }),
      timeGrouping({ id: "c" }),
    ],
  }));
  assert.deepEqual(config.row_pivots.map((p) => p.fields[0]), ["source", "timestamp"]);
  assert.deepEqual(config.column_pivots.map((p) => p.fields[0]), ["action"]);
});

Deno.test("heatmap zMin and zMax are dropped when auto scale is on", () => {
  const config = toAggregationConfig(formValues({
    visualization: {
      type: "heatmap",
      config: {
        color_scale: "Viridis",
        reverse_scale: false,
        auto_scale: true,
        z_min: 3,
        z_max: 9,
        use_smallest_as_default: false,
      },
      eventAnnotation: false,
    },
  }));
  assert.equal(config.visualization_config?.auto_scale, true);
  assert.equal("z_min" in (config.visualization_config ?? {}), false);
  assert.equal("z_max" in (config.visualization_config ?? {}), false);
  const manual = toAggregationConfig(formValues({
    visualization: {
      type: "heatmap",
      config: {
        color_scale: "Viridis",
        reverse_scale: false,
        auto_scale: false,
        z_min: 3,
        z_max: 9,
        use_smallest_as_default: false,
      },
      eventAnnotation: false,
    },
  }));
  assert.equal(manual.visualization_config?.z_min, 3);
  assert.equal(manual.visualization_config?.z_max, 9);
});

Deno.test("metrics become function strings; a blank name is not stored", () => {
  const config = toAggregationConfig(formValues({
    metrics: [
      { id: "1", function: "avg", field: "took_ms", percentile: undefined, name: "  " },
      { id: "2", function: "percentile", field: "took_ms", percentile: 99, name: "p99" },
      { id: "3", function: "count", field: undefined, percentile: undefined, name: "" },
    ],
  }));
  assert.deepEqual(config.series, [
    { function: "avg(took_ms)", config: {} },
    { function: "percentile(took_ms,99)", config: { name: "p99" } },
    { function: "count()", config: {} },
  ]);
});

Deno.test("sort entries map groupBy to pivot and metric to series", () => {
  const config = toAggregationConfig(formValues({
    sort: [
      { id: "1", type: "groupBy", field: "source", direction: "Ascending" },
      { id: "2", type: "metric", field: "count()", direction: "Descending" },
    ],
  }));
  assert.deepEqual(config.sort, [
    { type: "pivot", field: "source", direction: "Ascending" },
    { type: "series", field: "count()", direction: "Descending" },
  ]);
  const form = toAggregationForm(config);
  assert.deepEqual(form.sort.map((s) => s.type), ["groupBy", "metric"]);
});

Deno.test("the written config is a valid wire AggregationWidgetConfig", () => {
  const config = toAggregationConfig(formValues({
    groupings: [timeGrouping({ interval: { type: "timeunit", value: 2, unit: "hours" } })],
    visualization: {
      type: "line",
      config: { interpolation: "linear", axis_type: "linear" },
      eventAnnotation: true,
    },
  }));
  assert.deepEqual(AggregationWidgetConfigSchema.parse(config), config);
  assert.equal(config.event_annotation, true);
});

Deno.test("an unreadable stored visualization config falls back to the type's defaults", () => {
  const form = toAggregationForm(
    aggregationConfig({ visualization: "bar", visualization_config: { barmode: "zigzag" } }),
  );
  assert.deepEqual(form.visualization.config, { barmode: "group", axis_type: "linear" });
});

Deno.test("a cleared optional value is not stored", () => {
  const config = toAggregationConfig(formValues({
    visualization: {
      type: "heatmap",
      config: {
        color_scale: "Hot",
        reverse_scale: false,
        auto_scale: true,
        use_smallest_as_default: false,
        default_value: undefined,
      },
      eventAnnotation: false,
    },
  }));
  assert.deepEqual(config.visualization_config, {
    color_scale: "Hot",
    reverse_scale: false,
    auto_scale: true,
    use_smallest_as_default: false,
  });
});
