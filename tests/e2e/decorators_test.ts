/** Decorators in a real browser: administer them under System → Configurations and see them in search results. */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  signIn,
  SluiceServer,
  waitForPageHydration,
  waitForSearchResults,
} from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const CONFIGURATIONS = "/system/configurations";
/** Everything stored so far, newest first. */
const SEARCH_ALL = "/search?rangetype=relative&relative=0";

/** Opens the search page and expands the newest message; returns its details panel. */
async function newestMessageDetails(page: Page, server: SluiceServer) {
  await page.goto(server.url(SEARCH_ALL));
  await waitForSearchResults(page);
  await page.getByTestId("message-row").first().click();
  const details = page.getByTestId("message-details");
  await details.waitFor();
  return details;
}

/** The value cell of a field in the expanded message, or null when the message lacks the field. */
async function fieldValue(page: Page, field: string): Promise<string | null> {
  const row = page.getByTestId("message-fields").locator("tr").filter({
    has: page.locator("th", { hasText: new RegExp(`^${field}$`) }),
  });
  return (await row.count()) === 0 ? null : (await row.locator("td").innerText()).trim();
}

Deno.test("decorators in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(140));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(
      t,
      browser,
      errors,
      "create a format string decorator, see it in search results, edit it, delete it with confirmation",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", CONFIGURATIONS);
        await waitForPageHydration(page);
        const section = page.getByTestId("decorators-configuration");
        await section.getByText("No decorators configured.").waitFor();
        await page.screenshot({ path: `${SHOTS}decorators-empty-light.png`, fullPage: true });

        // Create: 'Select decorator' → Format String → form.
        await page.getByRole("combobox", { name: "Select decorator" }).click();
        await page.getByRole("option", { name: "Format String" }).click();
        const form = page.getByRole("dialog", { name: "Create Format String decorator" });
        await form.waitFor();
        await form.getByRole("button", { name: "Create" }).click(); // required fields are empty: nothing is sent
        assert.equal(await form.isVisible(), true);
        await form.getByRole("textbox", { name: "Format String" }).fill("${source} at level ${level}");
        await form.getByRole("textbox", { name: "Target field" }).fill("origin");
        await page.screenshot({ path: `${SHOTS}decorators-form-light.png`, fullPage: true });
        await form.getByRole("button", { name: "Create" }).click();
        await form.waitFor({ state: "hidden" });
        const item = section.getByTestId("decorator-item");
        await eventually(async () =>
          assert.deepEqual(await section.getByTestId("decorator-title").allInnerTexts(), ["Format String"])
        );
        await item.getByText("${source} at level ${level}").waitFor();
        assert.equal(await section.getByText("No decorators configured.").count(), 0);
        await page.screenshot({ path: `${SHOTS}decorators-list-light.png`, fullPage: true });

        // The search results carry the decorated field.
        await newestMessageDetails(page, server);
        const source = await fieldValue(page, "source");
        const level = await fieldValue(page, "level");
        assert.ok(source && level, "the newest message has a source and a level");
        assert.equal(await fieldValue(page, "origin"), `${source} at level ${level}`);

        // Edit.
        await page.goto(server.url(CONFIGURATIONS));
        await page.getByRole("button", { name: "Actions for Format String" }).click();
        await page.getByRole("menuitem", { name: "Edit" }).click();
        const edit = page.getByRole("dialog", { name: "Edit Format String decorator" });
        assert.equal(
          await edit.getByRole("textbox", { name: "Format String" }).inputValue(),
          "${source} at level ${level}",
        );
        await edit.getByRole("textbox", { name: "Format String" }).fill("host ${source}");
        await edit.getByRole("button", { name: "Update" }).click();
        await edit.waitFor({ state: "hidden" });
        await section.getByTestId("decorator-item").getByText("host ${source}").waitFor();
        await newestMessageDetails(page, server);
        assert.equal(await fieldValue(page, "origin"), `host ${await fieldValue(page, "source")}`);

        // Delete, after the spec's confirmation; Cancel first keeps it.
        await page.goto(server.url(CONFIGURATIONS));
        await page.getByRole("button", { name: "Actions for Format String" }).click();
        await page.getByRole("menuitem", { name: "Delete" }).click();
        const confirm = page.getByRole("dialog").filter({
          hasText: "Do you really want to delete this decorator?",
        });
        await confirm.waitFor();
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await confirm.waitFor({ state: "hidden" });
        assert.equal(await section.getByTestId("decorator-item").count(), 1);
        await page.getByRole("button", { name: "Actions for Format String" }).click();
        await page.getByRole("menuitem", { name: "Delete" }).click();
        await confirm.getByRole("button", { name: "Delete" }).click();
        await section.getByText("No decorators configured.").waitFor();
        await newestMessageDetails(page, server);
        assert.equal(await fieldValue(page, "origin"), null, "the decoration is gone");
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a stream's decorators are listed apart from the default search's, in dark mode too",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", CONFIGURATIONS);
        await waitForPageHydration(page);
        const section = page.getByTestId("decorators-configuration");
        await page.getByRole("combobox", { name: "Stream", exact: true }).click();
        await page.getByRole("option", { name: "Default Stream" }).click();
        await page.getByRole("combobox", { name: "Select decorator" }).click();
        await page.getByRole("option", { name: "Syslog Severity Mapper" }).click();
        const form = page.getByRole("dialog", { name: "Create Syslog Severity Mapper decorator" });
        assert.equal(
          await form.getByRole("textbox", { name: "Source field" }).inputValue(),
          "level",
          "defaults are filled in",
        );
        await form.getByRole("button", { name: "Create" }).click();
        await form.waitFor({ state: "hidden" });
        await eventually(async () =>
          assert.deepEqual(await section.getByTestId("decorator-title").allInnerTexts(), [
            "Syslog Severity Mapper",
          ])
        );
        await page.getByRole("button", { name: "Decorators help" }).click();
        await page.getByText("What are decorators?").waitFor();
        await page.waitForTimeout(400); // let the popover finish fading in for the screenshot
        await page.screenshot({ path: `${SHOTS}decorators-stream-dark.png`, fullPage: true });
        await page.keyboard.press("Escape");
        await page.getByRole("combobox", { name: "Stream", exact: true }).click();
        await page.getByRole("option", { name: "Default Search" }).click();
        await eventually(async () =>
          assert.ok(
            !(await section.getByTestId("decorator-title").allInnerTexts()).includes(
              "Syslog Severity Mapper",
            ),
          )
        );
      },
      { colorScheme: "dark" },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
