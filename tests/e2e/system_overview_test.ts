/**
 * System → Overview in a real browser: a notification is shown with its message and dismissed; cluster and time
 * zones; system jobs with acknowledge; pausing and resuming processing; system messages.
 */
import assert from "node:assert/strict";
import { launchBrowser } from "./browser.ts";
import { stopDemoInput } from "./demo-input.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, eventually, journey, pageHeading, signIn, SluiceServer, waitForPageHydration } from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;

Deno.test("system overview in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(305));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(t, browser, errors, "the 'no running input' notification is shown and dismissed; the cluster and the time zones are shown", async ({ context, page }) => {
      // The demo setup runs a demo traffic input: stopping it (the node's only input) raises the notification.
      await signIn(server, context, page, "admin", "/system/inputs");
      await stopDemoInput(server, page);
      await page.goto(server.url("/system/overview"));
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "System Overview");
      const notification = page.getByTestId("notification");
      await notification.getByText("There is a node without any running inputs").waitFor();
      await page.getByTestId("indexer-cluster").getByText(/^(green|yellow|red)$/).waitFor();
      await eventually(async () => assert.match(await page.getByTestId("time-server").innerText(), /Sluice server: .+\(.+\)/));
      await page.screenshot({ path: `${SHOTS}system-overview-dark.png`, fullPage: true });
      await notification.getByRole("button", { name: "Dismiss" }).click();
      await page.getByTestId("no-notifications").waitFor();
      // Dismissed on the server: the notification list is empty for everyone.
      const list = await (await page.request.get(server.url("/api/system/notifications"))).json() as { total: number };
      assert.equal(list.total, 0);
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "a range rebuild shows as a finished job until acknowledged; pausing and resuming processing writes system messages", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/overview");
      await waitForPageHydration(page);
      await page.getByTestId("system-messages").getByText("Started up.").waitFor();
      const rebuilt = await page.request.post(server.url("/api/system/indices/ranges/rebuild"), { headers: { "X-Requested-By": "e2e" } });
      assert.equal(rebuilt.status(), 202);
      const job = page.getByTestId("system-job").filter({ hasText: "RebuildIndexRangesJob" });
      await job.getByText("complete").waitFor();
      assert.equal(await job.getByRole("progressbar").getAttribute("aria-valuenow"), "100");
      await page.getByRole("button", { name: "Pause message processing" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Pause" }).click();
      await page.getByTestId("processing-state").getByText("paused").waitFor();
      await page.getByTestId("system-messages").getByText("Message processing paused.").waitFor();
      await page.screenshot({ path: `${SHOTS}system-overview-light.png`, fullPage: true });
      await page.getByRole("button", { name: "Resume message processing" }).click();
      await page.getByTestId("processing-state").getByText("running").waitFor();
      await page.getByTestId("system-messages").getByText("Message processing resumed.").waitFor();
      await job.getByRole("button", { name: "Acknowledge" }).click();
      await job.waitFor({ state: "detached" });
      const info = await (await page.request.get(server.url("/api/system"))).json() as { is_processing: boolean };
      assert.equal(info.is_processing, true);
    }, { colorScheme: "light" });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
