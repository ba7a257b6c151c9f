/**
 * Aggregation widgets on the search page in a real browser: each of the nine visualizations built through the
 * aggregation editor and checked against the same pivot computed independently through the search API; the
 * editor's validation texts; the empty-metric text; 'Show top values' and 'Statistics' from the field menu.
 * Every picture is also saved as a screenshot (light and dark) in test-results/.
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import type { APIRequestContext, Locator, Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  signIn,
  SluiceServer,
  waitForSearchResults,
} from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;

interface PivotRow {
  key: string[];
  values: { key: string[]; value: number | string | null; rollup: boolean; source: string }[];
  source: string;
}

/** A pivot answered by POST /api/views/search/sync: written by hand here, so the check does not share the UI's code. */
async function apiPivot(
  request: APIRequestContext,
  server: SluiceServer,
  timerange: unknown,
  pivot: { row_groups?: unknown[]; column_groups?: unknown[]; series: unknown[]; sort?: unknown[] },
): Promise<{ rows: PivotRow[]; total: number }> {
  const response = await request.post(server.url("/api/views/search/sync"), {
    headers: { "X-Requested-By": "XMLHttpRequest" },
    data: {
      queries: [{
        id: "q",
        timerange,
        query: { type: "elasticsearch", query_string: "" },
        search_types: [{
          type: "pivot",
          id: "p",
          row_groups: pivot.row_groups ?? [],
          column_groups: pivot.column_groups ?? [],
          series: pivot.series,
          sort: pivot.sort ?? [],
          rollup: true,
        }],
      }],
    },
  });
  assert.ok(response.ok(), `sync search failed: ${response.status()} ${await response.text()}`);
  const result = (await response.json()).results.q.search_types.p;
  return { rows: result.rows, total: result.total };
}

const COUNT = { type: "count", id: "count()" };
const values = (field: string, limit = 15) => ({
  type: "values",
  fields: [field],
  limit,
  skip_empty_values: false,
});
const leaves = (rows: PivotRow[]) => rows.filter((row) => row.source === "leaf");
/** The row's count() over all columns (the rollup value). */
const rowCount = (row: PivotRow) =>
  row.values.find((value) => value.rollup && value.key.at(-1) === "count()")!.value;

/** Create → Aggregation: the new widget opens in the editor (the default: count over timestamp as bars). */
async function newAggregation(page: Page): Promise<Locator> {
  await page.getByRole("button", { name: "Create", exact: true }).click();
  await page.getByRole("button", { name: "Aggregation", exact: true }).click();
  const editor = page.getByRole("form", { name: "Aggregation editor" });
  await editor.waitFor();
  await eventually(() => assert.equal(new URL(page.url()).searchParams.get("editing"), "true"));
  return editor;
}

/** Replaces the fields of the editor's grouping `index` with `field` (picked from the list). */
async function setGroupingField(page: Page, editor: Locator, index: number, field: string): Promise<void> {
  const input = editor.getByRole("region", { name: "Group By" }).getByLabel("Fields").nth(index);
  await input.click();
  // Backspace in the empty search box removes the chosen field (the default grouping has timestamp).
  while (
    (await input.evaluate((el) =>
      el.closest(".mantine-MultiSelect-root, .mantine-InputWrapper-root")?.querySelectorAll(
        ".mantine-Pill-root",
      ).length ?? 0
    )) > 0
  ) {
    await page.keyboard.press("Backspace");
  }
  await input.fill(field);
  await page.getByRole("option", { name: field, exact: true }).click();
  await page.keyboard.press("Escape");
}

async function addGrouping(
  page: Page,
  editor: Locator,
  direction: "Row" | "Column",
  field: string,
): Promise<void> {
  const groupBy = editor.getByRole("region", { name: "Group By" });
  const before = await groupBy.getByLabel("Fields").count();
  await groupBy.getByRole("button", { name: "Add a grouping" }).click();
  await eventually(async () => assert.equal(await groupBy.getByLabel("Fields").count(), before + 1));
  if (direction === "Column") {
    await groupBy.getByRole("radiogroup", { name: "Direction" }).nth(before).getByText("Column").click();
  }
  await setGroupingField(page, editor, before, field);
}

