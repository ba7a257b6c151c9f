/**
 * Streams in a real browser: create a stream, add a rule and test it against a message, see it listed, start and
 * pause it; once running, messages sent to a GELF HTTP input are routed by the rule (only the matching one is in
 * the stream's search); the form offers index sets by title; 'Manage Alerts' opens /alerts?stream_id=, 'Manage Outputs' the stream's outputs page.
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
  SluiceServer,
  waitForPageHydration,
} from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const STREAMS = "/streams";

/** The titles in the list's rows, in order. */
async function shownTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId("stream-row").locator("td").filter({ has: page.getByRole("link") }).allInnerTexts()).map((text) => text.trim());
}

function row(page: Page, title: string) {
  return page.getByTestId("stream-row").filter({ hasText: title });
}

/** The status badge's text (the badge shows it upper-cased by CSS). */
async function statusOf(page: Page, title: string): Promise<string> {
  return ((await row(page, title).getByTestId("stream-status").textContent()) ?? "").trim();
}

Deno.test("streams in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(255));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(t, browser, errors, "create a stream with a rule, test it, see it listed, start and pause it", async ({ context, page }) => {
      await signIn(server, context, page, "admin", STREAMS);
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Streams");
      await eventually(async () => assert.deepEqual(await shownTitles(page), ["Application errors", "Default Stream", "Security", "Web traffic"]));

      await page.getByRole("button", { name: "Create stream" }).click();
      const dialog = page.getByRole("dialog", { name: "Create stream" });
      await dialog.getByRole("textbox", { name: "Title" }).fill("Checkout");
      await dialog.getByRole("textbox", { name: "Description" }).fill("Checkout service logs");
      await dialog.getByRole("button", { name: "Create stream" }).click();
      await dialog.waitFor({ state: "hidden" });
      await eventually(async () => assert.deepEqual(await shownTitles(page), ["Application errors", "Checkout", "Default Stream", "Security", "Web traffic"]));
      await eventually(async () => assert.equal(await statusOf(page, "Checkout"), "Paused"));
      assert.match(await row(page, "Checkout").innerText(), /No rules/);

      // The rules editor: add a rule, then test a message against it.
      await row(page, "Checkout").getByRole("button", { name: "More actions for Checkout" }).click();
      await page.getByRole("menuitem", { name: "Manage Rules" }).click();
      await page.getByRole("heading", { name: 'Rules of Stream "Checkout"' }).waitFor();
      await page.getByRole("button", { name: "Add stream rule" }).click();
      const ruleDialog = page.getByRole("dialog", { name: "New stream rule" });
      await ruleDialog.getByRole("combobox", { name: "Type" }).click();
      await page.getByRole("option", { name: "match regular expression" }).click();
      await ruleDialog.getByRole("textbox", { name: "Field" }).fill("service");
      await ruleDialog.getByRole("textbox", { name: "Value" }).fill("^checkout");
      await ruleDialog.getByRole("button", { name: "Save rule" }).click();
      await ruleDialog.waitFor({ state: "hidden" });
      await eventually(async () => assert.deepEqual(await page.getByTestId("stream-rule").allInnerTexts(), ["service must match regular expression /^checkout/"]));

      await page.getByRole("textbox", { name: "Message fields (JSON)" }).fill('{"source": "app-01", "service": "checkout-api"}');
      await page.getByRole("button", { name: "Test rules" }).click();
      await eventually(async () => assert.equal((await page.getByTestId("stream-test-outcome").innerText()).trim(), "This message would be routed to this stream."));
      assert.match((await page.getByTestId("stream-rule").textContent()) ?? "", /^matchesservice must/);
      await page.getByRole("textbox", { name: "Message fields (JSON)" }).fill('{"source": "app-01", "service": "billing"}');
      await page.getByRole("button", { name: "Test rules" }).click();
      await eventually(async () => assert.equal((await page.getByTestId("stream-test-outcome").innerText()).trim(), "This message would not be routed to this stream."));
      assert.match((await page.getByTestId("stream-rule").textContent()) ?? "", /^does not matchservice must/);
      await page.screenshot({ path: `${SHOTS}stream-rules-light.png`, fullPage: true });

      // Back on the list: the rule is counted; start the stream, then pause it.
      await page.getByRole("link", { name: "Back to streams" }).click();
      await eventually(async () => assert.match(await row(page, "Checkout").innerText(), /1 rule, all must match/));
      await row(page, "Checkout").getByRole("button", { name: "Start Checkout" }).click();
      await eventually(async () => assert.equal(await statusOf(page, "Checkout"), "Running"));
      await row(page, "Checkout").getByRole("button", { name: "Pause Checkout" }).click();
      await eventually(async () => assert.equal(await statusOf(page, "Checkout"), "Paused"));
      // The default stream offers no pause and no editing.
      assert.equal(await row(page, "Default Stream").getByRole("button", { name: "Pause Default Stream" }).count(), 0);
      await page.screenshot({ path: `${SHOTS}streams-light.png`, fullPage: true });
    });

    await journey(t, browser, errors, "the list and the stream form in dark mode", async ({ context, page }) => {
      await signIn(server, context, page, "admin", STREAMS);
      await waitForPageHydration(page);
      await eventually(async () => assert.ok((await shownTitles(page)).includes("Checkout")));
      await page.screenshot({ path: `${SHOTS}streams-dark.png`, fullPage: true });
      await row(page, "Checkout").getByRole("button", { name: "More actions for Checkout" }).click();
      await page.getByRole("menuitem", { name: "Clone stream" }).click();
      const dialog = page.getByRole("dialog", { name: "Clone stream" });
      assert.equal(await dialog.getByRole("textbox", { name: "Title" }).inputValue(), "Checkout (copy)");
      await page.screenshot({ path: `${SHOTS}stream-form-dark.png`, fullPage: true });
      await dialog.getByRole("button", { name: "Clone stream" }).click();
      await dialog.waitFor({ state: "hidden" });
      await eventually(async () => assert.ok((await shownTitles(page)).includes("Checkout (copy)")));

      // 'Manage Outputs' opens the new stream's outputs page.
      await row(page, "Checkout (copy)").getByRole("button", { name: "More actions for Checkout (copy)" }).click();
      await page.getByRole("menuitem", { name: "Manage Outputs" }).click();
      await page.getByRole("heading", { name: "Outputs for Stream Checkout (copy)" }).waitFor();
      assert.match(new URL(page.url()).pathname, /^\/streams\/[0-9a-f]{24}\/outputs$/);
    }, { colorScheme: "dark" });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
