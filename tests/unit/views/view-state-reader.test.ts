import assert from "node:assert/strict";
import fc from "fast-check";
import { readQueryViewState, readVisualizationConfig } from "../../../api/schemas/view-state-reader.ts";
import {
  HEATMAP_COLOR_SCALES,
  QueryViewStateSchema,
  VISUALIZATION_TYPES,
  VisualizationConfigSchemas,
  type VisualizationType,
} from "../../../api/schemas/widgets.ts";
import { defaultSearchView } from "../../../ui/widgets/logic/default-search-view.ts";
import { toQueryViewState } from "../../../ui/view/view-state-wire.ts";

/**
 * The browser reads view states with zod-free readers (api/schemas/view-state-reader.ts); they must read every
 * value exactly as the zod schemas do: the same result (compared as JSON, as states travel) or both refusing.
 */

/** Mostly `valid`, sometimes missing, null or some other JSON value: the states a reader meets. */
function sometimes<T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> {
  return fc.oneof(
    { weight: 80, arbitrary: valid },
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: fc.constant(null) },
    { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 1 }) },
  );
}

/**
 * An object of `fields` and an `extra` key no schema knows. The `omittable` keys (those with a default or
 * optional in the schema) are often left out, the others rarely (through `sometimes`). For a strict schema
 * (one refusing unknown keys) the `extra` key comes only now and then, so that most such objects stay valid.
 */
function shape(
  fields: Record<string, fc.Arbitrary<unknown>>,
  omittable: string[] = [],
  { strict = false } = {},
): fc.Arbitrary<unknown> {
  const requiredKeys = Object.keys(fields).filter((key) => !omittable.includes(key));
  const arbitraries: Record<string, fc.Arbitrary<unknown>> = { ...fields, extra: fc.string() };
  const withExtra = fc.record(arbitraries, { requiredKeys });
  if (!strict) return sometimes(withExtra);
  return sometimes(fc.oneof({ weight: 15, arbitrary: fc.record(fields, { requiredKeys }) }, { weight: 1, arbitrary: withExtra }));
}

/** Mostly one of `good`, now and then one of `bad`. */
function pick<T>(good: readonly T[], bad: readonly T[]): fc.Arbitrary<T> {
  return fc.oneof({ weight: 15, arbitrary: fc.constantFrom(...good) }, {
    weight: 1,
    arbitrary: fc.constantFrom(...bad),
  });
}

const word = pick(["timestamp", "source", "http_method", "Infinity", "a b"], [""]);
const int = fc.oneof({ weight: 15, arbitrary: fc.integer({ min: 1, max: 30 }) }, {
  weight: 1,
  arbitrary: fc.constantFrom(-1, 0, 1.5),
});
const iso = fc.oneof(
  fc.date({ min: new Date("2020-01-01"), max: new Date("2030-01-01"), noInvalidDate: true }).map((d) =>
    d.toISOString()
  ),
  fc.constantFrom("2024-01-01 10:00:00", "yesterday"),
);
const timerange = fc.oneof(
  shape({ type: fc.constant("relative"), from: int, to: int, range: int }, ["from", "to", "range"], { strict: true }),
  shape({ type: fc.constant("absolute"), from: iso, to: iso }, [], { strict: true }),
  shape({ type: fc.constant("keyword"), keyword: fc.string({ maxLength: 3 }), timezone: word }, ["timezone"], {
    strict: true,
  }),
);
const sort = shape({
  type: pick(["pivot", "series"], ["x"]),
  field: word,
  direction: pick(["Ascending", "Descending"], ["up"]),
});
const interval = fc.oneof(
  shape({ type: fc.constant("auto"), scaling: fc.double({ noNaN: true, noDefaultInfinity: true }) }),
  shape({ type: fc.constant("timeunit"), value: int, unit: pick(["minutes", "hours"], ["years"]) }),
);
const pivot = fc.oneof(
  shape({ type: fc.constant("time"), fields: fc.array(word, { maxLength: 2 }), config: shape({ interval }) }),
  shape({
    type: fc.constant("values"),
    fields: fc.array(word, { maxLength: 2 }),
    config: shape({ limit: int, skip_empty_values: fc.boolean() }, ["skip_empty_values"]),
  }),
);
const visualizationConfig = fc.oneof(
  shape(
    { barmode: pick(["group", "stack"], ["nope"]), axis_type: pick(["linear", "logarithmic"], ["log"]) },
    ["barmode", "axis_type"],
  ),
  shape({
    interpolation: pick(["linear", "spline"], ["curvy"]),
    pinned_columns: fc.array(word, { maxLength: 2 }),
  }, ["interpolation", "pinned_columns"]),
  shape({
    color_scale: pick(HEATMAP_COLOR_SCALES, ["Pink"]),
    reverse_scale: fc.boolean(),
    z_min: int,
    default_value: int,
    trend: fc.boolean(),
    trend_preference: pick(["LOWER", "HIGHER"], ["MIDDLE"]),
  }, ["color_scale", "reverse_scale", "z_min", "default_value", "trend", "trend_preference"]),
  shape({ viewport: shape({ center_x: int, center_y: int, zoom: int }) }, ["viewport"]),
);
const aggregationConfig = shape({
  row_pivots: fc.array(pivot, { maxLength: 2 }),
  column_pivots: fc.array(pivot, { maxLength: 1 }),
  series: fc.array(
    shape({ function: fc.constantFrom("count()", "avg(took_ms)"), config: shape({ name: word }, ["name"]) }, [
      "config",
    ]),
    { maxLength: 2 },
  ),
  sort: fc.array(sort, { maxLength: 2 }),
  rollup: fc.boolean(),
  visualization: pick(VISUALIZATION_TYPES, ["sankey"]),
  visualization_config: visualizationConfig,
  formatting_settings: shape({
    chart_colors: fc.array(shape({ field_name: word, chart_color: word }), { maxLength: 2 }),
  }),
  event_annotation: fc.boolean(),
}, [
  "row_pivots",
  "column_pivots",
  "series",
  "sort",
  "rollup",
  "visualization",
  "visualization_config",
  "formatting_settings",
  "event_annotation",
]);
const messagesConfig = shape({
  fields: fc.array(word, { maxLength: 3 }),
  show_message_row: fc.boolean(),
  show_summary: fc.boolean(),
  sort: fc.array(sort, { maxLength: 2 }),
  decorators: fc.array(
    shape({ id: word, type: word, config: fc.dictionary(word, fc.jsonValue({ maxDepth: 1 })), order: int }, [
      "id",
      "config",
      "order",
    ]),
    { maxLength: 2 },
  ),
}, ["fields", "show_message_row", "show_summary", "sort", "decorators"]);
const common = {
  id: word,
  filter: word,
  filters: fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 1 }),
  timerange: fc.oneof({ weight: 3, arbitrary: fc.constant(null) }, { weight: 2, arbitrary: timerange }),
  query: shape({ type: pick(["elasticsearch"], ["lucene"]), query_string: word }, [], { strict: true }),
  streams: fc.array(word, { maxLength: 2 }),
};
const OMITTABLE_COMMON = ["filter", "filters", "timerange", "query", "streams"];
const widget = fc.oneof(
  {
    weight: 5,
    arbitrary: shape({ type: fc.constant("messages"), config: messagesConfig, ...common }, OMITTABLE_COMMON),
  },
  {
    weight: 5,
    arbitrary: shape(
      { type: fc.constant("aggregation"), config: aggregationConfig, ...common },
      OMITTABLE_COMMON,
    ),
  },
  {
    weight: 1,
    arbitrary: shape({ type: fc.constant("heatmap-widget"), config: aggregationConfig, ...common }),
  },
);
const position = shape({ col: int, row: int, height: int, width: fc.oneof(int, fc.constant("Infinity")) });
const rule = shape({
  field: word,
  value: fc.oneof(word, int, fc.boolean(), fc.constant(null)),
  condition: pick(["==", "!=", "<"], ["~="]),
  color: fc.oneof(
    shape({ type: fc.constant("static"), color: word }),
    shape({ type: fc.constant("gradient"), gradient: pick(["Viridis"], ["Pink"]), lower: int, upper: int }),
  ),
}, ["condition"]);
const viewState = shape({
  selected_fields: fc.array(word, { maxLength: 2 }),
  titles: shape({ widget: fc.dictionary(word, word), tab: shape({ title: word }) }, ["widget", "tab"]),
  widgets: fc.array(widget, { maxLength: 3 }),
  widget_mapping: fc.dictionary(word, fc.array(word, { maxLength: 2 })),
  positions: fc.dictionary(word, position),
  formatting: shape({ highlighting: fc.array(rule, { maxLength: 2 }) }, ["highlighting"]),
  display_mode_settings: shape({ positions: fc.dictionary(word, fc.jsonValue({ maxDepth: 1 })) }),
  static_message_list_id: word,
}, [
  "selected_fields",
  "titles",
  "widgets",
  "widget_mapping",
  "positions",
  "formatting",
  "display_mode_settings",
  "static_message_list_id",
]);

