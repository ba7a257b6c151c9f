/** System → Grok Patterns in a real browser: list, search, page, create with a test, edit, import, delete. */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { DEFAULT_GROK_PATTERNS } from "../../fixtures/default-grok-patterns.ts";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  pageHeading,
  signIn,
  SluiceServer,
  waitForPageHydration,
} from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const GROK_PATTERNS = "/system/grokpatterns";

/** The names in the list's rows, in order. */
async function shownNames(page: Page): Promise<string[]> {
  return (await page.getByTestId("grok-pattern-row").locator("td:nth-child(1)").allInnerTexts()).map((text) => text.trim());
}

async function search(page: Page, query: string): Promise<void> {
  const box = page.getByRole("textbox", { name: "Search", exact: true });
  await box.fill(query);
  await box.press("Enter");
}

Deno.test("grok patterns in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(245));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  const files = mkdtempSync(join(tmpdir(), "sluice-grok-"));
  // The list sorts by the lower-cased name, character by character ('HTTPD20_…' before 'HTTPD_…').
  const sortedDefaults = DEFAULT_GROK_PATTERNS.map((pattern) => pattern.name).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
  try {
    await journey(t, browser, errors, "the list shows the default patterns, searches and pages, and keeps the page size", async ({ context, page }) => {
      await signIn(server, context, page, "admin", GROK_PATTERNS);
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Grok Patterns");
      await eventually(async () => assert.deepEqual(await shownNames(page), sortedDefaults.slice(0, 50)));
      await page.screenshot({ path: `${SHOTS}grok-patterns-light.png`, fullPage: true });

      await page.getByRole("button", { name: "2", exact: true }).click();
      await eventually(async () => assert.deepEqual(await shownNames(page), sortedDefaults.slice(50)));

      await search(page, "mac");
      await eventually(async () => assert.deepEqual(await shownNames(page), ["CISCOMAC", "COMMONMAC", "MAC", "WINDOWSMAC"]));
      await search(page, "pattern:%{QUOTEDSTRING}");
      await eventually(async () => assert.deepEqual(await shownNames(page), ["QS"]));
      await search(page, "nothing like this");
      await page.getByText("Filter does not match any data.").waitFor();
      await page.getByRole("button", { name: "Reset search" }).click();
      await eventually(async () => assert.equal((await shownNames(page)).length, 50));

      // Name sorts descending on a click on its header; the layout is the user's and outlives a reload.
      const nameHeader = page.getByRole("columnheader", { name: "Name" });
      await nameHeader.getByRole("button").click();
      await eventually(async () => assert.equal(await nameHeader.getAttribute("aria-sort"), "descending"));
      await eventually(async () => assert.equal((await shownNames(page))[0], "YEAR"));
      await page.getByRole("combobox", { name: "Page size" }).click();
      await page.getByRole("option", { name: "10", exact: true }).click();
      await eventually(async () => assert.equal((await shownNames(page)).length, 10));
      await page.reload();
      await waitForPageHydration(page);
      await eventually(async () => assert.deepEqual(await shownNames(page), [...sortedDefaults].reverse().slice(0, 10)));
    });

    const creating = "create a pattern after testing it, edit it, then delete it with confirmation";
    // The duplicate name is refused on purpose: the browser logs that 400.
    errors.allow(creating, /status of 400 \(Bad Request\) @ .*\/api\/system\/grok$/);
    await journey(t, browser, errors, creating, async ({ context, page }) => {
      await signIn(server, context, page, "admin", GROK_PATTERNS);
      await waitForPageHydration(page);
      await page.getByRole("button", { name: "Create pattern" }).click();
      const dialog = page.getByRole("dialog", { name: "Create grok pattern" });
      await dialog.getByRole("button", { name: "Create pattern" }).click();
      assert.equal(await dialog.getByText("Field is required.").count(), 2, "both required fields say so");

      await dialog.getByRole("textbox", { name: "Name" }).fill("has space");
      await dialog.getByRole("textbox", { name: "Pattern" }).fill("%{IPV4:client} took %{NUMBER:took:float}ms");
      await dialog.getByRole("button", { name: "Create pattern" }).click();
      await dialog.getByText("Use only letters, digits and underscores.").waitFor();
      await dialog.getByRole("textbox", { name: "Name" }).fill("SLUICE_TIMING");
      await dialog.getByRole("textbox", { name: "Sample data" }).fill("from 10.1.2.3 took 12.5ms");
      await dialog.getByRole("button", { name: "Test with sample data" }).click();
      const result = dialog.getByRole("table", { name: "Test result" });
      await result.waitFor();
      const rows = await result.locator("tbody tr").allInnerTexts();
      assert.deepEqual(rows.map((row) => row.split("\t").map((cell) => cell.trim())), [
        ["SLUICE_TIMING", "10.1.2.3 took 12.5ms"],
        ["client", "10.1.2.3"],
        ["took", "12.5"],
        ["BASE10NUM", "12.5"],
      ]);
      await page.screenshot({ path: `${SHOTS}grok-pattern-form-light.png`, fullPage: true });

      // A name that exists is refused by the server with Graylog's text; the dialog stays open.
      await dialog.getByRole("textbox", { name: "Name" }).fill("WORD");
      await dialog.getByRole("button", { name: "Create pattern" }).click();
      await dialog.getByText("Grok pattern WORD already exists").waitFor();
      await dialog.getByRole("textbox", { name: "Name" }).fill("SLUICE_TIMING");
      await dialog.getByRole("button", { name: "Create pattern" }).click();
      await page.getByText('Grok pattern "SLUICE_TIMING" was created.').waitFor();
      await dialog.waitFor({ state: "hidden" });

      await search(page, "SLUICE");
      await eventually(async () => assert.deepEqual(await shownNames(page), ["SLUICE_TIMING"]));
      await page.getByRole("button", { name: "Edit SLUICE_TIMING" }).click();
      const edit = page.getByRole("dialog", { name: "Edit grok pattern SLUICE_TIMING" });
      assert.equal(await edit.getByRole("textbox", { name: "Pattern" }).inputValue(), "%{IPV4:client} took %{NUMBER:took:float}ms");
      await edit.getByRole("textbox", { name: "Pattern" }).fill("%{IPV4:client} in %{NUMBER:took:float}ms");
      await edit.getByRole("button", { name: "Update pattern" }).click();
      await page.getByText('Grok pattern "SLUICE_TIMING" was updated.').waitFor();
      await page.getByTestId("grok-pattern-row").getByText("%{IPV4:client} in %{NUMBER:took:float}ms").waitFor();

      await page.getByRole("button", { name: "Delete SLUICE_TIMING" }).click();
      await page.getByText('Do you really want to delete the grok pattern "SLUICE_TIMING"?', { exact: false }).waitFor();
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await page.getByText('Grok pattern "SLUICE_TIMING" was deleted.').waitFor();
      await page.getByText("Filter does not match any data.").waitFor();
    });

    await journey(t, browser, errors, "the form and the list in dark mode", async ({ context, page }) => {
      await signIn(server, context, page, "admin", GROK_PATTERNS);
      await waitForPageHydration(page);
      await eventually(async () => assert.ok((await shownNames(page)).length > 0));
      await page.screenshot({ path: `${SHOTS}grok-patterns-dark.png`, fullPage: true });
      await search(page, "COMBINEDAPACHELOG");
      await page.getByRole("button", { name: "Edit COMBINEDAPACHELOG" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit grok pattern COMBINEDAPACHELOG" });
      await dialog.getByRole("textbox", { name: "Sample data" }).fill(
        '83.149.9.216 - - [17/May/2015:10:05:03 +0000] "GET /index.html HTTP/1.1" 200 203023 "-" "curl/8"',
      );
      await dialog.getByRole("button", { name: "Test with sample data" }).click();
      await dialog.getByRole("table", { name: "Test result" }).getByText("clientip", { exact: true }).waitFor();
      await page.screenshot({ path: `${SHOTS}grok-pattern-form-dark.png`, fullPage: true });
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "importing a pattern file with 'replace all' leaves only its patterns", async ({ context, page }) => {
      const file = join(files, "patterns.grok");
      writeFileSync(file, "# two patterns\nSLUICE_ID [a-f0-9]{24}\n\nSLUICE_REF id=%{SLUICE_ID:id}\n");
      await signIn(server, context, page, "admin", GROK_PATTERNS);
      await waitForPageHydration(page);
      await page.getByRole("button", { name: "Import pattern file" }).click();
      const dialog = page.getByRole("dialog", { name: "Import pattern file" });
      await dialog.locator('input[type="file"]').setInputFiles(file);
      await dialog.getByText("The file holds 2 patterns.").waitFor();
      await dialog.getByRole("checkbox", { name: "Replace all existing patterns" }).check();
      await page.screenshot({ path: `${SHOTS}grok-import-light.png`, fullPage: true });
      await dialog.getByRole("button", { name: "Import", exact: true }).click();
      await page.getByText("Imported 2 grok patterns.").waitFor();
      // In the order the first journey left the user's layout: names descending.
      await eventually(async () => assert.deepEqual(await shownNames(page), ["SLUICE_REF", "SLUICE_ID"]));
    });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
    rmSync(files, { recursive: true, force: true });
  }
});
