/**
 * System → Users and Teams in a real browser: an administrator creates a user with a role, the user signs in and
 * sees only what the role allows; an access token made on the tokens page is used by a script, and revoked.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  pageHeading,
  signIn,
  signInWithForm,
  SluiceServer,
  waitForPageHydration,
} from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;

/** Hydration can take long on a busy machine: the list's menus answer clicks only after it. */
async function waitForHydrationPatiently(page: Page): Promise<void> {
  await page.locator("html[data-page-hydrated]").waitFor({ state: "attached", timeout: 45_000 });
}

/** The usernames in the list's rows, in order. */
async function shownUsernames(page: Page): Promise<string[]> {
  return (await page.getByTestId("user-row").locator("td:nth-child(2)").allInnerTexts()).map((text) => text.trim());
}

Deno.test("users and access tokens in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(275));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  /** What a script does with a token: HTTP basic auth token:token, no password, no session. */
  const scriptCall = (token: string, path: string) =>
    fetch(server.url(`/api${path}`), { headers: { Authorization: `Basic ${btoa(`${token}:token`)}`, Accept: "application/json" } });
  // The users list refused to the Reader is asked for on purpose.
  errors.allow("the new user signs in and sees only what the Reader role allows", /status of 403 .*\/api\/users\/paginated/);
  try {
    await journey(t, browser, errors, "an administrator creates a user with the Reader role", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/users");
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Users Overview");
      await eventually(async () => assert.deepEqual(await shownUsernames(page), ["admin", "reader"]), 20_000);
      await page.getByRole("link", { name: "Create user" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "Create new user"));
      await page.getByRole("textbox", { name: "Username" }).fill("carol");
      await page.getByRole("textbox", { name: "First Name" }).fill("Carol");
      await page.getByRole("textbox", { name: "Last Name" }).fill("Clark");
      await page.getByRole("textbox", { name: "E-Mail Address" }).fill("carol@example.com");
      await page.getByRole("textbox", { name: "Password", exact: true }).fill("carols-secret");
      await page.getByRole("textbox", { name: "Repeat Password" }).fill("carols-secre");
      await page.getByRole("button", { name: "Create user" }).click();
      await page.getByText("Passwords do not match.").waitFor();
      await page.getByRole("textbox", { name: "Repeat Password" }).fill("carols-secret");
      await page.screenshot({ path: `${SHOTS}user-create-light.png`, fullPage: true });
      await page.getByRole("button", { name: "Create user" }).click();
      await page.getByText('User "carol" was created.').waitFor();
      await eventually(async () => assert.equal(await pageHeading(page), "Users Overview"));
      await eventually(async () => assert.deepEqual(await shownUsernames(page), ["admin", "carol", "reader"]));
      const row = page.getByTestId("user-row").filter({ hasText: "carol" });
      await row.getByText("Reader", { exact: true }).waitFor();
      await row.getByText("Enabled").waitFor();
      await page.screenshot({ path: `${SHOTS}users-light.png`, fullPage: true });
    });

    await journey(t, browser, errors, "the new user signs in and sees only what the Reader role allows", async ({ page }) => {
      await page.goto(server.url("/search"));
      await signInWithForm(page, "carol", "carols-secret");
      await page.getByRole("button", { name: "User menu" }).click();
      await page.getByText("Carol Clark").waitFor();
      await page.keyboard.press("Escape");
      // No System administration beyond what the role gives: the users list is refused by page and by API.
      await page.goto(server.url("/system/users"));
      await page.getByText("You do not have the required permissions to view this resource.").waitFor();
      const answer = await page.evaluate(async () => (await fetch("/api/users/paginated", { headers: { Accept: "application/json" } })).status);
      assert.equal(answer, 403);
      // Their own account is theirs to see.
      const own = await page.evaluate(async () => (await fetch("/api/users/carol", { headers: { Accept: "application/json" } })).status);
      assert.equal(own, 200);
      await page.screenshot({ path: `${SHOTS}users-reader-dark.png`, fullPage: true });
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "a token made on the tokens page works from a script until it is revoked", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/users");
      await waitForHydrationPatiently(page);
      const row = page.getByTestId("user-row").filter({ hasText: "carol" });
      await row.getByRole("button", { name: "More actions for carol" }).click();
      await page.getByRole("menuitem", { name: "Edit tokens" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "Edit tokens of user Carol Clark"), 20_000);
      await page.getByText("No tokens to display.").waitFor();
      await page.getByRole("textbox", { name: "Token Name" }).fill("ci-pipeline");
      await page.getByRole("button", { name: "Create Token" }).click();
      await page.getByText("This is the only time the token is shown.").waitFor();
      const token = (await page.getByTestId("created-token").innerText()).trim();
      assert.match(token, /^[0-9a-f]{48}$/);
      await page.getByRole("table", { name: "Access tokens" }).getByText("ci-pipeline").waitFor();
      await page.screenshot({ path: `${SHOTS}user-tokens-dark.png`, fullPage: true });

      const asScript = await scriptCall(token, "/users/carol");
      assert.equal(asScript.status, 200);
      assert.equal((await asScript.json()).username, "carol");
      const search = await scriptCall(token, "/search/universal/relative?query=*&range=86400&limit=5");
      assert.equal(search.status, 200, "the token searches as carol");
      await search.body?.cancel();
      const forbidden = await scriptCall(token, "/users/paginated");
      assert.equal(forbidden.status, 403, "with carol's permissions only");
      await forbidden.body?.cancel();

      await page.getByRole("button", { name: "Revoke ci-pipeline" }).click();
      await page.getByRole("dialog").getByRole("button", { name: "Revoke" }).click();
      await page.getByText('Token "ci-pipeline" was revoked.').waitFor();
      await page.getByText("No tokens to display.").waitFor();
      const revoked = await scriptCall(token, "/users/carol");
      assert.equal(revoked.status, 401);
      await revoked.body?.cancel();
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "disabling the user from the list signs them out at once", async ({ context, page }) => {
      const carol = await browser.newContext();
      const carolPage = await carol.newPage();
      try {
        await carolPage.goto(server.url("/search"));
        await signInWithForm(carolPage, "carol", "carols-secret");
        await signIn(server, context, page, "admin", "/system/users");
        await waitForHydrationPatiently(page);
        const row = page.getByTestId("user-row").filter({ hasText: "carol" });
        await row.getByRole("button", { name: "More actions for carol" }).click();
        await page.getByRole("menuitem", { name: "Disable" }).click();
        await page.getByText('User "carol" was disabled.').waitFor();
        await row.getByText("Disabled").waitFor();
        const status = await carolPage.evaluate(async () => (await fetch("/api/users/carol", { headers: { Accept: "application/json" } })).status);
        assert.equal(status, 401);
      } finally {
        await carol.close();
      }
    });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
