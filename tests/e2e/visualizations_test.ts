/**
 * The bar, line, area, scatter, pie and data table visualizations in real Chromium, mounted on a test-only page this file builds and serves
 * itself (never part of the product bundle): what each chart draws, the legend colour popover, drag-to-zoom,
 * value actions, tooltips, table sorting, light and dark screenshots, and the render time of a 1,000-point
 * series (printed, not asserted: timings on a shared machine are not a test).
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import * as esbuild from "esbuild";
import type { Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, eventually, journey } from "./harness.ts";

const ROOT = new URL("../../", import.meta.url).pathname;
const SHOTS = `${ROOT}test-results/`;

/** The test page: every case of CASES drawn through the registry, callbacks recorded in window.__events. */
const PAGE_SOURCE = `
import "@mantine/core/styles.css";
import { MantineProvider, Stack, Title } from "@mantine/core";
import { Suspense, useEffect, useState } from "react";
import { createRoot } from "react-dom/client";
import { theme } from "./ui/theme/theme.ts";
import { VISUALIZATIONS, visualizationConfigOf } from "./ui/visualizations/registry.ts";
import { FROM, pivotResult, timeRows, widgetConfig } from "./tests/unit/visualizations/pivot-fixtures.ts";

const query = new URLSearchParams(location.search);
const events = [];
window.__events = events;
window.__longTasks = [];
new PerformanceObserver((list) => { for (const e of list.getEntries()) window.__longTasks.push({ start: e.startTime, duration: e.duration }); })
  .observe({ type: "longtask", buffered: true });

const byMethod = { column_pivots: [{ type: "values", fields: ["http_method"], config: { limit: 5 } }] };
const timeConfig = widgetConfig(byMethod);
const timeData = pivotResult({
  rows: timeRows(30), columns: [["GET"], ["POST"]],
  value: (row, column) => column === -1 ? 3 * (row % 7) + 5 : (row % 7) + 2 * column + 1,
  range: { from: FROM, to: FROM + 30 * 60000 },
});
const sourceConfig = widgetConfig({
  ...byMethod,
  row_pivots: [{ type: "values", fields: ["source"], config: { limit: 10 } }],
  series: [{ function: "count()", config: {} }, { function: "avg(took_ms)", config: { name: "Latency" } }],
});
const sourceData = pivotResult({
  rows: [["web-01"], ["web-02"], ["db-01"], ["cache-01"]], columns: [["GET"], ["POST"]], series: ["count()", "avg(took_ms)"],
  value: (row, column, series) => series === 0 ? (4 - row) * 10 + column + 1 : 100 + row * 5 + column,
});
const bigConfig = widgetConfig();
const bigData = pivotResult({ rows: timeRows(1000), value: (row) => Math.round(50 + 40 * Math.sin(row / 20)), range: { from: FROM, to: FROM + 1000 * 60000 } });

const CASES = {
  "bar": { type: "bar", config: timeConfig, data: timeData },
  "bar-stack": { type: "bar", visualization: { barmode: "stack" }, config: sourceConfig, data: sourceData },
  "bar-overlay-log": { type: "bar", visualization: { barmode: "overlay", axis_type: "logarithmic" }, config: sourceConfig, data: sourceData },
  "line": { type: "line", visualization: { interpolation: "spline" }, config: timeConfig, data: timeData },
  "area": { type: "area", visualization: { interpolation: "step-after" }, config: timeConfig, data: timeData },
  "scatter": { type: "scatter", config: sourceConfig, data: sourceData },
  "pie": { type: "pie", config: sourceConfig, data: sourceData, height: 380 },
  "table": { type: "table", visualization: { pinned_columns: ["source"] }, config: sourceConfig, data: sourceData },
  "big-bar": { type: "bar", config: bigConfig, data: bigData },
  "big-line": { type: "line", config: bigConfig, data: bigData },
};

function Case({ name }) {
  const spec = CASES[name];
  const [config, setConfig] = useState(spec.config);
  const Component = VISUALIZATIONS[spec.type].component;
  const width = 620, height = spec.height ?? 300;
  return (
    <Stack gap={4} data-case={name}>
      <Title order={5}>{name}</Title>
      <div style={{ width, height, border: "1px solid var(--mantine-color-default-border)" }}>
        <Suspense fallback={null}>
          <Component
            config={config}
            visualizationConfig={visualizationConfigOf(spec.type, spec.visualization ?? {})}
            data={spec.data}
            width={width}
            height={height}
            timezone="Europe/Berlin"
            onChartColorChange={(field, color) => {
              events.push({ kind: "color", field, color });
              const kept = (config.formatting_settings?.chart_colors ?? []).filter((entry) => entry.field_name !== field);
              setConfig({ ...config, formatting_settings: { chart_colors: [...kept, { field_name: field, chart_color: color }] } });
            }}
            onZoom={(from, to) => events.push({ kind: "zoom", from, to })}
            onValueAction={(action, path) => events.push({ kind: "action", action, path })}
          />
        </Suspense>
      </div>
    </Stack>
  );
}

function Page() {
  const names = (query.get("cases") ?? "").split(",").filter((name) => name in CASES);
  const delay = Number(query.get("delay") ?? 0);
  const [shown, setShown] = useState(delay === 0);
  useEffect(() => {
    if (shown) return;
    const timer = setTimeout(() => { window.__mountedAt = performance.now(); setShown(true); }, delay);
    return () => clearTimeout(timer);
  }, [shown]);
  return (
    <MantineProvider theme={theme} forceColorScheme={query.get("scheme") === "dark" ? "dark" : "light"}>
      <div style={{ display: "flex", flexWrap: "wrap", gap: 16, padding: 16 }}>
        {shown && names.map((name) => <Case key={name} name={name} />)}
      </div>
    </MantineProvider>
  );
}

createRoot(document.getElementById("root")).render(<Page />);
`;

