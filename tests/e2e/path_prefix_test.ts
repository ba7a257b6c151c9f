/** Mounted under SLUICE_PATH_PREFIX=/sluice: sign in, pages, assets and API all live under the prefix. */
import assert from "node:assert/strict";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  pageHeading,
  signInWithForm,
  SluiceServer,
} from "./harness.ts";

Deno.test("the application under a path prefix in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(50), { prefix: "/sluice" });
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(
      t,
      browser,
      errors,
      "under /sluice the login, the welcome page, navigation and the API work",
      async ({ page }) => {
        const requests: string[] = [];
        page.on("request", (request) => requests.push(new URL(request.url()).pathname));

        // The bare root sends the browser to the prefix.
        await page.goto(`${server.origin}/`);
        await eventually(() => assert.equal(new URL(page.url()).pathname, "/sluice/"));
        await page.getByRole("button", { name: "Sign in" }).waitFor();

        await page.goto(server.url("/welcome"));
        await signInWithForm(page, "admin", "admin");
        await page.getByRole("heading", { name: "Welcome", exact: true, level: 1 }).waitFor();
        await eventually(async () => assert.equal(await page.title(), "Welcome - Sluice"));
        assert.equal(new URL(page.url()).pathname, "/sluice/welcome");

        const status = await page.evaluate(async () =>
          (await fetch("/sluice/api/users/admin", { headers: { "X-Requested-By": "XMLHttpRequest" } })).status
        );
        assert.equal(status, 200);

        await page.getByTestId("system-menu").click();
        await page.getByRole("menuitem", { name: "Nodes", exact: true }).click();
        await eventually(() => assert.equal(new URL(page.url()).pathname, "/sluice/system/nodes"));
        await eventually(async () => assert.equal(await pageHeading(page), "Nodes"));
        assert.equal((await page.getByTestId("system-menu").innerText()).trim(), "System / Nodes");

        await page.reload();
        await eventually(async () => assert.equal(await pageHeading(page), "Nodes"));
        const outside = requests.filter((path) => !path.startsWith("/sluice/") && path !== "/");
        assert.deepEqual(outside, [], "every request of the app stays under the prefix");
      },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
