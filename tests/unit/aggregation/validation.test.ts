import assert from "node:assert/strict";
import { validateAggregationForm } from "../../../ui/aggregation/logic/validation.ts";
import { formValues, metric, sortEntry, timeGrouping, valuesGrouping } from "./factories.ts";

Deno.test("a count by source data table is valid", () => {
  assert.deepEqual(validateAggregationForm(formValues({ groupings: [valuesGrouping()] })), {});
});

Deno.test("a grouping without a field: 'Field is required.'", () => {
  const errors = validateAggregationForm(formValues({ groupings: [valuesGrouping({ fields: [] })] }));
  assert.equal(errors["groupings.0.fields"], "Field is required.");
});

Deno.test("auto interval scaling: required, and above 0 up to 10", () => {
  const scaling = (value: number | undefined) =>
    validateAggregationForm(
      formValues({ groupings: [timeGrouping({ interval: { type: "auto", scaling: value } })] }),
    )[
      "groupings.0.interval.scaling"
    ];
  assert.equal(scaling(undefined), "Scaling is required.");
  assert.equal(scaling(0), "Must be greater than 0 and smaller or equals 10.");
  assert.equal(scaling(10.5), "Must be greater than 0 and smaller or equals 10.");
  assert.equal(scaling(10), undefined);
  assert.equal(scaling(0.1), undefined);
});

Deno.test("time unit interval value: required and above 0", () => {
  const value = (v: number | undefined) =>
    validateAggregationForm(formValues({
      groupings: [timeGrouping({ interval: { type: "timeunit", value: v, unit: "minutes" } })],
    }))["groupings.0.interval.value"];
  assert.equal(value(undefined), "Value is required.");
  assert.equal(value(0), "Must be greater than 0.");
  assert.equal(value(-3), "Must be greater than 0.");
  assert.equal(value(1), undefined);
});

Deno.test("values grouping limit: required and above 0", () => {
  const limit = (v: number | undefined) =>
    validateAggregationForm(formValues({ groupings: [valuesGrouping({ limit: v })] }))["groupings.0.limit"];
  assert.equal(limit(undefined), "Limit is required.");
  assert.equal(limit(0), "Must be greater than 0.");
  assert.equal(limit(5), undefined);
});

Deno.test("metrics: function required, field required except for count, percentile required", () => {
  const errors = validateAggregationForm(formValues({
    metrics: [
      metric({ function: undefined }),
      metric({ function: "avg", field: undefined }),
      metric({ function: "card", field: undefined }),
      metric({ function: "latest", field: undefined }),
      metric({ function: "percentile", field: "took_ms", percentile: undefined }),
      metric({ function: "count", field: undefined }),
    ],
  }));
  assert.deepEqual(errors, {
    "metrics.0.function": "Function is required.",
    "metrics.1.field": "Field is required for function avg.",
    "metrics.2.field": "Field is required for function card.",
    "metrics.3.field": "Field is required for function latest.",
    "metrics.4.percentile": "Percentile is required.",
  });
});

Deno.test("sort entries need a field and a direction", () => {
  const errors = validateAggregationForm(formValues({
    groupings: [valuesGrouping()],
    sort: [sortEntry({ type: undefined, field: undefined }), sortEntry({ direction: undefined })],
  }));
  assert.deepEqual(errors, {
    "sort.0.field": "Field is required.",
    "sort.1.direction": "Direction is required.",
  });
});

Deno.test("sorting a chart with a time row grouping is rejected; a data table may", () => {
  const chart = formValues({
    groupings: [timeGrouping()],
    sort: [sortEntry()],
    visualization: { type: "bar", config: { barmode: "group", axis_type: "linear" }, eventAnnotation: false },
  });
  assert.deepEqual(validateAggregationForm(chart), {
    sort: "Sort on non data table with time based row grouping does not work.",
  });
  assert.deepEqual(
    validateAggregationForm({
      ...chart,
      visualization: { ...chart.visualization, type: "table", config: {} },
    }),
    {},
  );
  assert.deepEqual(validateAggregationForm({ ...chart, sort: [] }), {});
});