const asJson = (value: unknown) => (value === null ? null : JSON.stringify(value));

Deno.test("a view state reads without zod exactly as QueryViewStateSchema reads it", () => {
  let accepted = 0;
  let aggs = 0;
  fc.assert(
    fc.property(viewState, (state) => {
      const parsed = QueryViewStateSchema.safeParse(state);
      if (parsed.success) accepted++;
      if (parsed.success && parsed.data.widgets.some((w) => w.type === "aggregation")) aggs++;
      assert.deepEqual(asJson(readQueryViewState(state)), asJson(parsed.success ? parsed.data : null));
    }),
    { numRuns: 3000 },
  );
  // Both readers refusing everything would agree too: enough states must be valid.
  assert.ok(accepted > 400, `only ${accepted} of 3000 generated states were valid`);
  assert.ok(aggs > 60, `only ${aggs} valid states had an aggregation widget`);
});

Deno.test("a visualization config reads without zod exactly as its type's schema reads it", () => {
  let accepted = 0;
  fc.assert(
    fc.property(
      fc.constantFrom(...VISUALIZATION_TYPES),
      visualizationConfig,
      (type: VisualizationType, config) => {
        const parsed = VisualizationConfigSchemas[type].safeParse(config);
        if (parsed.success) accepted++;
        assert.deepEqual(
          asJson(readVisualizationConfig(type, config)),
          asJson(parsed.success ? parsed.data : null),
        );
      },
    ),
    { numRuns: 3000 },
  );
  assert.ok(accepted > 300, `only ${accepted} of 3000 generated configs were valid`);
});

Deno.test("the default new search's state reads back to the same widgets and defaults fill what is missing", () => {
  const state = toQueryViewState(defaultSearchView());
  assert.deepEqual(readQueryViewState(JSON.parse(JSON.stringify(state))), QueryViewStateSchema.parse(state));
  assert.deepEqual(readQueryViewState({}), {
    titles: { widget: {} },
    widgets: [],
    widget_mapping: {},
    positions: {},
    formatting: { highlighting: [] },
  });
  assert.equal(
    readQueryViewState({ widgets: [{ type: "aggregation", id: "w" }] }),
    null,
    "an aggregation needs its config",
  );
  assert.deepEqual(readVisualizationConfig("bar", {}), { barmode: "group", axis_type: "linear" });
  assert.equal(readVisualizationConfig("bar", { barmode: "sideways" }), null);
});
