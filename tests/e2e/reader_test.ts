/** A signed-in user with limited, read-only permissions sees only what they may read. */
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
} from "./harness.ts";

Deno.test("a read-only user in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(30));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(
      t,
      browser,
      errors,
      "the System menu leaves out admin entries and their pages say 'Missing Permissions'",
      async ({ context, page }) => {
        await signIn(server, context, page, "reader");
        await page.getByTestId("system-menu").click();
        const listed = (await page.getByRole("menuitem").allInnerTexts()).map((text) => text.trim());
        assert.ok(listed.includes("Overview"), `Overview is open to everyone: ${listed}`);
        for (
          const adminEntry of [
            "Configurations",
            "Inputs",
            "Outputs",
            "Indices",
            "Users and Teams",
            "Roles",
            "Authentication",
            "Enterprise",
          ]
        ) {
          assert.ok(
            !listed.includes(adminEntry),
            `reader must not see '${adminEntry}' (menu: ${listed.join(", ")})`,
          );
        }
        await page.keyboard.press("Escape");

        await page.getByRole("button", { name: "User menu" }).click();
        await page.getByRole("menuitem", { name: "Show profile" }).waitFor();
        assert.equal(
          await page.getByRole("menuitem", { name: "Edit profile" }).count(),
          0,
          "read-only users cannot edit their profile",
        );
        await page.keyboard.press("Escape");

        // Typed into the address bar (server-rendered) ...
        await page.goto(server.url("/system/inputs"));
        await page.getByRole("heading", { name: "Missing Permissions" }).waitFor();
        await page.getByText("You do not have the required permissions to view this resource.").waitFor();
        assert.equal(
          await page.getByRole("heading", { name: "Inputs" }).count(),
          0,
          "the inputs page itself is not shown",
        );
        await eventually(async () => assert.equal(await page.title(), "Missing Permissions - Sluice"));

        // ... and reached inside the app.
        await page.goto(server.url("/welcome"));
        await page.getByRole("heading", { name: "Welcome", exact: true, level: 1 }).waitFor();
        await page.evaluate(() => {
          history.pushState({}, "", "/system/users");
          dispatchEvent(new PopStateEvent("popstate"));
        });
        await eventually(async () => assert.equal(await pageHeading(page), "Missing Permissions"));
        assert.equal((await page.getByTestId("system-menu").innerText()).trim(), "System / Users and Teams");
      },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