async function buildPage(dir: string): Promise<void> {
  await esbuild.build({
    stdin: {
      contents: PAGE_SOURCE,
      loader: "tsx",
      resolveDir: ROOT,
      sourcefile: "visualizations-test-page.tsx",
    },
    bundle: true,
    format: "esm",
    platform: "browser",
    jsx: "automatic",
    outdir: dir,
    entryNames: "page",
    define: { "process.env.NODE_ENV": '"production"' },
    minify: true,
    logLevel: "warning",
  });
  await esbuild.stop();
  Deno.writeTextFileSync(
    `${dir}/index.html`,
    `<!doctype html><html><head><meta charset="utf-8"><link rel="stylesheet" href="/page.css"></head>` +
      `<body><div id="root"></div><script type="module" src="/page.js"></script></body></html>`,
  );
}

function serve(dir: string, port: number): Deno.HttpServer {
  const types: Record<string, string> = { js: "text/javascript", css: "text/css", html: "text/html" };
  return Deno.serve({ port, hostname: "127.0.0.1", onListen() {} }, async (request) => {
    const path = new URL(request.url).pathname;
    if (path === "/favicon.ico") return new Response(null, { status: 204 });
    const file = path === "/" ? "index.html" : path.slice(1);
    if (file.includes("..") || file.includes("/")) return new Response("not found", { status: 404 });
    try {
      const body = await Deno.readFile(`${dir}/${file}`);
      return new Response(body, {
        headers: { "content-type": types[file.split(".").pop() ?? ""] ?? "application/octet-stream" },
      });
    } catch {
      return new Response("not found", { status: 404 });
    }
  });
}

interface RecordedEvent {
  kind: "color" | "zoom" | "action";
  field?: string;
  color?: string;
  from?: string;
  to?: string;
  action?: string;
  path?: { field: string; value: string }[];
}

const recorded = (page: Page) =>
  page.evaluate(() => (window as unknown as { __events: RecordedEvent[] }).__events);
const chart = (page: Page, name: string) => page.locator(`[data-case="${name}"]`);

