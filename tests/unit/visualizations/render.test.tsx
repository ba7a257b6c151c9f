import assert from "node:assert/strict";
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { BarVisualization } from "../../../ui/visualizations/bar/BarVisualization.tsx";
import { ChartLegend } from "../../../ui/visualizations/common/ChartLegend.tsx";
import { PieVisualization } from "../../../ui/visualizations/pie/PieVisualization.tsx";
import { DataTableVisualization } from "../../../ui/visualizations/table/DataTableVisualization.tsx";
import { pivotResult, timeRows, widgetConfig } from "./pivot-fixtures.ts";

const render = (node: ReactNode) => renderToString(<MantineProvider>{node}</MantineProvider>);
const text = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
const common = { width: 600, height: 300, timezone: "UTC" };

const tableConfig = widgetConfig({
  visualization: "table",
  row_pivots: [{ type: "values", fields: ["source"], config: { limit: 5 } }],
  column_pivots: [{ type: "values", fields: ["http_method"], config: { limit: 5 } }],
});

Deno.test("the data table shows the grouping values, metric values and column group headers", () => {
  const data = pivotResult({
    rows: [["web-01"], ["db-01"]],
    columns: [["GET"]],
    value: (row, column) => (row + 1) * 100 + column,
  });
  const html = render(
    <DataTableVisualization
      {...common}
      config={tableConfig}
      data={data}
      visualizationConfig={{ pinned_columns: ["source"] }}
    />,
  );
  const cells = [...html.matchAll(/data-testid="table-cell"[^>]*>([^<]*)</g)].map((m) => m[1]);
  assert.deepEqual(cells, ["web-01", "99", "100", "db-01", "199", "200"]);
  assert.match(text(html), /GET/);
  assert.match(html, /position:sticky;left:0/, "the pinned source column sticks to the left edge");
});

Deno.test("an empty result says so in the spec's words", () => {
  const html = render(
    <DataTableVisualization
      {...common}
      config={tableConfig}
      data={pivotResult({ rows: [] })}
      visualizationConfig={{ pinned_columns: [] }}
    />,
  );
  assert.match(text(html), /No data available\./);
  const bar = render(
    <BarVisualization
      {...common}
      config={widgetConfig()}
      data={pivotResult({ rows: [] })}
      visualizationConfig={{ barmode: "group", axis_type: "linear" }}
    />,
  );
  assert.match(text(bar), /No data available\./);
});

Deno.test("a bar chart renders its legend with one entry per series", () => {
  const config = widgetConfig({
    column_pivots: [{ type: "values", fields: ["http_method"], config: { limit: 5 } }],
  });
  const data = pivotResult({ rows: timeRows(3), columns: [["GET"], ["POST"]] });
  const html = render(
    <BarVisualization
      {...common}
      config={config}
      data={data}
      visualizationConfig={{ barmode: "stack", axis_type: "linear" }}
    />,
  );
  assert.doesNotMatch(
    html,
    /Change colour of/,
    "without onChartColorChange the legend offers no colour change",
  );
  assert.deepEqual([...html.matchAll(/title="([^"]*)"/g)].map((m) => m[1]), [
    "count()",
    "GET-count()",
    "POST-count()",
  ]);
});

Deno.test("legend entries offer the colour popover when colours can be saved", () => {
  const html = render(
    <ChartLegend entries={[{ name: "count()", color: "#ff0000" }]} onColorChange={() => {}} />,
  );
  assert.match(html, /aria-label="Change colour of count\(\)"/);
  assert.match(html, /#ff0000/);
});

Deno.test("a pie per series with titles", () => {
  const config = widgetConfig({
    row_pivots: [{ type: "values", fields: ["source"], config: { limit: 5 } }],
    column_pivots: [{ type: "values", fields: ["m"], config: { limit: 5 } }],
  });
  const data = pivotResult({ rows: [["a"], ["b"]], columns: [["GET"], ["POST"]] });
  const html = render(<PieVisualization {...common} config={config} data={data} visualizationConfig={{}} />);
  assert.equal([...html.matchAll(/data-testid="pie"/g)].length, 3);
});