Deno.test("a missing visualization type: 'Type is required.'", () => {
  const errors = validateAggregationForm(
    formValues({ visualization: { type: undefined, config: {}, eventAnnotation: false } }),
  );
  assert.deepEqual(errors, { "visualization.type": "Type is required." });
});

Deno.test("required visualization config fields say '{title} is required.'", () => {
  const bar = validateAggregationForm(formValues({
    visualization: { type: "bar", config: { barmode: undefined, axis_type: "" }, eventAnnotation: false },
  }));
  assert.deepEqual(bar, {
    "visualization.config.barmode": "Mode is required.",
    "visualization.config.axis_type": "Axis Type is required.",
  });
  const line = validateAggregationForm(formValues({
    visualization: { type: "line", config: { axis_type: "linear" }, eventAnnotation: false },
  }));
  assert.deepEqual(line, { "visualization.config.interpolation": "Interpolation is required." });
  const map = validateAggregationForm(formValues({
    visualization: {
      type: "map",
      config: { viewport: { zoom: 1, center_x: undefined, center_y: Number.NaN } },
      eventAnnotation: false,
    },
  }));
  assert.deepEqual(map, {
    "visualization.config.viewport.center_x": "Latitude is required.",
    "visualization.config.viewport.center_y": "Longitude is required.",
  });
});

Deno.test("heatmap z_min and z_max are required only without auto scale", () => {
  const heatmap = (autoScale: boolean) =>
    validateAggregationForm(formValues({
      groupings: [valuesGrouping(), valuesGrouping({ id: "c", direction: "column", fields: ["action"] })],
      visualization: {
        type: "heatmap",
        config: {
          color_scale: "Viridis",
          reverse_scale: false,
          auto_scale: autoScale,
          use_smallest_as_default: false,
        },
        eventAnnotation: false,
      },
    }));
  assert.deepEqual(heatmap(true), {});
  assert.deepEqual(heatmap(false), {
    "visualization.config.z_min": "Min is required.",
    "visualization.config.z_max": "Max is required.",
  });
});

Deno.test("single number trend preference is required only with the trend on", () => {
  const numeric = (trend: boolean) =>
    validateAggregationForm(formValues({
      visualization: {
        type: "numeric",
        config: { trend, trend_preference: undefined },
        eventAnnotation: false,
      },
    }));
  assert.deepEqual(numeric(false), {});
  assert.deepEqual(numeric(true), {
    "visualization.config.trend_preference": "Trend Preference is required.",
  });
});

Deno.test("area, bar, line, pie and scatter each require at least one metric", () => {
  const cases = [
    ["area", "Area Chart", { interpolation: "linear", axis_type: "linear" }],
    ["bar", "Bar Chart", { barmode: "group", axis_type: "linear" }],
    ["line", "Line Chart", { interpolation: "linear", axis_type: "linear" }],
    ["pie", "Pie Chart", {}],
    ["scatter", "Scatter Plot", { axis_type: "linear" }],
  ] as const;
  for (const [type, title, config] of cases) {
    const errors = validateAggregationForm(
      formValues({ metrics: [], visualization: { type, config, eventAnnotation: false } }),
    );
    assert.deepEqual(errors, { "visualization.needs.0": `${title} requires at least one metric` });
  }
  assert.deepEqual(validateAggregationForm(formValues({ metrics: [] })), {});
});

Deno.test("heatmap needs two groupings, row and column, and a metric", () => {
  const heatmap = {
    type: "heatmap" as const,
    config: { color_scale: "Viridis", auto_scale: true },
    eventAnnotation: false,
  };
  assert.deepEqual(
    validateAggregationForm(
      formValues({ groupings: [valuesGrouping()], metrics: [], visualization: heatmap }),
    ),
    {
      "visualization.needs.0": "Heatmap requires at least two groupings.",
      "visualization.needs.1": "Groupings must include row and column groupings.",
      "visualization.needs.2": "At least one metric must be configured.",
    },
  );
  assert.deepEqual(
    validateAggregationForm(formValues({
      groupings: [valuesGrouping(), valuesGrouping({ id: "2", fields: ["action"] })],
      visualization: heatmap,
    })),
    { "visualization.needs.0": "Groupings must include row and column groupings." },
  );
});
