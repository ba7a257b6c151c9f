/**
 * A dashboard's widget and page actions in a real browser (spec 001 §2 'Widget and page actions', §4, §8, §9):
 * Duplicate ('(copy)', placed top left), Delete with its confirmation, Copy to Dashboard's paged and searchable
 * picker (sizes 5/10/15, sorted by title, the current dashboard left out before paging), Move to Page with no
 * other page ('No pages found'), a page duplicated (' (Copy)'), reordered in the pages configuration, a query per
 * page (the editor shows the active page's own), Edit metadata and Save as; and the wall display, where widgets
 * are only watched (no focus, no dropdown).
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import {
  manyWidgetsDashboardPages,
  saveDashboardView,
  showcaseDashboardPages,
} from "../../bench/dashboard-views.ts";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  openQueryEditor,
  queryText,
  signIn,
  SluiceServer,
  waitForPageHydration,
} from "./harness.ts";

/** The document waits for the dashboard's search job; on a shared, busy machine that may exceed the harness's 10 s. */
const SLOW_PAGE_TIMEOUT = 30_000;

async function cookieHeader(context: BrowserContext): Promise<string> {
  return (await context.cookies()).map((cookie) => `${cookie.name}=${cookie.value}`).join("; ");
}

async function tabTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId("dashboard-pages").getByRole("tab").allInnerTexts()).map((text) =>
    text.trim()
  );
}

async function widgetTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId("widget-grid").locator("section h2").allInnerTexts()).map((text) =>
    text.trim()
  );
}

/** The showcase's first page, in its grid's order. */
const SHOWCASE_OVERVIEW = ["Total messages", "Messages over time", "Top sources", "Latest messages"];

async function widgetMenu(page: Page, title: string, item: string) {
  await page.getByRole("region", { name: title, exact: true }).getByRole("button", {
    name: "Open actions dropdown",
  }).click();
  await page.getByRole("menuitem", { name: item }).click();
}