async function removeGrouping(editor: Locator, index: number): Promise<void> {
  await editor.getByRole("button", { name: `Remove grouping ${index + 1}` }).click();
}

async function chooseVisualization(page: Page, editor: Locator, title: string): Promise<void> {
  await editor.getByRole("region", { name: "Visualization" }).getByRole("combobox", {
    name: "Type",
    exact: true,
  }).click();
  await page.getByRole("option", { name: title, exact: true }).click();
}

/** 'Update preview', then 'Update widget': the editor closes and the widget stands on the grid under `title`. */
async function saveWidget(page: Page, editor: Locator, title: string): Promise<Locator> {
  const preview = editor.getByRole("button", { name: "Update preview" });
  await preview.click();
  await eventually(async () =>
    assert.equal(await preview.isDisabled(), true, "an unchanged form cannot be previewed again")
  );
  await editor.getByRole("button", { name: "Update widget" }).click();
  await eventually(() => assert.equal(new URL(page.url()).searchParams.get("editing"), null));
  const widget = page.getByTestId("widget-grid").getByRole("region", { name: title, exact: true });
  await widget.waitFor();
  await eventually(async () => assert.equal(await page.getByTestId("search-updating").count(), 0));
  return widget;
}

/** Flips the user menu's 'Dark mode' switch and waits for the page to take the scheme. */
async function switchScheme(page: Page, scheme: "light" | "dark"): Promise<void> {
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("switch", { name: "Dark mode" }).click();
  await page.keyboard.press("Escape");
  await eventually(async () =>
    assert.equal(await page.locator("html").getAttribute("data-mantine-color-scheme"), scheme)
  );
  await eventually(async () => assert.equal(await page.getByTestId("theme-spinner").count(), 0));
}

/** The widget's picture in light and in dark mode (test-results/aggregation-NAME-light.png and -dark.png). */
async function shoot(page: Page, widget: Locator, name: string): Promise<void> {
  await widget.scrollIntoViewIfNeeded();
  await page.waitForTimeout(300); // charts settle after the frame's size is measured
  await widget.screenshot({ path: `${SHOTS}aggregation-${name}-light.png` });
  await switchScheme(page, "dark");
  await page.waitForTimeout(300);
  await widget.screenshot({ path: `${SHOTS}aggregation-${name}-dark.png` });
  await switchScheme(page, "light");
}

