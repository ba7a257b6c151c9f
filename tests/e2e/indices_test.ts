/** System → Indices in a real browser: index sets with their statistics, create, configure, an index set's indices. */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, eventually, journey, pageHeading, signIn, SluiceServer, waitForPageHydration } from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const INDICES = "/system/indices";

/** The index names of the index set page's table, newest first. */
async function shownIndices(page: Page): Promise<string[]> {
  return (await page.getByTestId("index-row").locator("td:nth-child(1) p").allInnerTexts()).map((text) => text.trim());
}

Deno.test("indices and index sets in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(285));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(t, browser, errors, "the list shows the index sets with the server's real statistics; a new set is created with the form", async ({ context, page }) => {
      await signIn(server, context, page, "admin", INDICES);
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Indices & Index Sets");
      const rows = page.getByTestId("index-set-row");
      await eventually(async () => assert.equal(await rows.count(), 2));
      await rows.filter({ hasText: "Default index set" }).getByText("default", { exact: true }).waitFor();
      // The statistics are this server's: the default set holds the demo messages it was seeded with.
      const stats = await page.request.get(server.url("/api/system/indices/index_sets?stats=true"));
      const body = await stats.json() as { index_sets: { id: string; title: string }[]; stats: Record<string, { documents: number; indices: number }> };
      const defaultSet = body.index_sets.find((set) => set.title === "Default index set")!;
      const documents = body.stats[defaultSet.id].documents;
      assert.ok(documents > 0);
      await eventually(async () => assert.match(await rows.filter({ hasText: "Default index set" }).getByTestId("index-set-stats").innerText(), /\d+ ind(ex|ices), [\d,]+ documents, [\d.,]+ (B|KiB|MiB)/));
      await page.getByTestId("index-totals").getByText("Documents").waitFor();
      await page.screenshot({ path: `${SHOTS}indices-light.png`, fullPage: true });

      await page.getByRole("link", { name: "Create index set" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "Create Index Set"));
      await page.getByRole("textbox", { name: "Title" }).fill("Short-lived");
      await page.getByRole("textbox", { name: "Index prefix" }).fill("Short lived");
      await page.getByRole("button", { name: "Create index set" }).click();
      await page.getByText("Must start with a letter or number, and can only contain lower-case letters, numbers, '_', '-' and '+'.").waitFor();
      await page.getByRole("textbox", { name: "Index prefix" }).fill("shortlived");
      await page.getByRole("textbox", { name: "Max documents per index" }).fill("100");
      await page.getByRole("textbox", { name: "Max number of indices" }).fill("2");
      await page.screenshot({ path: `${SHOTS}index-set-create-light.png`, fullPage: true });
      await page.getByRole("button", { name: "Create index set" }).click();
      await page.getByText('Index set "Short-lived" was created.').waitFor();
      await eventually(async () => assert.equal(await pageHeading(page), "Index Set: Short-lived"));
      await page.getByText("Index Message Count: 100 messages per index").waitFor();
      await page.getByText("Delete Index when there are more than 2 indices").waitFor();
      await page.getByText("This index set has no indices yet: the first message written to it creates one.").waitFor();
    });

    const refused = "a prefix in use is refused with the server's reason";
    errors.allow(refused, /status of 400 \(Bad Request\) @ .*\/api\/system\/indices\/index_sets$/);
    await journey(t, browser, errors, refused, async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/index_sets/create");
      await waitForPageHydration(page);
      await page.getByRole("textbox", { name: "Title" }).fill("Clash");
      await page.getByRole("textbox", { name: "Index prefix" }).fill("graylog");
      await page.getByRole("button", { name: "Create index set" }).click();
      await page.getByText('Index prefix "graylog" would conflict with the index set "Default index set" (prefix "graylog").').waitFor();
    });

    await journey(t, browser, errors, "an index set's indices: rotate the write index, close and reopen an index (dark)", async ({ context, page }) => {
      await signIn(server, context, page, "admin", INDICES);
      await waitForPageHydration(page);
      await page.getByRole("link", { name: "Default index set" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "Index Set: Default index set"));
      await eventually(async () => assert.deepEqual(await shownIndices(page), ["graylog_0"]));
      const first = page.getByTestId("index-row").filter({ hasText: "graylog_0" });
      await first.getByText("active write index").waitFor();

      await page.getByRole("button", { name: "Maintenance" }).click();
      await page.getByRole("menuitem", { name: "Rotate active write index" }).click();
      await page.getByText("The active write index was rotated.").waitFor();
      await eventually(async () => assert.deepEqual(await shownIndices(page), ["graylog_1", "graylog_0"]));
      await page.getByTestId("index-row").filter({ hasText: "graylog_1" }).getByText("active write index").waitFor();

      await first.getByRole("button", { name: "Close index" }).click();
      await page.getByRole("dialog", { name: "Close index" }).getByRole("button", { name: "Close", exact: true }).click();
      await page.getByText("Index graylog_0 was closed.").waitFor();
      await first.getByText("Closed: not searched").waitFor();
      await page.screenshot({ path: `${SHOTS}index-set-dark.png`, fullPage: true });
      await first.getByRole("button", { name: "Reopen index" }).click();
      await page.getByText("Index graylog_0 was reopened.").waitFor();
      await eventually(async () => assert.equal(await first.getByText("Closed: not searched").count(), 0));
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "configure an index set: time rotation, closing retention (dark)", async ({ context, page }) => {
      await signIn(server, context, page, "admin", INDICES);
      await waitForPageHydration(page);
      await page.getByTestId("index-set-row").filter({ hasText: "Security" }).getByRole("link", { name: "Edit" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "Configure Index Set"));
      assert.equal(await page.getByRole("textbox", { name: "Index prefix" }).isDisabled(), true);
      await page.getByRole("combobox", { name: "Select rotation strategy" }).click();
      await page.getByRole("option", { name: "Index Time" }).click();
      await page.getByRole("textbox", { name: "Rotation period (ISO8601 Duration)" }).fill("PT6H");
      await page.getByRole("combobox", { name: "Select retention strategy" }).click();
      await page.getByRole("option", { name: "Close Index" }).click();
      await page.screenshot({ path: `${SHOTS}index-set-configure-dark.png`, fullPage: true });
      await page.getByRole("button", { name: "Update index set" }).click();
      await page.getByText('Index set "Security" was updated.').waitFor();
      await page.getByText("Index Time: every PT6H").waitFor();
      await page.getByText("Close Index when there are more than 20 indices").waitFor();
    }, { colorScheme: "dark" });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
