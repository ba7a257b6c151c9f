/** System → Overview in a real browser: a notification is shown with its message and dismissed; cluster and time zones. */
import assert from "node:assert/strict";
import { launchBrowser } from "./browser.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, eventually, journey, pageHeading, signIn, SluiceServer, waitForPageHydration } from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;

Deno.test("system overview in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(305));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(t, browser, errors, "the 'no running input' notification is shown and dismissed; the cluster and the time zones are shown", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/overview");
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

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
