/**
 * The widget frame and grid on the search page in a real browser: creating each kind from the sidebar, focus and
 * un-focus held in the URL, duplicate, delete with its confirmation, rename by double-click, stretch and
 * compress, and editing a message table's fields, sort and own decorators through its editor.
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import type { BrowserContext, Locator, Page } from "playwright-core";
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

/** The titles of the widgets on the grid, top to bottom (then left to right). */
async function gridTitles(page: Page): Promise<string[]> {
  const frames = await page.getByTestId("widget-grid").locator("section[aria-label]").evaluateAll((
    sections,
  ) =>
    sections.map((section) => {
      const box = section.getBoundingClientRect();
      return {
        title: section.getAttribute("aria-label") ?? "",
        top: Math.round(box.top),
        left: Math.round(box.left),
      };
    })
  );
  return frames.sort((a, b) => a.top - b.top || a.left - b.left).map((frame) => frame.title);
}

function widget(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title, exact: true });
}

async function openWidgetMenu(page: Page, title: string): Promise<void> {
  await widget(page, title).getByRole("button", { name: "Open actions dropdown" }).click();
}

/** Counts, from the first script on, charts taken out of the page: a chart drawn anew replaces the server's one. */
async function countRemovedCharts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const counts = { removedCharts: 0 };
    Object.assign(globalThis, { chartCounts: counts });
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (node instanceof Element && node.querySelector("[data-testid='chart-surface']")) counts.removedCharts++;
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

function removedCharts(page: Page): Promise<number> {
  return page.evaluate(() =>
    (globalThis as unknown as { chartCounts: { removedCharts: number } }).chartCounts.removedCharts
  );
}

/** The chart's drawing size (its SVG's attributes) beside its box's. */
async function drawnSizeOf(chart: Locator): Promise<{ svg: string; box: string }> {
  const svg = chart.getByTestId("chart-surface");
  const box = await chart.boundingBox();
  return {
    svg: `${await svg.getAttribute("width")}×${await svg.getAttribute("height")}`,
    box: box ? `${Math.round(box.width)}×${Math.round(box.height)}` : "none",
  };
}

function focusParams(page: Page): Record<string, string | null> {
  const params = new URL(page.url()).searchParams;
  return {
    focusedId: params.get("focusedId"),
    focusing: params.get("focusing"),
    editing: params.get("editing"),
  };
}

