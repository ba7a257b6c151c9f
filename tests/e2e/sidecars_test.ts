/**
 * System → Sidecars in a real browser: a sidecar registers over HTTP as graylog-sidecar does, shows on the
 * overview and its status page; a configuration is created for filebeat and assigned on the administration page,
 * and the sidecar gets the assignment with its next registration.
 */
import assert from "node:assert/strict";
import { launchBrowser } from "./browser.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, eventually, journey, pageHeading, signIn, SluiceServer, waitForPageHydration } from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const NODE_ID = "0d6b9a1e-5f7c-4b7e-8a55-3c2f1e9d7a10";

Deno.test("sidecars in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(438));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  /** The sidecar's own call: basic auth, its version header and X-Requested-By, as graylog-sidecar sends them. */
  const register = async () => {
    const answer = await fetch(server.url(`/api/sidecars/${NODE_ID}`), {
      method: "PUT",
      headers: {
        Authorization: `Basic ${btoa("admin:admin")}`,
        "Content-Type": "application/json",
        "X-Requested-By": "Sidecar",
        "X-Graylog-Sidecar-Version": "1.4.0",
      },
      body: JSON.stringify({ node_name: "web-e2e", node_details: { operating_system: "Linux", ip: "192.0.2.10", status: { status: 0, message: "ok", collectors: [] } } }),
    });
    assert.equal(answer.status, 202);
    return await answer.json() as { assignments: { configuration_id: string }[] | null };
  };
  try {
    await register();
    await journey(t, browser, errors, "the overview lists the sidecar; a configuration is created and assigned to it", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/sidecars");
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Sidecars Overview");
      await page.getByRole("link", { name: "web-e2e" }).waitFor();
      await page.getByText("Running").waitFor();
      await page.screenshot({ path: `${SHOTS}sidecars-light.png`, fullPage: true });
      await page.getByRole("link", { name: "web-e2e" }).click();
      await page.getByRole("heading", { name: "Sidecar web-e2e status" }).waitFor();
      await page.getByText("192.0.2.10").waitFor();

      await page.getByRole("link", { name: "Configuration", exact: true }).click();
      await page.getByRole("heading", { name: "Collectors Configuration" }).waitFor();
      await page.getByRole("cell", { name: "winlogbeat" }).waitFor();
      await page.getByRole("link", { name: "Create Configuration" }).click();
      await page.getByRole("textbox", { name: /^Name/ }).fill("e2e web logs");
      await page.getByRole("combobox", { name: /^Collector/ }).click();
      await page.getByRole("option", { name: "filebeat on linux" }).click();
      await eventually(async () => assert.match(await page.getByRole("textbox", { name: /^Configuration/ }).inputValue(), /gl2_source_collector/));
      await page.getByRole("button", { name: "Create" }).click();
      await page.getByText('Configuration "e2e web logs" saved').waitFor();
      await page.getByRole("cell", { name: "e2e web logs" }).waitFor();

      await page.getByRole("link", { name: "Administration" }).click();
      await page.getByRole("heading", { name: "Collectors Administration" }).waitFor();
      await page.getByRole("combobox", { name: "Configuration of filebeat on web-e2e" }).click();
      await page.getByRole("option", { name: "e2e web logs" }).click();
      await page.getByText("Configuration change for sidecar web-e2e saved").waitFor();
      await page.screenshot({ path: `${SHOTS}sidecar-administration-light.png`, fullPage: true });
      const answer = await register();
      assert.equal(answer.assignments?.length, 1);
    });

    await journey(t, browser, errors, "the configuration and failure tracking pages in dark mode", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/sidecars/configuration");
      await waitForPageHydration(page);
      await page.getByRole("cell", { name: "e2e web logs" }).waitFor();
      await page.screenshot({ path: `${SHOTS}sidecar-configuration-dark.png`, fullPage: true });
      await page.getByRole("link", { name: "Failure tracking" }).click();
      await page.getByText("No sidecar reports a failing collector.").waitFor();
      await page.screenshot({ path: `${SHOTS}sidecar-failures-dark.png`, fullPage: true });
    }, { colorScheme: "dark" });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.stop();
  }
});
