/**
 * Dashboards in a real browser: build a dashboard of two pages, save it, reload it, move a widget between pages,
 * rename and delete pages, find it in the list, open the wall display cycling through its pages, and see it
 * read-only as the reader it is shared with.
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

async function tabTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId("dashboard-pages").getByRole("tab").allInnerTexts()).map((text) => text.trim());
}

async function widgetTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId("widget-grid").locator("section h2").allInnerTexts()).map((text) => text.trim());
}

async function createWidget(page: Page, kind: "Message Count" | "Message Table") {
  await page.getByRole("button", { name: "Create new widget", exact: true }).click();
  await page.getByRole("dialog", { name: "Create new widget" }).getByRole("button", { name: kind }).click();
}

async function listedTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId("dashboard-row").getByRole("link").allInnerTexts()).map((text) => text.trim());
}

Deno.test("dashboards in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(265));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  let dashboardUrl = "";
  try {
    await journey(t, browser, errors, "build a dashboard of two pages, save it, reload it and move a widget between pages", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/dashboards");
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Dashboards");
      await page.getByText("No dashboards found").waitFor();

      await page.getByRole("link", { name: "Create new dashboard" }).click();
      await page.getByText("This dashboard has no widgets yet").waitFor();
      await waitForPageHydration(page);
      assert.deepEqual(await tabTitles(page), ["Page#1"]);
      assert.equal(await page.getByRole("button", { name: "Save", exact: true }).isDisabled(), true, "a new dashboard is saved with Save as");
      assert.equal(await page.getByRole("button", { name: "Share" }).getAttribute("title"), "Only saved dashboards can be shared.");

      await createWidget(page, "Message Count");
      await createWidget(page, "Message Table");
      await eventually(async () => assert.deepEqual(await widgetTitles(page), ["Untitled Message Table", "Message Count"]));
      await page.getByRole("button", { name: "Create new page" }).click();
      await eventually(async () => assert.deepEqual(await tabTitles(page), ["Page#1", "Page#2"]));
      await page.getByText("This dashboard has no widgets yet").waitFor();
      assert.match(page.url(), /[?&]page=/);

      await page.getByRole("button", { name: "Save as" }).click();
      const properties = page.getByRole("dialog", { name: "Dashboard properties" });
      await properties.getByRole("textbox", { name: "Title" }).fill("Ops board");
      await properties.getByRole("textbox", { name: "Summary" }).fill("What the web tier does");
      await properties.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText('Saving view "Ops board" was successful!').waitFor();
      await eventually(() => assert.match(page.url(), /\/dashboards\/[0-9a-f]{24}\?page=/));
      dashboardUrl = page.url().replace(/\?.*$/, "");
      await page.getByRole("heading", { name: "Ops board" }).waitFor();

      // Reloaded from the server: both pages, the widgets on the first.
      await page.goto(dashboardUrl);
      await waitForPageHydration(page);
      await eventually(async () => assert.deepEqual(await tabTitles(page), ["Page#1", "Page#2"]));
      await eventually(async () => assert.deepEqual(await widgetTitles(page), ["Untitled Message Table", "Message Count"]));
      await page.getByTestId("message-table").first().waitFor();
      await page.screenshot({ path: `${SHOTS}dashboard-light.png`, fullPage: true });

      // Move to Page: the current page is not offered; the widget leaves page 1 for page 2.
      await page.getByRole("region", { name: "Message Count" }).getByRole("button", { name: "Open actions dropdown" }).click();
      await page.getByRole("menuitem", { name: "Move to Page" }).click();
      const move = page.getByRole("dialog", { name: "Choose Target Page" });
      assert.equal(await move.getByRole("radio").count(), 1, "only the other page is offered");
      await move.getByRole("radio", { name: "Page#2" }).check();
      await move.getByRole("button", { name: "Select" }).click();
      await eventually(async () => assert.deepEqual(await widgetTitles(page), ["Untitled Message Table"]));
      await page.getByRole("tab", { name: "Page#2" }).click();
      await eventually(async () => assert.deepEqual(await widgetTitles(page), ["Message Count"]));

      // Rename page 2 by double-click; a blank title reverts.
      await page.getByRole("tab", { name: "Page#2" }).dblclick();
      await page.getByRole("textbox", { name: "Page title" }).fill("Traffic");
      await page.getByRole("textbox", { name: "Page title" }).press("Enter");
      await eventually(async () => assert.deepEqual(await tabTitles(page), ["Page#1", "Traffic"]));
      await page.getByRole("tab", { name: "Traffic" }).dblclick();
      await page.getByRole("textbox", { name: "Page title" }).fill("   ");
      await page.getByRole("textbox", { name: "Page title" }).press("Enter");
      await eventually(async () => assert.deepEqual(await tabTitles(page), ["Page#1", "Traffic"]));

      await page.getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText('Saving view "Ops board" was successful!').first().waitFor();
      await page.goto(dashboardUrl);
      await waitForPageHydration(page);
      await eventually(async () => assert.deepEqual(await tabTitles(page), ["Page#1", "Traffic"]));
      await eventually(async () => assert.deepEqual(await widgetTitles(page), ["Untitled Message Table"]));

      // A third page, then deleted with the confirmation; the active page moves to its neighbour.
      await page.getByRole("button", { name: "Create new page" }).click();
      await eventually(async () => assert.deepEqual(await tabTitles(page), ["Page#1", "Traffic", "Page#3"]));
      await page.getByRole("button", { name: "Actions of page Page#3" }).click();
      await page.getByRole("menuitem", { name: "Delete" }).click();
      await page.getByText("Do you really want to delete this dashboard page?").waitFor();
      await page.getByRole("dialog", { name: "Delete page" }).getByRole("button", { name: "Delete" }).click();
      await eventually(async () => assert.deepEqual(await tabTitles(page), ["Page#1", "Traffic"]));
      await eventually(async () => assert.equal(await page.getByRole("tab", { name: "Traffic" }).getAttribute("aria-selected"), "true"));
      await eventually(async () => assert.deepEqual(await widgetTitles(page), ["Message Count"]));
    });

    await journey(t, browser, errors, "the list shows the dashboard, favorites it and duplicates it as a template", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/dashboards");
      await waitForPageHydration(page);
      await eventually(async () => assert.deepEqual(await listedTitles(page), ["Ops board"]));
      await page.getByRole("button", { name: "Add Ops board to favorites" }).click();
      await page.getByRole("button", { name: "Remove Ops board from favorites" }).waitFor();
      await page.getByRole("button", { name: "More actions for Ops board" }).click();
      await page.getByRole("menuitem", { name: "Duplicate as template" }).click();
      await page.getByRole("heading", { name: "Ops board (Copy)" }).waitFor({ timeout: 30_000 });
      await page.goto(server.url("/dashboards"));
      await eventually(async () => assert.deepEqual(await listedTitles(page), ["Ops board", "Ops board (Copy)"]));
      await page.screenshot({ path: `${SHOTS}dashboards-list-light.png`, fullPage: true });

      await page.getByRole("checkbox", { name: "Select Ops board (Copy)" }).check();
      await page.getByRole("button", { name: "Bulk actions" }).click();
      await page.getByRole("menuitem", { name: "Delete selected (1)" }).click();
      await page.getByRole("dialog", { name: "Delete dashboards" }).getByRole("button", { name: "Delete" }).click();
      await eventually(async () => assert.deepEqual(await listedTitles(page), ["Ops board"]));
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "Full Screen opens the wall display, which cycles through the pages every second", async ({ context, page }) => {
      await signIn(server, context, page, "admin", new URL(dashboardUrl).pathname);
      await waitForPageHydration(page);
      await page.getByRole("button", { name: "More dashboard actions" }).click();
      await page.getByRole("menuitem", { name: "Full Screen" }).click();
      const config = page.getByRole("dialog", { name: "Configuring Full Screen" });
      assert.equal(await config.getByRole("textbox", { name: "Refresh Interval" }).inputValue(), "10");
      assert.equal(await config.getByRole("textbox", { name: "Tab cycle interval" }).inputValue(), "30");
      assert.equal(await config.getByRole("checkbox", { checked: true }).count(), 2, "every page is chosen by default");
      await config.getByRole("textbox", { name: "Tab cycle interval" }).fill("0");
      assert.equal(await config.getByRole("button", { name: "Launch" }).isDisabled(), true, "an interval below 1 is refused");
      await config.getByRole("textbox", { name: "Tab cycle interval" }).fill("1");
      await config.getByRole("button", { name: "Launch" }).click();
      await eventually(() => assert.match(page.url(), /\/dashboards\/tv\/[0-9a-f]{24}\?interval=1&refresh=10$/), 20_000);
      const shown = page.getByTestId("wall-display-page");
      await shown.waitFor({ timeout: 20_000 });
      assert.equal(await page.getByRole("heading", { level: 1 }).innerText(), "Ops board");
      assert.equal(await page.getByRole("button", { name: "User menu" }).count(), 0, "no navigation");
      const seen = new Set<string>();
      await eventually(async () => {
        seen.add((await shown.innerText()).trim());
        assert.deepEqual([...seen].sort(), ["Page#1", "Traffic"]);
      }, 15_000, 200);
      await page.screenshot({ path: `${SHOTS}dashboard-wall-dark.png`, fullPage: true });
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "a search widget is copied to the dashboard from the search page", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/search");
      await page.getByTestId("message-table").first().waitFor({ timeout: 20_000 });
      await page.locator("html[data-search-page-hydrated]").waitFor({ state: "attached" });
      await page.getByRole("region", { name: "All Messages" }).getByRole("button", { name: "Open actions dropdown" }).click();
      await page.getByRole("menuitem", { name: "Copy to Dashboard" }).click();
      const picker = page.getByRole("dialog", { name: "Choose Target Dashboard" });
      await picker.getByRole("radio", { name: "Ops board" }).check();
      await picker.getByRole("button", { name: "Select" }).click();
      await eventually(() => assert.match(page.url(), /\/dashboards\/[0-9a-f]{24}$/), 20_000);
      await eventually(async () => assert.deepEqual(await widgetTitles(page), ["All Messages", "Untitled Message Table"]), 20_000);
    });

    await journey(t, browser, errors, "the reader sees a dashboard shared with them read-only", async ({ context, page }) => {
      const viewId = new URL(dashboardUrl).pathname.split("/").pop()!;
      const admin = await context.request.post(server.url("/api/system/sessions"), {
        data: { username: "admin", password: "admin", host: "e2e" },
        headers: { "X-Requested-By": "e2e" },
      });
      assert.ok(admin.ok());
      const userId = async (name: string) => ((await (await context.request.get(server.url(`/api/users/${name}`))).json()) as { id: string }).id;
      const [adminId, readerId] = [await userId("admin"), await userId("reader")];
      const shared = await context.request.post(server.url(`/api/authz/shares/entities/${encodeURIComponent(`grn::::dashboard:${viewId}`)}`), {
        data: { selected_grantee_capabilities: { [`grn::::user:${adminId}`]: "own", [`grn::::user:${readerId}`]: "view" } },
        headers: { "X-Requested-By": "e2e" },
      });
      assert.ok(shared.ok(), await shared.text());
      await context.clearCookies();
      await signIn(server, context, page, "reader", "/dashboards");
      await eventually(async () => assert.deepEqual(await listedTitles(page), ["Ops board"]), 20_000);
      await page.getByRole("link", { name: "Ops board" }).click();
      await waitForPageHydration(page);
      await eventually(async () => assert.deepEqual(await tabTitles(page), ["Page#1", "Traffic"]));
      await eventually(async () => assert.deepEqual(await widgetTitles(page), ["All Messages", "Untitled Message Table"]));
      assert.equal(await page.getByRole("button", { name: "Save", exact: true }).isDisabled(), true);
      assert.equal(await page.getByRole("button", { name: "Create new widget", exact: true }).count(), 0);
      assert.equal(await page.getByRole("button", { name: "Create new page" }).count(), 0);
    });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.stop();
  }
});
