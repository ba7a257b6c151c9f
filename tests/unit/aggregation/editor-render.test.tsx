import assert from "node:assert/strict";
import { MantineProvider } from "@mantine/core";
import { renderToString } from "react-dom/server";
import type { AggregationWidgetConfig } from "../../../api/schemas/widgets.ts";
import { AggregationEditor } from "../../../ui/aggregation/AggregationEditor.tsx";
import { defaultAggregationConfig } from "../../../ui/aggregation/logic/widget-presets.ts";
import { aggregationConfig, FIELD_TYPES } from "./factories.ts";

function render(config: AggregationWidgetConfig, previewing = false): string {
  return renderToString(
    <MantineProvider>
      <AggregationEditor
        config={config}
        fieldTypes={FIELD_TYPES}
        previewing={previewing}
        onPreview={() => {}}
        onSubmit={() => {}}
        onCancel={() => {}}
      />
    </MantineProvider>,
  );
}

/** The opening tag of the button whose text is `label`. */
function buttonTag(html: string, label: string): string {
  const end = html.indexOf(`>${label}<`);
  assert.ok(end > 0, `no element with the text ${label}`);
  const start = html.lastIndexOf("<button", end);
  return html.slice(start, html.indexOf(">", start) + 1);
}

Deno.test("the editor shows the four sections, the preview button and the footer", () => {
  const html = render(defaultAggregationConfig());
  for (const title of ["Group By", "Metrics", "Sort", "Visualization"]) {
    assert.ok(html.includes(`aria-label="${title}"`), title);
  }
  assert.ok(html.includes(">Update preview<"));
  assert.ok(html.includes(">Update widget<"));
  assert.ok(html.includes(">Cancel<"));
  assert.ok(html.includes("Rollup Columns"));
  assert.ok(html.includes('placeholder="Add another field"'));
  assert.ok(html.includes('value="Bar Chart"'));
});

Deno.test("'Update preview' is disabled while unchanged and reads 'Updating preview...' while busy", () => {
  assert.match(buttonTag(render(defaultAggregationConfig()), "Update preview"), /disabled/);
  assert.ok(render(defaultAggregationConfig(), true).includes(">Updating preview...<"));
});

Deno.test("'Rollup Columns' is disabled without a column grouping and enabled with one", () => {
  const rollup = (html: string) => {
    const at = html.indexOf("Rollup Columns");
    return html.slice(html.lastIndexOf("<input", at), at);
  };
  assert.match(rollup(render(defaultAggregationConfig())), /disabled/);
  const withColumn = aggregationConfig({
    series: [{ function: "count()", config: {} }],
    column_pivots: [{ type: "values", fields: ["source"], config: { limit: 15 } }],
  });
  assert.doesNotMatch(rollup(render(withColumn)), /disabled/);
});

Deno.test("validation texts show inline and block 'Update widget'", () => {
  const html = render(aggregationConfig({
    row_pivots: [{ type: "values", fields: ["source"], config: { limit: 0 } }],
    series: [{ function: "avg()", config: {} }],
    visualization: "bar",
    visualization_config: {},
  }));
  assert.ok(html.includes("Must be greater than 0."));
  assert.ok(html.includes("Field is required for function avg."));
  assert.match(buttonTag(html, "Update widget"), /disabled/);
});

Deno.test("a time grouping shows the auto switch; a values grouping its limit and 'Skip Empty Values'", () => {
  const html = render(aggregationConfig({
    row_pivots: [{
      type: "time",
      fields: ["timestamp"],
      config: { interval: { type: "timeunit", value: 5, unit: "hours" } },
    }],
    column_pivots: [{ type: "values", fields: ["source"], config: { limit: 7 } }],
    series: [{ function: "percentile(took_ms,95)", config: {} }],
  }));
  assert.ok(html.includes(">Auto<"));
  assert.ok(html.includes('value="Hours"'));
  assert.ok(html.includes("Skip Empty Values"));
  assert.ok(html.includes('value="7"'));
  assert.ok(html.includes(">Percentile<"));
});

Deno.test("what the chosen chart needs shows in the Visualization section", () => {
  const html = render(aggregationConfig({
    row_pivots: [{ type: "values", fields: ["source"], config: { limit: 15 } }],
    series: [{ function: "count()", config: {} }],
    visualization: "heatmap",
    visualization_config: {},
  }));
  assert.ok(html.includes("Heatmap requires at least two groupings."));
  assert.ok(html.includes("Groupings must include row and column groupings."));
  assert.ok(!html.includes("At least one metric must be configured."));
});