Deno.test("dashboard widget and page actions in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(267));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    let showcaseId = "";
    await journey(
      t,
      browser,
      errors,
      "Duplicate puts a '(copy)' top left; Delete asks first; Move to Page without another page finds none",
      async ({ context, page }) => {
        context.setDefaultTimeout(SLOW_PAGE_TIMEOUT);
        await signIn(server, context, page, "admin", "/dashboards");
        const cookie = await cookieHeader(context);
        showcaseId = await saveDashboardView(server.baseUrl, cookie, "Showcase", showcaseDashboardPages());
        // Seven more to page through in the picker; titled so that they sort before and after 'Showcase'.
        for (const title of ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Tango", "Zulu"]) {
          await saveDashboardView(server.baseUrl, cookie, title, manyWidgetsDashboardPages(1));
        }
        const single = await saveDashboardView(
          server.baseUrl,
          cookie,
          "Single page",
          manyWidgetsDashboardPages(1),
        );
        // First, as the later steps leave unsaved changes behind.
        await page.goto(server.url(`/dashboards/${single}`));
        await waitForPageHydration(page);
        await widgetMenu(page, "Widget 1", "Move to Page");
        const move = page.getByRole("dialog", { name: "Choose Target Page" });
        await move.getByText("No pages found").waitFor();
        assert.equal(await move.getByRole("button", { name: "Select" }).isDisabled(), true);
        await move.getByRole("button", { name: "Cancel" }).click();

        await page.goto(server.url(`/dashboards/${showcaseId}`));
        await waitForPageHydration(page);
        await eventually(async () =>
          assert.deepEqual(await widgetTitles(page), SHOWCASE_OVERVIEW)
        );
        await widgetMenu(page, "Total messages", "Duplicate");
        await eventually(async () =>
          assert.deepEqual(
            (await widgetTitles(page)).sort(),
            [...SHOWCASE_OVERVIEW, "Total messages (copy)"].sort(),
          )
        );
        const copy = await page.getByRole("region", { name: "Total messages (copy)" }).boundingBox();
        const grid = await page.getByTestId("widget-grid").boundingBox();
        assert.ok(copy && grid);
        assert.ok(Math.abs(copy.x - grid.x) < 5 && Math.abs(copy.y - grid.y) < 5, "the copy sits top left");
        await eventually(async () => {
          const original = await page.getByRole("region", { name: "Total messages", exact: true })
            .boundingBox();
          assert.ok(original && original.y > copy.y + copy.height - 5, "the original moved down");
        });
        await page.getByRole("region", { name: "Total messages (copy)" }).getByTestId("number-visualization")
          .waitFor();

        await widgetMenu(page, "Total messages (copy)", "Delete");
        const confirm = page.getByRole("dialog", { name: "Delete widget" });
        assert.equal(
          (await confirm.innerText()).includes(
            'Are you sure you want to remove the widget "Total messages (copy)"?',
          ),
          true,
        );
        await confirm.getByRole("button", { name: "Cancel" }).click();
        await confirm.waitFor({ state: "detached" });
        assert.equal(
          await page.getByRole("region", { name: "Total messages (copy)" }).count(),
          1,
          "Cancel keeps the widget",
        );
        await widgetMenu(page, "Total messages (copy)", "Delete");
        await page.getByRole("dialog", { name: "Delete widget" }).getByRole("button", { name: "Delete" })
          .click();
        await eventually(async () =>
          assert.deepEqual((await widgetTitles(page)).sort(), [...SHOWCASE_OVERVIEW].sort())
        );
      },
    );

    await journey(
      t,
      browser,
      errors,
      "Copy to Dashboard pages through the dashboards by title, five at first, and finds one by its title",
      async ({ context, page }) => {
        context.setDefaultTimeout(SLOW_PAGE_TIMEOUT);
        await signIn(server, context, page, "admin", `/dashboards/${showcaseId}`);
        await waitForPageHydration(page);
        await widgetMenu(page, "Top sources", "Copy to Dashboard");
        const picker = page.getByRole("dialog", { name: "Choose Target Dashboard" });
        const listed = async () => (await picker.getByRole("radio").evaluateAll((radios) =>
          radios.map((radio) =>
            radio.closest(".mantine-Radio-root")?.textContent?.trim() ?? ""
          )
        ));
        await eventually(async () =>
          assert.deepEqual(await listed(), ["Alpha", "Bravo", "Charlie", "Delta", "Echo"])
        );
        assert.equal(await picker.getByLabel("Dashboards per page").inputValue(), "5");
        await picker.getByRole("button", { name: "2", exact: true }).click();
        await eventually(async () => assert.deepEqual(await listed(), ["Single page", "Tango", "Zulu"]));
        // 'Showcase' (the dashboard the widget is on) matches 'a' and sorts onto the first page: it is left out
        // before paging, so that page is still full.
        const search = picker.getByRole("textbox", { name: "Search for dashboard" });
        await search.fill("a");
        await eventually(async () =>
          assert.deepEqual(await listed(), ["Alpha", "Bravo", "Charlie", "Delta", "Single page"])
        );
        await picker.getByRole("button", { name: "2", exact: true }).click();
        await eventually(async () => assert.deepEqual(await listed(), ["Tango"]));
        await search.fill("");
        await picker.getByLabel("Dashboards per page").click();
        await page.getByRole("option", { name: "10" }).click();
        await eventually(async () =>
          assert.deepEqual(await listed(), [
            "Alpha",
            "Bravo",
            "Charlie",
            "Delta",
            "Echo",
            "Single page",
            "Tango",
            "Zulu",
          ])
        );
        await search.fill("tan");
        await eventually(async () => assert.deepEqual(await listed(), ["Tango"]));
        await picker.getByRole("radio", { name: "Tango" }).check();
        await picker.getByRole("button", { name: "Select" }).click();
        await page.getByRole("heading", { name: "Tango" }).waitFor({ timeout: 20_000 });
        await eventually(
          async () => assert.deepEqual(await widgetTitles(page), ["Top sources", "Widget 1"]),
          20_000,
        );
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a page duplicated, reordered in the pages configuration, with its own query; Edit metadata and Save as",
      async ({ context, page }) => {
        context.setDefaultTimeout(SLOW_PAGE_TIMEOUT);
        await signIn(server, context, page, "admin", `/dashboards/${showcaseId}`);
        await waitForPageHydration(page);
        await eventually(async () =>
          assert.deepEqual(await tabTitles(page), ["Overview", "Traffic", "Clients"])
        );

        await page.getByRole("tab", { name: "Traffic" }).click();
        await page.getByRole("button", { name: "Actions of page Traffic" }).click();
        await page.getByRole("menuitem", { name: "Duplicate" }).click();
        await eventually(async () =>
          assert.deepEqual(await tabTitles(page), ["Overview", "Traffic", "Traffic (Copy)", "Clients"])
        );
        await eventually(async () =>
          assert.equal(
            await page.getByRole("tab", { name: "Traffic (Copy)" }).getAttribute("aria-selected"),
            "true",
          )
        );
        await eventually(async () =>
          assert.deepEqual(await widgetTitles(page), ["Message rate", "Methods over time", "HTTP methods"])
        );

        await page.getByRole("button", { name: "Configure pages" }).click();
        const configuration = page.getByRole("dialog", { name: "Update Dashboard Pages Configuration" });
        await configuration.getByRole("button", { name: "Move Traffic (Copy) up" }).click();
        assert.equal(
          await configuration.getByRole("button", { name: "Delete Overview" }).isDisabled(),
          false,
        );
        await configuration.getByRole("button", { name: "Done" }).click();
        await eventually(async () =>
          assert.deepEqual(await tabTitles(page), ["Overview", "Traffic (Copy)", "Traffic", "Clients"])
        );

        // The query belongs to the page it was searched on.
        const editor = await openQueryEditor(page);
        await editor.click();
        await page.keyboard.type("http_method:GET");
        await page.keyboard.press("Escape");
        await page.getByRole("button", { name: "Perform search" }).click();
        await page.getByRole("tab", { name: "Overview" }).click();
        await eventually(async () =>
          assert.equal(await queryText(page), "")
        );
        await page.getByRole("tab", { name: "Traffic (Copy)" }).click();
        await eventually(async () =>
          assert.equal(await queryText(page), "http_method:GET")
        );

        await page.getByRole("button", { name: "Save", exact: true }).click();
        await page.getByText('Saving view "Showcase" was successful!').first().waitFor();

        await page.getByRole("button", { name: "More dashboard actions" }).click();
        await page.getByRole("menuitem", { name: "Edit metadata" }).click();
        const metadata = page.getByRole("dialog", { name: "Editing saved dashboard" });
        await metadata.getByRole("textbox", { name: "Title" }).fill("");
        assert.equal(
          await metadata.getByRole("button", { name: "Save dashboard" }).isDisabled(),
          true,
          "the title is required",
        );
        await metadata.getByRole("textbox", { name: "Title" }).fill("Showcase board");
        await metadata.getByRole("button", { name: "Save dashboard" }).click();
        await page.getByRole("heading", { name: "Showcase board" }).waitFor();

        await page.reload();
        await waitForPageHydration(page);
        await page.getByRole("heading", { name: "Showcase board" }).waitFor();
        await eventually(async () =>
          assert.deepEqual(await tabTitles(page), ["Overview", "Traffic (Copy)", "Traffic", "Clients"])
        );

        await page.getByRole("button", { name: "Save as" }).click();
        const properties = page.getByRole("dialog", { name: "Dashboard properties" });
        assert.equal(
          await properties.getByRole("textbox", { name: "Title" }).inputValue(),
          "Showcase board (Copy)",
        );
        await properties.getByRole("button", { name: "Save", exact: true }).click();
        await page.getByText('Saving view "Showcase board (Copy)" was successful!').waitFor();
        await eventually(() => assert.doesNotMatch(page.url(), new RegExp(showcaseId)), 20_000);
        await page.getByRole("heading", { name: "Showcase board (Copy)" }).waitFor();
      },
      { colorScheme: "dark" },
    );

    await journey(
      t,
      browser,
      errors,
      "the wall display shows the widgets without focus or actions",
      async ({ context, page }) => {
        context.setDefaultTimeout(SLOW_PAGE_TIMEOUT);
        await signIn(server, context, page, "admin", "/dashboards");
        await page.goto(server.url(`/dashboards/tv/${showcaseId}?interval=3600`));
        await page.getByRole("region", { name: "Total messages" }).getByTestId("number-visualization")
          .waitFor({ timeout: 30_000 });
        assert.deepEqual(await widgetTitles(page), SHOWCASE_OVERVIEW);
        assert.equal(await page.getByRole("button", { name: "Open actions dropdown" }).count(), 0);
        assert.equal(await page.getByRole("button", { name: "Focus this widget" }).count(), 0);
      },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.stop();
  }
});
