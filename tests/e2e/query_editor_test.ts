/**
 * The query bar's light surface and the editor (CodeMirror) that takes over on first use (issue 4 item 10):
 * nothing typed while the editor loads is lost, the caret and selection carry over, and the surface searches
 * and validates on its own while the editor is still on its way.
 */
import assert from "node:assert/strict";
import type { Page, Route } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  queryText,
  signIn,
  SluiceServer,
  waitForSearchResults,
} from "./harness.ts";

const TYPED = "http_method:POST AND NOT http_response_code:200";

/** Holds back every script requested from now on (the editor's chunks) until the returned function is called. */
async function holdScripts(page: Page): Promise<() => Promise<void>> {
  const held: Route[] = [];
  let holding = true;
  await page.route("**/assets/*.js", async (route) => {
    if (holding) held.push(route);
    else await route.continue();
  });
  return async () => {
    holding = false;
    for (const route of held) await route.continue();
  };
}

async function openFreshSearchPage(page: Page, server: SluiceServer, path = "/search"): Promise<void> {
  await page.goto(server.url(path));
  await waitForSearchResults(page);
  // Hydrated: the surface answers to React (the editor is not loaded before anyone uses the query bar).
  await page.locator("html[data-search-page-hydrated]").waitFor({ state: "attached" }).catch(() => undefined);
  assert.equal(await page.locator(".cm-content").count(), 0, "the editor loads only when the query bar is used");
}

Deno.test("the query bar's surface and the editor that takes over", async (t) => {
  const server = new SluiceServer(e2ePort(235));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(t, browser, errors, "typing right after clicking a fresh page's query bar keeps every key", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/search");
      for (let run = 0; run < 4; run++) {
        await openFreshSearchPage(page, server);
        await page.getByTestId("query-surface").click();
        await page.keyboard.type(TYPED);
        await page.locator(".cm-content").waitFor();
        await eventually(async () => assert.equal(await queryText(page), TYPED));
      }
      await page.keyboard.press("Escape");
      await page.keyboard.press("Enter");
      await eventually(() => assert.equal(new URL(page.url()).searchParams.get("q"), TYPED));
    });

    await journey(t, browser, errors, "while the editor loads the surface searches, validates, and hands over its text, caret and selection", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/search");
      await openFreshSearchPage(page, server);
      const release = await holdScripts(page);
      const surface = page.getByTestId("query-surface");
      await surface.click();
      await page.keyboard.type("http_method:(GET OR");
      // Validation works on the surface: the error icon, and the search button is disabled.
      await page.getByRole("button", { name: "Query error" }).waitFor();
      assert.equal(await page.getByRole("button", { name: "Perform search" }).isDisabled(), true);
      await page.keyboard.type(" POST)");
      await eventually(async () => assert.equal(await page.getByRole("button", { name: "Query error" }).count(), 0));
      // Enter in the surface searches.
      await page.keyboard.press("Enter");
      await eventually(() => assert.equal(new URL(page.url()).searchParams.get("q"), "http_method:(GET OR POST)"));
      assert.equal(await page.locator(".cm-content").count(), 0, "still the surface: the editor's scripts are held");
      // The caret moves to the start; then the editor arrives and the next key lands there.
      await page.keyboard.press("Home");
      await release();
      await page.locator(".cm-content").waitFor();
      await page.keyboard.type("source:web-01 AND ");
      await eventually(async () => assert.equal(await queryText(page), "source:web-01 AND http_method:(GET OR POST)"));
    });

    await journey(t, browser, errors, "a selection made in the surface is the editor's selection after the swap", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/search");
      await openFreshSearchPage(page, server, "/search?q=" + encodeURIComponent("source:web-01"));
      const release = await holdScripts(page);
      await page.getByTestId("query-surface").click();
      await page.keyboard.press("ControlOrMeta+a");
      await release();
      await page.locator(".cm-content").waitFor();
      await page.keyboard.type("failed");
      await eventually(async () => assert.equal(await queryText(page), "failed"));
    });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