Deno.test("the widget frame and grid in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(180));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  const to = new Date().toISOString();
  const from = new Date(Date.parse(to) - 8 * 24 * 3600_000).toISOString();
  const searchPath = `/search?rangetype=absolute&from=${encodeURIComponent(from)}&to=${
    encodeURIComponent(to)
  }`;
  mkdirSync(SHOTS, { recursive: true });

  const open = async (context: Parameters<typeof signIn>[1], page: Page) => {
    await signIn(server, context, page, "admin", searchPath);
    await waitForSearchResults(page);
    assert.deepEqual(await gridTitles(page), ["Message Count", "All Messages"]);
  };

  try {
    await journey(
      t,
      browser,
      errors,
      "the Message Count chart is drawn in the server's HTML and kept by hydration when the width was guessed right",
      async ({ context, page }) => {
        await countRemovedCharts(context);
        const chart = page.getByTestId("aggregation-visualization");
        const drawnSize = () => drawnSizeOf(chart);

        // 1350 px wide with the sidebar pinned: the grid is 998 px, the width the server assumes.
        await signIn(server, context, page, "admin", searchPath);
        const html = await (await context.request.get(server.url(searchPath))).text();
        assert.match(html, /data-drawn-at="estimated-size"/);
        assert.match(html, /<svg width="972" height="121"[^>]*data-testid="chart-surface"/);
        await waitForSearchResults(page);
        await eventually(async () => assert.equal(await chart.getAttribute("data-drawn-at"), "measured-size"));
        assert.deepEqual(await drawnSize(), { svg: "972×121", box: "972×149" });
        // Kept as a rule; on a loaded machine (CI runs the e2e files in parallel) hydration has been seen to draw
        // it once more, which costs a render but shows the same chart. More than that would be a regression.
        const afterHydration = await removedCharts(page);
        assert.ok(afterHydration <= 1, `the server's chart was drawn again ${afterHydration} times`);

        // A narrower window: the guess is wrong, so the chart is drawn once more at the measured width.
        await page.setViewportSize({ width: 1100, height: 940 });
        await page.reload();
        await waitForSearchResults(page);
        await eventually(async () => assert.equal(await chart.getAttribute("data-drawn-at"), "measured-size"));
        await eventually(async () => {
          const { svg, box } = await drawnSize();
          assert.equal(svg.split("×")[0], box.split("×")[0], "drawn at the measured width");
          assert.notEqual(svg, "972×121");
        });
        // Counted afresh on the reloaded page: the guessed chart replaced once (twice at most, as above).
        const replaced = await removedCharts(page);
        assert.ok(replaced >= 1 && replaced <= 2, `the guessed chart was replaced ${replaced} times`);
      },
      { viewport: { width: 1350, height: 940 } },
    );

    await journey(
      t,
      browser,
      errors,
      "a phone's browser gets the chart drawn for a 412 px window, and hydration keeps it",
      async ({ context, page }) => {
        await countRemovedCharts(context);
        // What Chromium on Android says of itself: its requests carry `Sec-CH-UA-Mobile: ?1`.
        const cdp = await context.newCDPSession(page);
        await cdp.send("Emulation.setUserAgentOverride", {
          userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Mobile Safari/537.36",
          userAgentMetadata: {
            brands: [{ brand: "Chromium", version: "150" }],
            platform: "Android",
            platformVersion: "14",
            architecture: "",
            model: "Pixel",
            mobile: true,
          },
        });
        await signIn(server, context, page, "admin");
        const response = await page.goto(server.url(searchPath));
        const html = await response!.text();
        assert.match(html, /<html lang="en" data-mantine-color-scheme="light" data-assumed-screen="phone">/);
        assert.match(html, /<svg width="304" height="121"[^>]*data-testid="chart-surface"/);
        await waitForSearchResults(page);
        const chart = page.getByTestId("aggregation-visualization");
        await eventually(async () => assert.equal(await chart.getAttribute("data-drawn-at"), "measured-size"));
        assert.deepEqual(await drawnSizeOf(chart), { svg: "304×121", box: "304×149" });
        const afterHydration = await removedCharts(page);
        assert.ok(afterHydration <= 1, `the server's chart was drawn again ${afterHydration} times`);
      },
      { viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true },
    );

    await journey(
      t,
      browser,
      errors,
      "the Create section adds a message table, a message count and an aggregation opened in the editor",
      async ({ context, page }) => {
        await open(context, page);
        await page.getByRole("button", { name: "Create", exact: true }).click();
        await page.getByRole("button", { name: "Message Table", exact: true }).click();
        await eventually(async () =>
          assert.deepEqual(await gridTitles(page), [
            "Untitled Message Table",
            "Message Count",
            "All Messages",
          ])
        );
        await widget(page, "Untitled Message Table").getByTestId("message-row").first().waitFor();

        await page.getByRole("button", { name: "Message Count", exact: true }).click();
        await eventually(async () =>
          assert.deepEqual(await gridTitles(page), [
            "Message Count",
            "Untitled Message Table",
            "Message Count",
            "All Messages",
          ])
        );
        await widget(page, "Message Count").first().getByTestId("bar-series").waitFor();

        // A new aggregation opens in the editor, with the focus in the URL.
        await page.getByRole("button", { name: "Aggregation", exact: true }).click();
        await page.getByRole("form", { name: "Aggregation editor" }).waitFor();
        await eventually(() => {
          const params = focusParams(page);
          assert.match(params.focusedId ?? "", /^[0-9a-f-]{36}$/);
          assert.equal(params.editing, "true");
        });
        assert.equal(
          await page.getByTestId("widget-grid").count(),
          0,
          "editing shows only the edited widget",
        );
        await page.getByTestId("widget-editing").getByTestId("bar-series").waitFor();
        // Cancel in the editor of a new widget removes that widget (issue 13 item 8).
        await page.getByRole("button", { name: "Cancel" }).click();
        await eventually(() =>
          assert.deepEqual(focusParams(page), { focusedId: null, focusing: null, editing: null })
        );
        await eventually(async () =>
          assert.deepEqual(await gridTitles(page), [
            "Message Count",
            "Untitled Message Table",
            "Message Count",
            "All Messages",
          ])
        );
        // Applied, a new aggregation stays.
        await page.getByRole("button", { name: "Aggregation", exact: true }).click();
        await page.getByRole("form", { name: "Aggregation editor" }).waitFor();
        await page.getByRole("button", { name: "Update widget" }).click();
        await eventually(async () =>
          assert.deepEqual(await gridTitles(page), [
            "Aggregating count() by timestamp",
            "Message Count",
            "Untitled Message Table",
            "Message Count",
            "All Messages",
          ])
        );
        await widget(page, "Aggregating count() by timestamp").getByTestId("bar-series").waitFor();
        await page.screenshot({ path: `${SHOTS}widgets-created-light.png`, fullPage: true });
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a widget action's tooltip shows while the mouse is over it and goes with it",
      async ({ context, page }) => {
        await open(context, page);
        const tooltips = page.getByRole("tooltip");
        assert.equal(await tooltips.count(), 0, "no tooltip before the first hover");
        const focus = widget(page, "All Messages").getByRole("button", { name: "Focus this widget" });
        await focus.hover();
        await eventually(async () => assert.deepEqual(await tooltips.allInnerTexts(), ["Focus this widget"]));
        await widget(page, "All Messages").getByRole("button", { name: "Edit" }).hover();
        await eventually(async () => assert.deepEqual(await tooltips.allInnerTexts(), ["Edit"]));
        await page.mouse.move(5, 5);
        await eventually(async () => assert.equal(await tooltips.count(), 0));
        // The sidebar's rail too.
        await page.getByRole("navigation", { name: "Search sidebar" }).getByRole("button", { name: "Fields" }).hover();
        await eventually(async () => assert.deepEqual(await tooltips.allInnerTexts(), ["Fields"]));
      },
    );

    await journey(
      t,
      browser,
      errors,
      "focusing a widget shows it alone and puts it in the URL; un-focusing brings the grid back",
      async ({ context, page }) => {
        await open(context, page);
        await widget(page, "All Messages").getByRole("button", { name: "Focus this widget" }).click();
        await eventually(() =>
          assert.deepEqual(focusParams(page), { focusedId: "all-messages", focusing: "true", editing: null })
        );
        await widget(page, "All Messages").getByRole("button", { name: "Un-focus widget" }).waitFor();
        assert.equal(await widget(page, "Message Count").count(), 0, "the other widgets are hidden");
        assert.equal(await page.getByTestId("widget-grid").count(), 0);
        // Focus is no place for resizing.
        assert.equal(await widget(page, "All Messages").getByRole("button", { name: /width$/ }).count(), 0);
        const focusedHeight = (await widget(page, "All Messages").boundingBox())!.height;
        assert.ok(focusedHeight > 500, `the focused widget fills the page: ${focusedHeight}`);
        await page.screenshot({ path: `${SHOTS}widgets-focused-light.png` });

        // The URL alone restores the focus.
        await page.reload();
        await widget(page, "All Messages").getByRole("button", { name: "Un-focus widget" }).waitFor();
        assert.equal(await widget(page, "Message Count").count(), 0);
        // The button comes in the server's HTML: a click before hydration would do nothing.
        await waitForSearchResults(page);

        await widget(page, "All Messages").getByRole("button", { name: "Un-focus widget" }).click();
        await eventually(() =>
          assert.deepEqual(focusParams(page), { focusedId: null, focusing: null, editing: null })
        );
        await eventually(async () =>
          assert.deepEqual(await gridTitles(page), ["Message Count", "All Messages"])
        );
        assert.equal(
          new URL(page.url()).searchParams.get("rangetype"),
          "absolute",
          "the search parameters stay",
        );
      },
    );

    await journey(
      t,
      browser,
      errors,
      "duplicating a widget adds '(copy)' at the top left",
      async ({ context, page }) => {
        await open(context, page);
        await openWidgetMenu(page, "Message Count");
        await page.getByRole("menuitem", { name: "Duplicate" }).click();
        await eventually(async () =>
          assert.deepEqual(await gridTitles(page), ["Message Count (copy)", "Message Count", "All Messages"])
        );
        const copy = widget(page, "Message Count (copy)");
        const series = copy.getByTestId("bar-series");
        await series.waitFor();
        assert.equal(
          await series.getAttribute("data-bars"),
          await widget(page, "Message Count").getByTestId("bar-series").getAttribute("data-bars"),
          "the copy draws the same data",
        );
        const copyBox = (await copy.boundingBox())!;
        const gridBox = (await page.getByTestId("widget-grid").boundingBox())!;
        assert.ok(
          Math.abs(copyBox.x - gridBox.x) < 2 && Math.abs(copyBox.y - gridBox.y) < 2,
          "placed top-left",
        );
        // A copy of the copy.
        await openWidgetMenu(page, "Message Count (copy)");
        await page.getByRole("menuitem", { name: "Duplicate" }).click();
        await widget(page, "Message Count (copy) (copy)").waitFor();
      },
    );

    await journey(
      t,
      browser,
      errors,
      "deleting a widget asks first; Cancel keeps it, Delete removes it",
      async ({ context, page }) => {
        await open(context, page);
        await openWidgetMenu(page, "Message Count");
        await page.getByRole("menuitem", { name: "Delete" }).click();
        const dialog = page.getByRole("dialog", { name: "Delete widget" });
        await dialog.getByText('Are you sure you want to remove the widget "Message Count"?', { exact: true })
          .waitFor();
        await page.waitForTimeout(300); // the modal's opening transition
        await page.screenshot({ path: `${SHOTS}widgets-delete-light.png` });
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await eventually(async () => assert.equal(await dialog.count(), 0));
        assert.deepEqual(await gridTitles(page), ["Message Count", "All Messages"]);

        await openWidgetMenu(page, "Message Count");
        await page.getByRole("menuitem", { name: "Delete" }).click();
        await dialog.getByRole("button", { name: "Delete" }).click();
        await eventually(async () => assert.deepEqual(await gridTitles(page), ["All Messages"]));
        // The search runs without the chart; the table still has its messages.
        await waitForSearchResults(page);
        await widget(page, "All Messages").getByTestId("message-row").first().waitFor();
      },
    );

    await journey(
      t,
      browser,
      errors,
      "double-clicking a title edits it; Enter saves, Escape and a blank title revert",
      async ({ context, page }) => {
        await open(context, page);
        const title = widget(page, "All Messages").getByRole("heading", { name: "All Messages" });
        await title.dblclick();
        const input = page.getByRole("textbox", { name: "Widget title" });
        await input.fill("Web traffic");
        await input.press("Enter");
        await eventually(async () =>
          assert.deepEqual(await gridTitles(page), ["Message Count", "Web traffic"])
        );

        await widget(page, "Web traffic").getByRole("heading", { name: "Web traffic" }).dblclick();
        await input.fill("Something else");
        await input.press("Escape");
        await eventually(async () =>
          assert.deepEqual(await gridTitles(page), ["Message Count", "Web traffic"])
        );

        await widget(page, "Web traffic").getByRole("heading", { name: "Web traffic" }).dblclick();
        await input.fill("   ");
        await input.press("Enter");
        await eventually(async () =>
          assert.deepEqual(await gridTitles(page), ["Message Count", "Web traffic"])
        );
        assert.equal(await input.count(), 0);
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a full-width widget compresses to half the grid and stretches back",
      async ({ context, page }) => {
        await open(context, page);
        const grid = (await page.getByTestId("widget-grid").boundingBox())!;
        const count = widget(page, "Message Count");
        const width = async () => (await count.boundingBox())!.width;
        assert.ok(Math.abs((await width()) - grid.width) < 2, "full width at first");
        await count.getByRole("button", { name: "Compress width" }).click();
        await eventually(async () => {
          const half = await width();
          assert.ok(Math.abs(half - (grid.width - 10) / 2) < 3, `half the grid: ${half} of ${grid.width}`);
        });
        await count.getByRole("button", { name: "Stretch width" }).waitFor();
        await page.screenshot({ path: `${SHOTS}widgets-compressed-light.png` });
        await count.getByRole("button", { name: "Stretch width" }).click();
        await eventually(async () => assert.ok(Math.abs((await width()) - grid.width) < 2));
        await count.getByRole("button", { name: "Compress width" }).waitFor();
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a message table's editor changes its fields and sort",
      async ({ context, page }) => {
        // Web server messages only: they all have an http_method.
        await signIn(
          server,
          context,
          page,
          "admin",
          `${searchPath}&q=${encodeURIComponent("_exists_:http_method")}`,
        );
        await waitForSearchResults(page);
        await widget(page, "All Messages").getByRole("button", { name: "Edit", exact: true }).click();
        await eventually(() =>
          assert.deepEqual(focusParams(page), { focusedId: "all-messages", focusing: null, editing: "true" })
        );
        const editor = page.getByTestId("messages-widget-editor");
        await editor.waitFor();
        const preview = editor.getByRole("button", { name: "Update preview" });
        assert.equal(await preview.isDisabled(), true, "nothing changed yet");

        await editor.getByLabel("Fields").click();
        await editor.getByLabel("Fields").fill("http_method");
        await page.getByRole("option", { name: "http_method", exact: true }).click();
        await page.keyboard.press("Escape");
        await editor.getByRole("combobox", { name: "Sorting" }).click();
        await page.getByRole("option", { name: "source", exact: true }).click();
        await editor.getByText("Ascending", { exact: true }).click();
        await preview.click();
        const editing = page.getByTestId("widget-editing");
        await editing.locator('[data-testid="message-column"][data-field="http_method"]').waitFor();
        await editing.getByRole("button", { name: /^source, sorted ascending$/ }).waitFor();
        await page.screenshot({ path: `${SHOTS}widgets-message-editor-light.png` });

        await editor.getByRole("button", { name: "Update widget" }).click();
        await eventually(() =>
          assert.deepEqual(focusParams(page), { focusedId: null, focusing: null, editing: null })
        );
        const table = widget(page, "All Messages");
        await table.locator('[data-testid="message-column"][data-field="http_method"]').waitFor();
        await table.getByRole("button", { name: /^source, sorted ascending$/ }).waitFor();
        await waitForSearchResults(page);
        const sources = (await table.locator('td[data-field="source"]').allInnerTexts()).map((text) =>
          text.trim()
        );
        assert.ok(sources.length > 10);
        assert.deepEqual(sources, sources.toSorted(), "sorted by source, ascending");
        const methods = await table.locator('td[data-field="http_method"]').allInnerTexts();
        assert.equal(methods.length, sources.length);
        for (const method of methods) {
          assert.match(
            method.trim(),
            /^(GET|POST|PUT|DELETE|HEAD|PATCH|OPTIONS)$/,
            "the new column has values",
          );
        }

        // Cancel restores the saved widget.
        await table.getByRole("button", { name: "Edit", exact: true }).click();
        await editor.waitFor();
        await editor.getByText("Descending", { exact: true }).click();
        await editor.getByRole("button", { name: "Cancel" }).click();
        await eventually(() =>
          assert.deepEqual(focusParams(page), { focusedId: null, focusing: null, editing: null })
        );
        await widget(page, "All Messages").getByRole("button", { name: /^source, sorted ascending$/ })
          .waitFor();
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a message table's own decorator writes a field the table shows; Update widget keeps it",
      async ({ context, page }) => {
        // Web server messages only: they all have an http_method.
        await signIn(
          server,
          context,
          page,
          "admin",
          `${searchPath}&q=${encodeURIComponent("_exists_:http_method")}`,
        );
        await waitForSearchResults(page);
        await widget(page, "All Messages").getByRole("button", { name: "Edit", exact: true }).click();
        const editor = page.getByTestId("messages-widget-editor");
        await editor.getByText("No decorators configured.").waitFor();

        await editor.getByRole("combobox", { name: "Select decorator" }).click();
        await page.getByRole("option", { name: "Format String" }).click();
        const form = page.getByRole("dialog", { name: "Create Format String decorator" });
        await form.getByRole("textbox", { name: "Format String" }).fill("${http_method} from ${source}");
        await form.getByRole("textbox", { name: "Target field" }).fill("request_summary");
        await form.getByRole("button", { name: "Create" }).click();
        await form.waitFor({ state: "hidden" });
        assert.deepEqual(await editor.getByTestId("decorator-title").allInnerTexts(), ["Format String"]);
        assert.equal(await editor.getByText("No decorators configured.").count(), 0);

        // The field the decorator writes is offered although the index does not know it.
        await editor.getByLabel("Fields").click();
        await editor.getByLabel("Fields").fill("request_summary");
        await page.getByRole("option", { name: "request_summary", exact: true }).click();
        await page.keyboard.press("Escape");
        await editor.getByRole("button", { name: "Update preview" }).click();

        /** The table's (source, request_summary) pairs, once the summaries look like `pattern`. */
        const rows = async (scope: Locator, pattern: RegExp) => {
          const cells = scope.locator('td[data-field="request_summary"]');
          await cells.first().waitFor();
          let pairs: [string, string][] = [];
          await eventually(async () => {
            const sources = await scope.locator('td[data-field="source"]').allInnerTexts();
            const summaries = await cells.allInnerTexts();
            assert.ok(sources.length > 10 && summaries.length === sources.length);
            pairs = sources.map((source, at) => [source.trim(), summaries[at].trim()]);
            assert.match(pairs[0][1], pattern);
          });
          return pairs;
        };
        const METHOD = "(GET|POST|PUT|DELETE|HEAD|PATCH|OPTIONS)";
        const editing = page.getByTestId("widget-editing");
        for (const [source, summary] of await rows(editing, new RegExp(`^${METHOD} from `))) {
          assert.match(summary, new RegExp(`^${METHOD} from ${RegExp.escape(source)}$`));
        }
        await page.screenshot({ path: `${SHOTS}widgets-message-decorators-light.png` });

        // Edit: the form opens with the widget's configuration; the preview follows the change.
        await editor.getByRole("button", { name: "Actions for Format String" }).click();
        await page.getByRole("menuitem", { name: "Edit" }).click();
        const editForm = page.getByRole("dialog", { name: "Edit Format String decorator" });
        const format = editForm.getByRole("textbox", { name: "Format String" });
        assert.equal(await format.inputValue(), "${http_method} from ${source}");
        await format.fill("${source}: ${http_method}");
        await editForm.getByRole("button", { name: "Update" }).click();
        await editForm.waitFor({ state: "hidden" });
        await editor.getByRole("button", { name: "Update preview" }).click();
        await rows(editing, new RegExp(`: ${METHOD}$`));

        await editor.getByRole("button", { name: "Update widget" }).click();
        await eventually(() =>
          assert.deepEqual(focusParams(page), { focusedId: null, focusing: null, editing: null })
        );
        await waitForSearchResults(page);
        const table = widget(page, "All Messages");
        for (const [source, summary] of await rows(table, new RegExp(`: ${METHOD}$`))) {
          assert.match(summary, new RegExp(`^${RegExp.escape(source)}: ${METHOD}$`));
        }

        // Delete in the editor needs no confirmation (the draft can be cancelled); Cancel keeps the decorator.
        await table.getByRole("button", { name: "Edit", exact: true }).click();
        await editor.getByRole("button", { name: "Actions for Format String" }).click();
        await page.getByRole("menuitem", { name: "Delete" }).click();
        await editor.getByText("No decorators configured.").waitFor();
        await editor.getByRole("button", { name: "Cancel" }).click();
        await eventually(() =>
          assert.deepEqual(focusParams(page), { focusedId: null, focusing: null, editing: null })
        );
        await rows(widget(page, "All Messages"), new RegExp(`: ${METHOD}$`));
      },
    );

    await journey(t, browser, errors, "the widget grid in dark mode", async ({ context, page }) => {
      await signIn(server, context, page, "admin", searchPath);
      await waitForSearchResults(page);
      await page.getByRole("button", { name: "User menu" }).click();
      await page.getByRole("switch", { name: "Dark mode" }).click();
      await page.keyboard.press("Escape");
      await eventually(async () =>
        assert.equal(await page.locator("html").getAttribute("data-mantine-color-scheme"), "dark")
      );
      await eventually(async () => assert.equal(await page.getByTestId("theme-spinner").count(), 0));
      await openWidgetMenu(page, "Message Count");
      await page.getByRole("menuitem", { name: "Duplicate" }).waitFor();
      await page.screenshot({ path: `${SHOTS}widgets-dark.png` });
      await page.keyboard.press("Escape");
      await widget(page, "All Messages").getByRole("button", { name: "Edit", exact: true }).click();
      await page.getByTestId("messages-widget-editor").waitFor();
      await page.screenshot({ path: `${SHOTS}widgets-message-editor-dark.png` });
      // Back to light: the preference is the admin's, shared by the other journeys.
      await page.getByRole("button", { name: "User menu" }).click();
      await page.getByRole("switch", { name: "Dark mode" }).click();
      await page.keyboard.press("Escape");
      await eventually(async () =>
        assert.equal(await page.locator("html").getAttribute("data-mantine-color-scheme"), "light")
      );
      await eventually(async () => assert.equal(await page.getByTestId("theme-spinner").count(), 0));
    });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