Deno.test("aggregation widgets in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(190));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  // A fixed absolute range over the demo week up to the start of the test: live traffic cannot change its counts.
  const to = new Date().toISOString();
  const from = new Date(Date.parse(to) - 8 * 24 * 3600_000).toISOString();
  const timerange = { type: "absolute", from, to };
  const searchPath = `/search?rangetype=absolute&from=${encodeURIComponent(from)}&to=${
    encodeURIComponent(to)
  }`;
  const timePivot = { type: "time", fields: ["timestamp"], interval: { type: "auto", scaling: 1 } };
  mkdirSync(SHOTS, { recursive: true });

  const open = async (context: Parameters<typeof signIn>[1], page: Page) => {
    await signIn(server, context, page, "admin", searchPath);
    await waitForSearchResults(page);
  };

  try {
    await journey(
      t,
      browser,
      errors,
      "a data table of counts by http_method shows the API's counts",
      async ({ context, page }) => {
        await open(context, page);
        const editor = await newAggregation(page);
        await setGroupingField(page, editor, 0, "http_method");
        await chooseVisualization(page, editor, "Data Table");
        const widget = await saveWidget(page, editor, "Aggregating count() by http_method");
        const table = widget.getByTestId("data-table-visualization");
        await table.waitFor();
        assert.deepEqual(await table.getByTestId("column-header").allInnerTexts(), [
          "http_method",
          "count()",
        ]);
        const expected = leaves(
          (await apiPivot(context.request, server, timerange, {
            row_groups: [values("http_method")],
            series: [COUNT],
          })).rows,
        )
          .map((row) => [row.key[0], String(rowCount(row))]);
        assert.ok(expected.length >= 5, `methods: ${JSON.stringify(expected)}`);
        const cells = await table.getByTestId("table-cell").allInnerTexts();
        const shown = Array.from(
          { length: cells.length / 2 },
          (_, i) => [cells[2 * i].trim(), cells[2 * i + 1].trim()],
        );
        assert.deepEqual(shown.toSorted(), expected.toSorted());
        await shoot(page, widget, "table");

        // A cell's value action refines the query: only that method is left, with the same count.
        await table.getByTestId("table-cell").filter({ hasText: /^POST$/ }).click();
        await page.getByTestId("value-action-menu").getByRole("menuitem", { name: "Add to query" }).click();
        await eventually(() =>
          assert.match(new URL(page.url()).searchParams.get("q") ?? "", /^http_method:"?POST"?$/)
        );
        await eventually(async () =>
          assert.deepEqual(
            (await table.getByTestId("table-cell").allInnerTexts()).map((cell) => cell.trim()),
            expected.find(([method]) => method === "POST"),
          )
        );
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a bar chart over time draws one bar per bucket of the API's answer",
      async ({ context, page }) => {
        await open(context, page);
        const editor = await newAggregation(page);
        await editor.getByRole("region", { name: "Visualization" }).getByRole("combobox", { name: "Mode" })
          .click();
        await page.getByRole("option", { name: "Stack", exact: true }).click();
        const widget = await saveWidget(page, editor, "Aggregating count() by timestamp");
        const buckets = leaves(
          (await apiPivot(context.request, server, timerange, { row_groups: [timePivot], series: [COUNT] }))
            .rows,
        );
        assert.ok(buckets.length > 5, `buckets: ${buckets.length}`);
        const series = widget.getByTestId("bar-series");
        await series.waitFor();
        assert.equal(Number(await series.getAttribute("data-bars")), buckets.length);
        assert.equal(await widget.getByTestId("chart-legend-entry").count(), 1);
        await shoot(page, widget, "bar");
      },
    );

    for (const [kind, title] of [["line", "Line Chart"], ["area", "Area Chart"]] as const) {
      await journey(
        t,
        browser,
        errors,
        `${
          kind === "line" ? "a" : "an"
        } ${kind} chart of count over time has one point per bucket of the API's answer`,
        async ({ context, page }) => {
          await open(context, page);
          const editor = await newAggregation(page);
          await chooseVisualization(page, editor, title);
          await editor.getByRole("combobox", { name: "Interpolation" }).click();
          await page.getByRole("option", { name: "Step-After", exact: true }).click();
          const widget = await saveWidget(page, editor, "Aggregating count() by timestamp");
          const buckets = leaves(
            (await apiPivot(context.request, server, timerange, { row_groups: [timePivot], series: [COUNT] }))
              .rows,
          );
          const series = widget.getByTestId(`${kind}-series`);
          await series.waitFor();
          assert.equal(Number(await series.getAttribute("data-points")), buckets.length);
          await shoot(page, widget, kind);
        },
      );
    }

    await journey(
      t,
      browser,
      errors,
      "a scatter plot of count by source has one dot per source",
      async ({ context, page }) => {
        await open(context, page);
        const editor = await newAggregation(page);
        await setGroupingField(page, editor, 0, "source");
        await chooseVisualization(page, editor, "Scatter Plot");
        const widget = await saveWidget(page, editor, "Aggregating count() by source");
        const rows = leaves(
          (await apiPivot(context.request, server, timerange, {
            row_groups: [values("source")],
            series: [COUNT],
          })).rows,
        );
        assert.ok(rows.length > 3);
        const series = widget.getByTestId("scatter-series");
        await series.waitFor();
        assert.equal(Number(await series.getAttribute("data-points")), rows.length);
        // Regression: long host names on the category axis were drawn whole and ran into each other.
        const ticks = await widget.locator(".chart-x-tick-labels text").evaluateAll((texts) =>
          texts.map((text) => text.getBoundingClientRect()).filter((box) => box.width > 0).map((
            box,
          ) => [box.left, box.right])
        );
        assert.ok(ticks.length >= 2, `ticks: ${JSON.stringify(ticks)}`);
        ticks.sort((a, b) => a[0] - b[0]);
        for (let i = 1; i < ticks.length; i++) {
          assert.ok(ticks[i][0] >= ticks[i - 1][1], `tick labels overlap: ${JSON.stringify(ticks)}`);
        }
        await shoot(page, widget, "scatter");
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a pie chart of count by http_method has one slice per value",
      async ({ context, page }) => {
        await open(context, page);
        const editor = await newAggregation(page);
        await setGroupingField(page, editor, 0, "http_method");
        await chooseVisualization(page, editor, "Pie Chart");
        const widget = await saveWidget(page, editor, "Aggregating count() by http_method");
        const rows = leaves(
          (await apiPivot(context.request, server, timerange, {
            row_groups: [values("http_method")],
            series: [COUNT],
          })).rows,
        );
        await widget.getByTestId("pie").waitFor();
        await eventually(async () =>
          assert.equal(await widget.locator(".recharts-pie-sector").count(), rows.length)
        );
        await shoot(page, widget, "pie");
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a heatmap of source by http_method has the API's rows and columns",
      async ({ context, page }) => {
        await open(context, page);
        const editor = await newAggregation(page);
        await chooseVisualization(page, editor, "Heatmap");
        // The default time grouping is a row; the heatmap needs a column grouping as well.
        await editor.getByText("Groupings must include row and column groupings.").waitFor();
        assert.equal(await editor.getByRole("button", { name: "Update preview" }).isDisabled(), true);
        await setGroupingField(page, editor, 0, "source");
        await addGrouping(page, editor, "Column", "http_method");
        const widget = await saveWidget(page, editor, "Aggregating count() by source");
        const { rows } = await apiPivot(context.request, server, timerange, {
          row_groups: [values("source")],
          column_groups: [values("http_method")],
          series: [COUNT],
        });
        const sources = leaves(rows);
        const methods = new Set(
          sources.flatMap((row) => row.values.filter((value) => !value.rollup).map((value) => value.key[0])),
        );
        const heatmap = widget.getByTestId("heatmap-visualization").first();
        await heatmap.waitFor();
        assert.equal(Number(await heatmap.getAttribute("data-rows")), sources.length);
        assert.equal(Number(await heatmap.getAttribute("data-columns")), methods.size);
        // Regression: row labels longer than the capped left margin ran off the widget's left edge.
        const left = (await heatmap.boundingBox())!.x;
        const labelLefts = await heatmap.locator("svg text[text-anchor='end']").evaluateAll((texts) =>
          texts.map((text) => text.getBoundingClientRect().left)
        );
        assert.ok(labelLefts.length > 0);
        for (const x of labelLefts) {
          assert.ok(x >= left - 0.5, `a row label starts at ${x}, left of the heatmap at ${left}`);
        }
        await shoot(page, widget, "heatmap");
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a single number shows the API's count, formatted",
      async ({ context, page }) => {
        await open(context, page);
        const editor = await newAggregation(page);
        await removeGrouping(editor, 0);
        await chooseVisualization(page, editor, "Single Number");
        const widget = await saveWidget(page, editor, "Aggregating count()");
        const { rows } = await apiPivot(context.request, server, timerange, { series: [COUNT] });
        const total = Number(rowCount(rows[0]));
        assert.ok(total > 500, `total ${total}`);
        await eventually(async () =>
          assert.equal(
            (await widget.getByTestId("number-value").innerText()).trim(),
            new Intl.NumberFormat("en-US").format(total),
          )
        );
        await shoot(page, widget, "numeric");
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a world map of client geo points has one marker per geo point bucket",
      async ({ context, page }) => {
        await open(context, page);
        const editor = await newAggregation(page);
        await setGroupingField(page, editor, 0, "client_ip_geolocation");
        await chooseVisualization(page, editor, "World Map");
        const widget = await saveWidget(page, editor, "Aggregating count() by client_ip_geolocation");
        const rows = leaves(
          (await apiPivot(context.request, server, timerange, {
            row_groups: [values("client_ip_geolocation")],
            series: [COUNT],
          })).rows,
        );
        const points = rows.filter((row) => /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/.test(row.key[0]));
        assert.ok(points.length >= 10, `geo buckets: ${points.length}`);
        const map = widget.getByTestId("world-map-visualization");
        await map.waitFor();
        await eventually(async () =>
          assert.equal(Number(await map.getAttribute("data-markers")), points.length)
        );
        await eventually(async () =>
          assert.equal(await map.locator("path.leaflet-interactive").count(), points.length)
        );
        await shoot(page, widget, "map");
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a widget without metrics says 'To see results, add at least one metric'",
      async ({ page, context }) => {
        await open(context, page);
        const editor = await newAggregation(page);
        await editor.getByRole("button", { name: "Remove metric 1" }).click();
        await editor.getByText("Bar Chart requires at least one metric").waitFor();
        assert.equal(await editor.getByRole("button", { name: "Update preview" }).isDisabled(), true);
        assert.equal(await editor.getByRole("button", { name: "Update widget" }).isDisabled(), true);
        await chooseVisualization(page, editor, "Data Table");
        await eventually(async () =>
          assert.equal(await editor.getByText("Bar Chart requires at least one metric").count(), 0)
        );
        await editor.getByRole("button", { name: "Update preview" }).click();
        await page.getByTestId("widget-editing").getByText("To see results, add at least one metric")
          .waitFor();
      },
    );

    await journey(
      t,
      browser,
      errors,
      "validation texts block 'Update preview' until the form is valid",
      async ({ page, context }) => {
        await open(context, page);
        const editor = await newAggregation(page);
        const preview = editor.getByRole("button", { name: "Update preview" });
        const blocked = async (text: string) => {
          await editor.getByText(text, { exact: true }).first().waitFor();
          assert.equal(await preview.isDisabled(), true, `'${text}' blocks the preview`);
        };
        // A values grouping: its limit.
        await setGroupingField(page, editor, 0, "http_method");
        const limit = editor.getByRole("textbox", { name: "Limit" });
        await limit.fill("");
        await blocked("Limit is required.");
        await limit.fill("0");
        await blocked("Must be greater than 0.");
        await limit.fill("5");
        // A metric: its function, then a field for it.
        await editor.getByRole("button", { name: "Add a metric" }).click();
        await blocked("Function is required.");
        await editor.getByRole("combobox", { name: "Function" }).nth(1).click();
        await page.getByRole("option", { name: "Average", exact: true }).click();
        await blocked("Field is required for function avg.");
        await editor.getByRole("combobox", { name: "Field", exact: true }).nth(1).click();
        await page.getByRole("option", { name: "bytes", exact: true }).click();
        // A sort: a field and a direction.
        await editor.getByRole("button", { name: "Add a sort" }).click();
        await blocked("Field is required.");
        await blocked("Direction is required.");
        const sort = editor.getByRole("region", { name: "Sort" });
        await sort.getByRole("combobox", { name: "Field" }).click();
        await page.getByRole("option", { name: "http_method", exact: true }).click();
        await sort.getByRole("combobox", { name: "Direction" }).click();
        await page.getByRole("option", { name: "Descending", exact: true }).click();
        await eventually(async () => assert.equal(await preview.isDisabled(), false));
        // The heatmap's needs.
        await chooseVisualization(page, editor, "Heatmap");
        await blocked("Groupings must include row and column groupings.");
        await blocked("Heatmap requires at least two groupings.");
        await chooseVisualization(page, editor, "Data Table");
        await eventually(async () => assert.equal(await preview.isDisabled(), false));
        await preview.click();
        const widget = page.getByTestId("widget-editing");
        await eventually(async () =>
          assert.deepEqual(await widget.getByTestId("column-header").allInnerTexts(), [
            "http_method",
            "count()",
            "avg(bytes)",
          ])
        );
        const limited = leaves(
          (await apiPivot(context.request, server, timerange, {
            row_groups: [values("http_method", 5)],
            series: [COUNT, { type: "avg", id: "avg(bytes)", field: "bytes" }],
            sort: [{ type: "pivot", field: "http_method", direction: "Descending" }],
          })).rows,
        );
        assert.ok(limited.length <= 6, "five values and at most the empty value");
        const firstColumn = (await widget.getByTestId("table-cell").allInnerTexts()).filter((_, i) =>
          i % 3 === 0
        );
        assert.deepEqual(firstColumn.map((cell) => cell.trim()), limited.map((row) => row.key[0]));
        await editor.page().screenshot({ path: `${SHOTS}aggregation-editor-light.png` });
      },
    );

    await journey(
      t,
      browser,
      errors,
      "'Show top values' and 'Statistics' from the field menu add data tables",
      async ({ page, context }) => {
        await open(context, page);
        await page.getByRole("button", { name: "Fields", exact: true }).click();
        await page.getByRole("textbox", { name: "Filter fields" }).fill("http_method");
        await page.getByRole("button", { name: "Field http_method" }).click();
        await page.getByRole("menuitem", { name: "Show top values" }).click();
        const topValues = page.getByTestId("widget-grid").getByRole("region", {
          name: "Aggregating count() by http_method",
        });
        await topValues.getByTestId("table-cell").first().waitFor();
        const expected = leaves(
          (await apiPivot(context.request, server, timerange, {
            row_groups: [values("http_method")],
            series: [COUNT],
            sort: [{ type: "series", field: "count()", direction: "Descending" }],
          })).rows,
        ).map((row) => [row.key[0], String(rowCount(row))]);
        const cells = await topValues.getByTestId("table-cell").allInnerTexts();
        const shown = Array.from(
          { length: cells.length / 2 },
          (_, i) => [cells[2 * i].trim(), cells[2 * i + 1].trim()],
        );
        assert.deepEqual(shown, expected, "most frequent first");

        await page.getByRole("textbox", { name: "Filter fields" }).fill("response_time_ms");
        await page.getByRole("button", { name: "Field response_time_ms" }).click();
        await page.getByRole("menuitem", { name: "Statistics" }).click();
        const statistics = page.getByTestId("widget-grid").getByRole("region", {
          name: /^Aggregating count\(response_time_ms\), sum\(response_time_ms\)/,
        });
        await statistics.getByTestId("table-cell").first().waitFor();
        const functions = ["count", "sum", "avg", "min", "max", "stddev", "variance", "card"];
        assert.deepEqual(
          await statistics.getByTestId("column-header").allInnerTexts(),
          [...functions.map((fn) => `${fn}(response_time_ms)`), "percentile(response_time_ms,95)"],
        );
        const answer = await apiPivot(context.request, server, timerange, {
          series: functions.slice(0, 5).map((fn) => ({
            type: fn,
            id: `${fn}(response_time_ms)`,
            field: "response_time_ms",
          })),
        });
        const statisticsCells = await statistics.getByTestId("table-cell").allInnerTexts();
        for (const [index, fn] of functions.slice(0, 5).entries()) {
          const value = answer.rows[0].values.find((entry) => entry.key.at(-1) === `${fn}(response_time_ms)`)!
            .value as number;
          assert.equal(Number(statisticsCells[index].replace(/,/g, "")).toFixed(2), value.toFixed(2), fn);
        }
        await shoot(page, statistics, "statistics");
      },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