Deno.test("visualizations in Chromium", async (t) => {
  const dir = Deno.makeTempDirSync({ prefix: "sluice-visualizations-" });
  await buildPage(dir);
  const port = e2ePort(173);
  const server = serve(dir, port);
  const url = (query: string) => `http://127.0.0.1:${port}/?${query}`;
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  mkdirSync(SHOTS, { recursive: true });
  try {
    await journey(t, browser, errors, "each chart draws the pivot's values", async ({ page }) => {
      await page.goto(url("cases=bar,bar-stack,line,area,scatter,pie,table"));
      await chart(page, "table").getByTestId("table-cell").first().waitFor();
      // bar: 3 series (count(), GET-count(), POST-count()) × 30 buckets, one path per series.
      const bars = await chart(page, "bar").getByTestId("bar-series").evaluateAll((paths) =>
        paths.map((p) => Number(p.getAttribute("data-bars")))
      );
      assert.deepEqual(bars, [30, 30, 30]);
      const stacked = await chart(page, "bar-stack").getByTestId("bar-series").count();
      assert.equal(stacked, 6, "count() and Latency rollups plus GET/POST for each");
      assert.deepEqual(
        await chart(page, "line").getByTestId("line-series").evaluateAll((g) =>
          g.map((e) => Number(e.getAttribute("data-points")))
        ),
        [30, 30, 30],
      );
      assert.equal(await chart(page, "area").getByTestId("area-series").count(), 3);
      assert.deepEqual(
        await chart(page, "scatter").getByTestId("scatter-series").evaluateAll((g) =>
          g.map((e) => Number(e.getAttribute("data-points")))
        ),
        [4, 4, 4, 4, 4, 4],
      );
      assert.equal(
        await chart(page, "pie").getByTestId("pie").count(),
        6,
        "one pie per series, 4 in the first row",
      );
      const pieTops = await chart(page, "pie").getByTestId("pie").evaluateAll((pies) =>
        pies.map((p) => Math.round(p.getBoundingClientRect().top))
      );
      assert.equal(new Set(pieTops.slice(0, 4)).size, 1);
      assert.ok(pieTops[4] > pieTops[0], "the fifth pie starts the second row");
      const firstRow = await chart(page, "table").locator("tbody tr").first().getByTestId("table-cell")
        .allInnerTexts();
      assert.deepEqual(firstRow, ["web-01", "40", "99", "41", "100", "42", "101"]);
      const legend = await chart(page, "bar").getByTestId("chart-legend-entry").allInnerTexts();
      assert.deepEqual(legend, ["count()", "GET-count()", "POST-count()"]);
    });

    await journey(
      t,
      browser,
      errors,
      "a legend click opens the colour popover and saves the chosen colour",
      async ({ page }) => {
        await page.goto(url("cases=bar"));
        const series = chart(page, "bar").getByTestId("bar-series").nth(1);
        const before = await series.getAttribute("fill");
        await chart(page, "bar").getByRole("button", { name: "Change colour of GET-count()" }).click();
        await page.getByTestId("chart-color-picker").waitFor();
        await page.getByTestId("chart-color-picker").locator(".mantine-ColorPicker-swatch").nth(3).click();
        const events = await eventually(async () => {
          const found = (await recorded(page)).filter((event) => event.kind === "color");
          assert.equal(found.length, 1);
          return found;
        });
        assert.equal(events[0].field, "GET-count()");
        assert.match(events[0].color ?? "", /^#[0-9a-f]{6}$/i);
        await eventually(async () =>
          assert.equal((await series.getAttribute("fill"))?.toLowerCase(), events[0].color?.toLowerCase())
        );
        assert.notEqual(before?.toLowerCase(), events[0].color?.toLowerCase());
      },
    );

    await journey(
      t,
      browser,
      errors,
      "dragging across a time chart zooms to that absolute range",
      async ({ page }) => {
        await page.goto(url("cases=line"));
        const layer = chart(page, "line").getByTestId("chart-pointer-layer");
        const box = (await layer.boundingBox())!;
        await page.mouse.move(box.x + box.width * 0.25, box.y + box.height / 2);
        await page.mouse.down();
        await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2, { steps: 5 });
        await chart(page, "line").getByTestId("chart-zoom-selection").waitFor();
        await page.mouse.up();
        const zoom = await eventually(async () => {
          const found = (await recorded(page)).find((event) => event.kind === "zoom");
          assert.ok(found);
          return found;
        });
        const from = Date.parse(zoom.from!);
        const to = Date.parse(zoom.to!);
        const start = Date.UTC(2024, 0, 1, 10);
        // The line's x axis spans 29 minutes of buckets; a quarter to a half of it is about 7 to 14.5 minutes in.
        assert.ok(Math.abs(from - (start + 0.25 * 29 * 60_000)) < 60_000, `from ${zoom.from}`);
        assert.ok(Math.abs(to - (start + 0.5 * 29 * 60_000)) < 60_000, `to ${zoom.to}`);
      },
    );

    await journey(
      t,
      browser,
      errors,
      "clicking a bar offers value actions for its bucket and column",
      async ({ page }) => {
        await page.goto(url("cases=bar-stack"));
        const layer = chart(page, "bar-stack").getByTestId("chart-pointer-layer");
        const box = (await layer.boundingBox())!;
        // The first category (web-01) sits at 1/8 of the width; near the bottom is the first stacked series.
        await page.mouse.click(box.x + box.width / 8, box.y + box.height - 3);
        const menu = page.getByTestId("value-action-menu");
        await menu.waitFor();
        assert.match(await menu.innerText(), /web-01 · count\(\)/);
        await page.getByRole("menuitem", { name: "Add to query" }).click();
        const action = await eventually(async () => {
          const found = (await recorded(page)).find((event) => event.kind === "action");
          assert.ok(found);
          return found;
        });
        assert.equal(action.action, "add-to-query");
        assert.deepEqual(action.path, [{ field: "source", value: "web-01" }]);

        // A segment of a column series carries the column value too.
        await menu.waitFor({ state: "hidden" });
        await page.mouse.click(box.x + box.width / 8, box.y + box.height * 0.35);
        await menu.waitFor();
        await page.getByRole("menuitem", { name: "Exclude from results" }).click();
        const exclude = await eventually(async () => {
          const found = (await recorded(page)).filter((event) => event.kind === "action");
          assert.equal(found.length, 2);
          return found[1];
        });
        assert.equal(exclude.action, "exclude");
        assert.equal(exclude.path?.[0].value, "web-01");
        assert.equal(exclude.path?.[1]?.field, "http_method");
      },
    );

    await journey(
      t,
      browser,
      errors,
      "hovering shows each series' value at that bucket in a tooltip",
      async ({ page }) => {
        await page.goto(url("cases=bar"));
        const layer = chart(page, "bar").getByTestId("chart-pointer-layer");
        const box = (await layer.boundingBox())!;
        // Bucket 0 is the first of 30 bands.
        await page.mouse.move(box.x + box.width / 60, box.y + box.height / 2);
        const tooltip = page.getByTestId("chart-tooltip");
        await tooltip.waitFor();
        const text = await tooltip.innerText();
        assert.match(text, /2024-01-01 11:00:00/, "the bucket in Europe/Berlin");
        assert.match(text, /count\(\)\s*5/);
        assert.match(text, /GET-count\(\)\s*1/);
        assert.match(text, /POST-count\(\)\s*3/);
      },
    );

    await journey(
      t,
      browser,
      errors,
      "table headers sort ascending, descending, then back",
      async ({ page }) => {
        await page.goto(url("cases=table"));
        const table = chart(page, "table");
        await table.getByTestId("table-cell").first().waitFor();
        const sources = () => table.locator("tbody tr td:first-child").allInnerTexts();
        assert.deepEqual(await sources(), ["web-01", "web-02", "db-01", "cache-01"]);
        const latency = table.getByTestId("column-header").nth(2);
        assert.equal(await latency.innerText(), "Latency");
        await latency.click();
        assert.deepEqual(await sources(), ["web-01", "web-02", "db-01", "cache-01"]);
        await latency.click();
        assert.deepEqual(await sources(), ["cache-01", "db-01", "web-02", "web-01"]);
        await latency.click();
        assert.deepEqual(await sources(), ["web-01", "web-02", "db-01", "cache-01"]);
        await table.getByTestId("table-cell").nth(2).click();
        await page.getByRole("menuitem", { name: "Show messages for this bucket" }).click();
        const action = await eventually(async () => {
          const found = (await recorded(page)).find((event) => event.kind === "action");
          assert.ok(found);
          return found;
        });
        assert.deepEqual(action.path, [{ field: "source", value: "web-01" }]);
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a 1,000-point series renders as one path per series",
      async ({ page }) => {
        for (const name of ["big-bar", "big-line"]) {
          await page.goto(url(`cases=${name}&delay=800`));
          await chart(page, name).getByTestId("chart-series").waitFor();
          await page.waitForTimeout(500);
          const { mountedAt, tasks } = await page.evaluate(() => {
            const w = window as unknown as {
              __mountedAt: number;
              __longTasks: { start: number; duration: number }[];
            };
            return { mountedAt: w.__mountedAt, tasks: w.__longTasks };
          });
          const longest = Math.max(
            0,
            ...tasks.filter((task) => task.start >= mountedAt - 1).map((task) => task.duration),
          );
          console.log(`${name}: longest task after mounting ${Math.round(longest)} ms (aim ≤ 100 ms)`);
          const paths = await chart(page, name).locator("[data-testid=chart-series] path").count();
          assert.ok(paths <= 2, `${name}: ${paths} paths, not one per point`);
        }
        const bars = await chart(page, "big-line").getByTestId("line-series").getAttribute("data-points");
        assert.equal(bars, "1000");
      },
    );

    for (const scheme of ["light", "dark"] as const) {
      await journey(t, browser, errors, `screenshot of every chart (${scheme})`, async ({ page }) => {
        await page.goto(
          url(`scheme=${scheme}&cases=bar,bar-stack,bar-overlay-log,line,area,scatter,pie,table`),
        );
        await chart(page, "table").getByTestId("table-cell").first().waitFor();
        const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
        assert.equal(
          background === "rgb(255, 255, 255)",
          scheme === "light",
          `body background ${background}`,
        );
        await page.screenshot({ path: `${SHOTS}visualizations-${scheme}.png`, fullPage: true });
      }, { viewport: { width: 1340, height: 900 } });
    }
    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.shutdown();
    Deno.removeSync(dir, { recursive: true });
  }
});
