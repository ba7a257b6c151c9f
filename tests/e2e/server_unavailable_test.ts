/** The server goes away and comes back: the unavailable page replaces the app, then the app returns by itself. */
import assert from "node:assert/strict";
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

const JOURNEY =
  "a stopped server shows 'Server currently unavailable' and the app returns, still signed in, once it is back";

Deno.test("server availability in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(40));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  // Stopping the server makes the browser log failed requests: refused ones while it is down, and a reset
  // or empty response for a request (often the favicon) caught on a keep-alive connection as it closes.
  errors.allow(JOURNEY, /Failed to load resource: net::ERR_(CONNECTION_REFUSED|CONNECTION_RESET|EMPTY_RESPONSE|CONNECTION_CLOSED)\b/);
  try {
    await journey(t, browser, errors, JOURNEY, async ({ page }) => {
      await signIn(server, page.context(), page, "admin", "/system/overview");
      await eventually(async () => assert.equal(await pageHeading(page), "System Overview"));
      // The overview's heading is server-rendered: the app's polls run only once the page has hydrated.
      await waitForPageHydration(page);

      await server.stop();
      // The throughput poll (every 2 s) is the first request to fail.
      await page.getByRole("heading", { name: "Server currently unavailable" }).waitFor({ timeout: 8_000 });
      await page.getByText("You will be redirected back automatically").waitFor();
      assert.equal(
        await page.getByRole("button", { name: "User menu" }).count(),
        0,
        "the page replaces everything",
      );

      await page.getByRole("button", { name: "More details" }).click();
      const details = page.getByTestId("server-failure-details");
      await details.waitFor();
      const text = await details.innerText();
      assert.match(text, /Original request: (GET|POST) \S*\/api\//);
      assert.match(text, /Status code: none \(no answer\)/);
      await page.getByRole("button", { name: "Less details" }).waitFor();

      await server.start();
      // The ping runs every 20 s: allow one full interval plus slack.
      await page.getByRole("button", { name: "User menu" }).waitFor({ timeout: 30_000 });
      assert.equal(await page.getByRole("heading", { name: "Server currently unavailable" }).count(), 0);
      assert.equal(await page.getByRole("button", { name: "Sign in" }).count(), 0, "still signed in");
      await eventually(async () => assert.equal(await pageHeading(page), "System Overview"));
      assert.equal(new URL(page.url()).pathname, "/system/overview", "back on the page the user was on");
      await eventually(async () =>
        assert.match(await page.getByTestId("throughput-in").innerText(), /^\d+$/)
      );
    });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
