import assert from "node:assert/strict";
import { MantineProvider } from "@mantine/core";
import type { ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { AreaVisualization } from "../../../ui/visualizations/area/AreaVisualization.tsx";
import { LineVisualization } from "../../../ui/visualizations/line/LineVisualization.tsx";
import { pivotResult, timeRows, widgetConfig } from "./pivot-fixtures.ts";

const render = (node: ReactNode) => renderToString(<MantineProvider>{node}</MantineProvider>);
const common = { width: 600, height: 300, timezone: "UTC" };
const texts = (html: string, group: string) => {
  const inner = html.match(new RegExp(`class="${group}[^"]*"[^>]*>(.*?)</g>`))?.[1] ?? "";
  return [...inner.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);
};

Deno.test("a line chart draws its own axes: round value ticks on y, times in the zone on x, a grid line per tick", () => {
  // Values 10, 20, 30 in one-minute buckets from 2024-01-01 10:00 UTC.
  const data = pivotResult({ rows: timeRows(3), value: (row) => (row + 1) * 10 });
  const html = render(
    <LineVisualization
      {...common}
      config={widgetConfig({ visualization: "line" })}
      data={data}
      visualizationConfig={{ interpolation: "linear", axis_type: "linear" }}
    />,
  );
  const yLabels = texts(html, "chart-y-tick-labels");
  assert.deepEqual(yLabels, ["0", "10", "20", "30"]);
  const xLabels = texts(html, "chart-x-tick-labels");
  assert.deepEqual(xLabels, ["01-01 10:00:00", "10:00:30", "10:01:00", "10:01:30", "10:02:00"]);
  const grid = html.match(/data-testid="chart-grid"[^>]*>(.*?)<\/g>/)?.[1] ?? "";
  // A line per tick; the plot's edges get one too, but here the first and last x ticks sit on them.
  assert.equal([...grid.matchAll(/<line /g)].length, yLabels.length + xLabels.length);
  assert.doesNotMatch(html, /recharts-surface|recharts-wrapper/, "no chart library draws the frame");
  assert.match(html, /data-testid="line-series" data-points="3"/);
});

Deno.test("an area chart fills down to the baseline and strokes its line", () => {
  const data = pivotResult({ rows: timeRows(4) });
  const html = render(
    <AreaVisualization
      {...common}
      config={widgetConfig({ visualization: "area" })}
      data={data}
      visualizationConfig={{ interpolation: "spline", axis_type: "linear" }}
    />,
  );
  const series = html.match(/data-testid="area-series"[^>]*>(.*?)<\/g>/)?.[1] ?? "";
  const paths = [...series.matchAll(/<path d="([^"]*)"/g)].map((m) => m[1]);
  assert.equal(paths.length, 3, "fill, line and dots");
  assert.match(paths[0], /^M[^Z]*C.*Z$/, "the fill is a closed spline");
  assert.match(paths[1], /^M[\d. ]+C/, "the line is a spline");
});
