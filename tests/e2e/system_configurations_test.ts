/**
 * System → Configurations in a real browser: the URL allow-list's entry validation (200 ms after typing) and save,
 * the message processors' enablement applied to the ingest chain, the search configuration's query limit, the UI
 * customization's header badge.
 */
import assert from "node:assert/strict";
import { launchBrowser } from "./browser.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, eventually, journey, pageHeading, signIn, SluiceServer, waitForPageHydration } from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;

Deno.test("system configurations in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(311));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(t, browser, errors, "URL allow-list entries are validated as typed and saved with the success toast", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/configurations");
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Configurations");
      const section = page.getByTestId("configuration-URL Whitelist Configuration");
      await section.getByRole("button", { name: "Edit configuration" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("button", { name: "Add Url" }).click();
      const row = dialog.getByTestId("whitelist-entry");
      await row.getByLabel("Title").fill("Hooks");
      await row.getByLabel("URL").fill("not a url");
      await dialog.getByText("Not a valid URL").waitFor();
      await row.getByLabel("Type").click();
      await page.getByRole("option", { name: "Regex" }).click();
      await row.getByLabel("URL").fill("https://(hooks");
      await dialog.getByText("Not a valid Java regular expression").waitFor();
      await row.getByLabel("URL").fill("https://hooks\\.example\\.com/.*");
      await eventually(async () => assert.equal(await dialog.getByText("Not a valid Java regular expression").count(), 0));
      await page.screenshot({ path: `${SHOTS}configurations-whitelist-dark.png`, fullPage: true });
      await dialog.getByRole("button", { name: "Update configuration" }).click();
      await page.getByText("Configuration updated successfully").first().waitFor();
      await section.getByTestId("url-whitelist").getByText("https://hooks\\.example\\.com/.*").waitFor();
      const saved = await (await page.request.get(server.url("/api/system/urlwhitelist"))).json() as { entries: { type: string }[] };
      assert.deepEqual(saved.entries.map((entry) => entry.type), ["regex"]);
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "disabling the pipeline processor is saved to the message processors configuration", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/configurations");
      await waitForPageHydration(page);
      const section = page.getByTestId("configuration-Message Processors Configuration");
      await section.getByRole("button", { name: "Edit configuration" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("switch", { name: "Pipeline Processor enabled" }).dispatchEvent("click");
      assert.equal(await dialog.getByRole("switch", { name: "Pipeline Processor enabled" }).isChecked(), false);
      await dialog.getByRole("button", { name: "Move Pipeline Processor up" }).click();
      await dialog.getByRole("button", { name: "Update configuration" }).click();
      await page.getByText("Configuration updated successfully").first().waitFor();
      await section.getByText("disabled", { exact: true }).waitFor();
      await page.screenshot({ path: `${SHOTS}configurations-light.png`, fullPage: true });
      const config = await (await page.request.get(server.url("/api/system/messageprocessors/config"))).json() as {
        processor_order: { name: string }[];
        disabled_processors: string[];
      };
      assert.deepEqual(config.processor_order.map((p) => p.name), ["Message Filter Chain", "Pipeline Processor", "Stream Rule Processor"]);
      assert.deepEqual(config.disabled_processors, ["org.graylog.plugins.pipelineprocessor.processors.PipelineInterpreter"]);
      const dump = await (await page.request.get(server.url("/api/system/processbufferdump"))).json() as Record<string, string>;
      assert.ok(!JSON.stringify(dump).includes("pipelines"), JSON.stringify(dump));
    }, { colorScheme: "light" });

    await journey(t, browser, errors, "the UI customization's header badge is saved and shown in the navigation", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/configurations");
      await waitForPageHydration(page);
      assert.equal(await page.getByTestId("header-badge").count(), 0);
      const section = page.getByTestId("configuration-UI Customization");
      await section.getByText("No badge defined").or(section.getByTestId("customization-badge-preview")).first().waitFor();
      await section.getByRole("button", { name: "Edit configuration" }).click();
      const dialog = page.getByRole("dialog");
      await dialog.getByRole("switch", { name: "Enable Header Badge" }).dispatchEvent("click");
      await dialog.getByLabel("Badge Text").fill("STAGING");
      await dialog.getByText("Should be maximum 5 characters long").waitFor();
      await dialog.getByLabel("Badge Text").fill("STAGE");
      await dialog.getByLabel("Background").fill("#e8590c");
      await dialog.getByRole("button", { name: "Update configuration" }).click();
      await page.getByText("Configuration updated successfully").first().waitFor();
      const badge = page.getByTestId("header-badge");
      await badge.getByText("STAGE").waitFor();
      assert.equal(await badge.evaluate((node) => getComputedStyle(node).backgroundColor), "rgb(232, 89, 12)");
      await section.getByText("True", { exact: true }).waitFor();
      await page.screenshot({ path: `${SHOTS}configurations-customization-dark.png`, fullPage: true });
      const saved = await (await page.request.get(server.url("/api/system/cluster_config/org.graylog2.configuration.Customization"))).json();
      assert.deepEqual(saved, { badge_text: "STAGE", badge_color: "#e8590c", badge_enable: true });
    }, { colorScheme: "dark" });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
