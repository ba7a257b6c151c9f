/**
 * System → Logging in a real browser: a subsystem's level set at runtime shows in the server log's recent lines,
 * a support bundle is created, downloaded as a zip and deleted; the sources overview and the licence pages.
 */
import assert from "node:assert/strict";
import { launchBrowser } from "./browser.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, journey, pageHeading, signIn, SluiceServer, waitForPageHydration } from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;

Deno.test("system logging, sources and licence pages in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(321));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(t, browser, errors, "setting the Indexer subsystem to DEBUG is written to the server log; a support bundle is created, downloaded and deleted", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/logging");
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Logging");
      const indexer = page.getByTestId("subsystem-indexer");
      await indexer.getByLabel("Indexer log level").click();
      await page.getByRole("option", { name: "DEBUG" }).click();
      await page.getByText("Changed the log level of subsystem Indexer to DEBUG.").first().waitFor();
      await page.getByTestId("recent-log-lines").getByText("Set log level of <org.graylog2.indexer> to <DEBUG>.").waitFor();
      const subsystems = await (await page.request.get(server.url("/api/system/loggers/subsystems"))).json() as {
        subsystems: Record<string, { level: string }>;
      };
      assert.equal(subsystems.subsystems.indexer.level, "DEBUG");

      await page.getByRole("button", { name: "Create Support Bundle" }).click();
      await page.getByText("Support bundle created.").first().waitFor();
      const bundle = page.getByTestId("support-bundle").first();
      const name = (await bundle.locator("td").first().innerText()).trim();
      assert.match(name, /^graylog_support_bundle-.*\.zip$/);
      const [download] = await Promise.all([page.waitForEvent("download"), bundle.getByRole("link", { name: "Download" }).click()]);
      assert.equal(download.suggestedFilename(), name);
      const zip = await Deno.readFile(await download.path());
      assert.deepEqual([...zip.subarray(0, 2)], [0x50, 0x4b], "a zip file starts with PK");
      await page.screenshot({ path: `${SHOTS}logging-dark.png`, fullPage: true });
      await bundle.getByRole("button", { name: "Delete" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Delete" }).click();
      await page.getByText("No support bundles have been created yet.").waitFor();
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "the sources overview counts each source's messages over the chosen range; the licence pages point to the documentation", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/sources");
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Sources");
      await page.getByText("All Messages", { exact: true }).click();
      await page.getByTestId("source-row").first().waitFor();
      const shown = await page.getByTestId("source-row").evaluateAll((rows) =>
        rows.map((row) => Number((row.lastElementChild?.textContent ?? "0").replaceAll(",", "")))
      );
      const total = (await (await page.request.get(server.url("/api/count/total"))).json() as { events: number }).events;
      assert.equal(shown.reduce((sum, count) => sum + count, 0) <= total, true);
      assert.ok(shown.length > 0 && shown[0] >= shown[shown.length - 1], JSON.stringify(shown));
      await page.screenshot({ path: `${SHOTS}sources-light.png`, fullPage: true });

      await page.goto(server.url("/system/enterprise"));
      await waitForPageHydration(page);
      await page.getByTestId("licence-notice").getByRole("link", { name: "documentation" }).waitFor();
      await page.getByTestId("installation").getByText("None installed").waitFor();
      await page.goto(server.url("/security"));
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Security");
      await page.getByTestId("licence-notice").waitFor();
    }, { colorScheme: "light" });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
