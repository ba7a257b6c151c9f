/** The search page's sidebar (Description, Fields with top values and table columns) and the export dialog in a real browser. */
import assert from "node:assert/strict";
import { parse as csvRecords } from "csv-parse/sync";
import { mkdirSync, readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "playwright-core";
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

/** Total of the messages search type for a query, asked of the API directly. */
async function apiTotal(
  request: APIRequestContext,
  server: SluiceServer,
  query: string,
  timerange: unknown,
): Promise<number> {
  const response = await request.post(server.url("/api/views/search/sync"), {
    headers: { "X-Requested-By": "XMLHttpRequest" },
    data: {
      queries: [{
        id: "q",
        timerange,
        query: { type: "elasticsearch", query_string: query },
        search_types: [{ type: "messages", id: "m", limit: 1 }],
      }],
    },
  });
  assert.ok(response.ok(), `sync search failed: ${response.status()}`);
  return (await response.json()).results.q.search_types.m.total_results;
}

async function total(page: Page): Promise<number> {
  const text = await page.getByTestId("message-total").innerText();
  const match = /of (\d+) messages/.exec(text);
  assert.ok(match, `unexpected summary: ${text}`);
  return Number(match[1]);
}

Deno.test("the search sidebar and export in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(70));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  const now = new Date().toISOString();
  const fixed = { type: "absolute", from: "2000-01-01T00:00:00.000Z", to: now };
  const fixedParams = `rangetype=absolute&from=${encodeURIComponent(fixed.from)}&to=${
    encodeURIComponent(now)
  }`;
  mkdirSync(SHOTS, { recursive: true });
  try {
    await journey(
      t,
      browser,
      errors,
      "the Fields section filters fields, adds a column and narrows the search to a top value",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", `/search?${fixedParams}`);
        await waitForSearchResults(page);
        await page.getByTestId("sidebar-execution").getByText(/^Query executed in \d+ ms/).waitFor();
        await page.getByText("This search has no summary.").waitFor();

        await page.getByRole("button", { name: "Fields", exact: true }).click();
        const fields = page.getByTestId("sidebar-field");
        await fields.first().waitFor();
        await page.getByRole("textbox", { name: "Filter fields" }).fill("no-such-field-anywhere");
        await page.getByText(
          "No fields to show. Try changing your filter term or select a different field set above.",
        ).waitFor();
        await page.getByRole("textbox", { name: "Filter fields" }).fill("http_m");
        await eventually(async () =>
          assert.deepEqual(
            await fields.evaluateAll((all) => all.map((li) => li.getAttribute("data-field"))),
            ["http_method"],
          )
        );

        // Add to table: a column appears.
        await page.getByRole("button", { name: "Field http_method" }).click();
        await page.getByRole("menuitem", { name: "Add to table" }).click();
        await page.locator('[data-testid="message-column"][data-field="http_method"]').waitFor();

        // Show top values, then click the first value.
        await page.getByRole("button", { name: "Field http_method" }).click();
        await page.getByRole("menuitem", { name: "Inline top values" }).click();
        const first = page.getByTestId("top-value").first();
        await first.waitFor();
        const counts = await page.getByTestId("top-value-count").allInnerTexts();
        for (const text of counts) assert.match(text, /^\d+ · \d+\.\d%$/);
        await page.screenshot({ path: `${SHOTS}search-sidebar-light.png` });
        const value = (await first.innerText()).trim();
        await first.click();
        const expectedQuery = `http_method:"${value}"`;
        await eventually(() => assert.equal(new URL(page.url()).searchParams.get("q"), expectedQuery));
        await waitForSearchResults(page);
        const expected = await apiTotal(context.request, server, expectedQuery, fixed);
        assert.ok(expected > 0);
        await eventually(async () => assert.equal(await total(page), expected));
        const cells = await page.locator('td[data-field="http_method"]').allInnerTexts();
        assert.equal(cells.length, Math.min(expected, 150));
        for (const cell of cells) assert.equal(cell.trim(), value);

        // Remove from table: the column goes away.
        await page.getByRole("button", { name: "Field http_method" }).click();
        await page.getByRole("menuitem", { name: "Remove from table" }).click();
        await eventually(async () => assert.equal(await page.locator('[data-testid="message-column"][data-field="http_method"]').count(), 0));
      },
    );

    await journey(
      t,
      browser,
      errors,
      "the export dialog downloads a CSV of the chosen fields with at most the limit of rows",
      async ({ context, page }) => {
        await signIn(
          server,
          context,
          page,
          "admin",
          `/search?q=${encodeURIComponent("http_method:GET")}&${fixedParams}`,
        );
        await waitForSearchResults(page);
        const matching = await total(page);
        await page.getByRole("button", { name: "More search actions" }).click();
        await page.getByRole("menuitem", { name: "Export", exact: true }).click();
        const dialog = page.getByRole("dialog", { name: "Export all search results" });
        await dialog.waitFor();
        await dialog.getByRole("textbox", { name: "Messages limit" }).fill("25");
        const download = page.waitForEvent("download");
        await dialog.getByRole("button", { name: "Start Download" }).click();
        const file = await download;
        assert.equal(file.suggestedFilename(), "Untitled-Search-search-result.csv");
        const records = csvRecords(readFileSync((await file.path())!, "utf8"));
        assert.deepEqual(records[0], ["timestamp", "source", "message"]);
        assert.equal(records.length - 1, Math.min(25, matching));
        await eventually(async () => assert.equal(await dialog.count(), 0));
      },
    );

    await journey(
      t,
      browser,
      errors,
      "the sidebar and the export dialog in dark mode",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", `/search?${fixedParams}`);
        await waitForSearchResults(page);
        await page.getByRole("button", { name: "Fields", exact: true }).click();
        await page.getByTestId("sidebar-field").first().waitFor();
        await page.getByRole("radio", { name: "all including reserved" }).check();
        await page.getByRole("button", { name: "Field source" }).click();
        await page.getByRole("menuitem", { name: "Inline top values" }).click();
        await page.getByTestId("top-value").first().waitFor();
        await page.screenshot({ path: `${SHOTS}search-sidebar-dark.png` });
        await page.getByRole("button", { name: "More search actions" }).click();
        await page.getByRole("menuitem", { name: "Export", exact: true }).click();
        await page.getByRole("dialog", { name: "Export all search results" }).getByRole("button", {
          name: "Start Download",
        }).waitFor();
        await page.waitForTimeout(400); // the modal's opening transition
        await page.screenshot({ path: `${SHOTS}search-export-dark.png` });
      },
      { colorScheme: "dark" },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
