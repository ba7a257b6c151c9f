/**
 * The search page on the view core (issue 13 items 1 and 8): a stored widget of an unknown type, a saved search
 * that does not exist, a stream the user may not read, and the validation explanation's documentation link.
 */
import assert from "node:assert/strict";
import type { APIRequestContext } from "playwright-core";
import { SECURITY_STREAM_ID } from "../../fixtures/seed-streams.ts";
import { QUERY_ID } from "../../ui/view/search-request.ts";
import { toQueryViewState } from "../../ui/view/view-state-wire.ts";
import { defaultSearchView } from "../../ui/widgets/logic/default-search-view.ts";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  openQueryEditor,
  pageHeading,
  signIn,
  SluiceServer,
  waitForSearchResults,
} from "./harness.ts";

const HEADERS = { "X-Requested-By": "XMLHttpRequest" };
const PLUGIN_WIDGET = { id: "w-plugin", type: "enterprise-report", config: { report: "weekly" }, filters: [] };

/** A saved search holding the default widgets and one widget of a type Sluice does not know; returns its id. */
async function storeSearchWithPluginWidget(request: APIRequestContext, server: SluiceServer): Promise<string> {
  const search = await request.post(server.url("/api/views/search"), {
    headers: HEADERS,
    data: {
      queries: [{ id: QUERY_ID, timerange: { type: "relative", from: 604800 }, query: { type: "elasticsearch", query_string: "" } }],
    },
  });
  assert.equal(search.status(), 201, await search.text());
  const state = toQueryViewState(defaultSearchView());
  const view = await request.post(server.url("/api/views"), {
    headers: HEADERS,
    data: {
      type: "SEARCH",
      title: "With a plugin widget",
      search_id: (await search.json()).id,
      state: {
        [QUERY_ID]: {
          ...state,
          widgets: [...state.widgets, PLUGIN_WIDGET],
          positions: { ...state.positions, "w-plugin": { col: 1, row: 9, height: 3, width: "Infinity" } },
          titles: { widget: { ...state.titles.widget, "w-plugin": "Weekly report" } },
        },
      },
    },
  });
  assert.equal(view.status(), 200, await view.text());
  return (await view.json()).id;
}

Deno.test("the search page on the view core in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(245));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(
      t,
      browser,
      errors,
      "a saved search with a widget of an unknown type shows the others and 'unknown widget' with its config to copy",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin");
        const viewId = await storeSearchWithPluginWidget(context.request, server);
        await page.goto(server.url(`/search/${viewId}`));
        await waitForSearchResults(page);
        const unknown = page.getByRole("region", { name: "Weekly report", exact: true });
        await unknown.getByText("This widget type has incorrect type or no handler").waitFor();
        await unknown.getByText('The widget type "enterprise-report" is not known here.', { exact: false }).waitFor();
        await unknown.getByRole("button", { name: "Copy widget config" }).waitFor();
        // The rest of the view is there and searched.
        await page.getByRole("region", { name: "All Messages", exact: true }).getByTestId("message-row").first().waitFor();
        await page.getByRole("region", { name: "Message Count", exact: true }).getByTestId("bar-series").waitFor();
        // Saving keeps the unknown widget as it was stored.
        await page.getByRole("button", { name: "Saved search" }).click();
        await page.getByRole("button", { name: "Save", exact: true }).click();
        await page.getByText('Saving view "With a plugin widget" was successful!').waitFor();
        await eventually(async () => {
          const stored = await (await context.request.get(server.url(`/api/views/${viewId}`))).json();
          assert.deepEqual(stored.state[QUERY_ID].widgets.at(-1), PLUGIN_WIDGET);
        });
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a saved search's header has the favorite toggle and the edit-metadata pencil, server-rendered",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin");
        const viewId = await storeSearchWithPluginWidget(context.request, server);
        const html = await (await context.request.get(server.url(`/search/${viewId}`))).text();
        assert.ok(html.includes('aria-label="Add to favorites"'), "the favorite toggle is in the server's HTML");
        assert.ok(html.includes('aria-label="Edit metadata"'), "the pencil is in the server's HTML");
        await page.goto(server.url(`/search/${viewId}`));
        await waitForSearchResults(page);
        const header = page.getByTestId("saved-view-header");
        await header.getByRole("heading", { name: "With a plugin widget" }).waitFor();
        await header.getByRole("button", { name: "Add to favorites" }).click();
        await header.getByRole("button", { name: "Remove from favorites" }).waitFor();
        await eventually(async () => {
          const stored = await (await context.request.get(server.url(`/api/views/${viewId}`))).json();
          assert.equal(stored.favorite, true);
        });
        await header.getByRole("button", { name: "Edit metadata" }).click();
        const dialog = page.getByRole("dialog", { name: "Editing saved search" });
        await dialog.getByRole("textbox", { name: "Title" }).fill("Weekly reports");
        await dialog.getByRole("button", { name: "Save search" }).click();
        await header.getByRole("heading", { name: "Weekly reports" }).waitFor();
        await eventually(async () => {
          const stored = await (await context.request.get(server.url(`/api/views/${viewId}`))).json();
          assert.equal(stored.title, "Weekly reports");
        });
      },
    );

    const notFound = "a saved search that does not exist is 'Page not found'";
    errors.allow(notFound, /status of 404 .*@ .*\/api\/views\/0123456789abcdef01234567$/);
    await journey(t, browser, errors, notFound, async ({ context, page }) => {
      await signIn(server, context, page, "admin");
      await page.goto(server.url("/search/0123456789abcdef01234567"));
      await eventually(async () => assert.equal(await pageHeading(page), "Page not found"));
      assert.equal(await page.getByText("Something went wrong").count(), 0);
    });

    await journey(
      t,
      browser,
      errors,
      "a reader opening a stream search they may not read gets 'Missing Stream Permissions' naming the stream",
      async ({ context, page }) => {
        await signIn(server, context, page, "reader");
        await page.goto(server.url(`/streams/${SECURITY_STREAM_ID}/search`));
        await eventually(async () => assert.equal(await pageHeading(page), "Missing Stream Permissions"));
        await page.getByText(`You need permissions for streams with the id: ${SECURITY_STREAM_ID}.`).waitFor();
        assert.equal(await page.getByTestId("widget-grid").count(), 0, "no half-rendered search page");
        // The server rendered it so: the page's HTML already says it.
        const html = await (await context.request.get(server.url(`/streams/${SECURITY_STREAM_ID}/search`))).text();
        assert.ok(html.includes("Missing Stream Permissions"), "the server-rendered page names the missing permission");
      },
    );

    await journey(
      t,
      browser,
      errors,
      "a validation explanation links to the documentation of its error type",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", "/search");
        const editor = await openQueryEditor(page);
        await editor.click();
        await page.keyboard.type("source:(web");
        const icon = page.getByTestId("query-validation-icon");
        await icon.waitFor();
        await icon.click();
        const link = page.getByTestId("query-validation-explanation").getByRole("link", { name: "See the documentation" });
        await link.first().waitFor();
        assert.match(await link.first().getAttribute("href") ?? "", /^https:\/\/go2docs\.graylog\.org\/.+#QueryParsingError$/);
      },
    );

    await journey(
      t,
      browser,
      errors,
      "the time range's Absolute tab has Calendar and Timestamp, every tab previews From/Until, a long range shows whole",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", "/search");
        await waitForSearchResults(page);
        await page.getByTestId("time-range-summary").click();
        const form = page.getByRole("dialog");
        // Each tab has its own preview (inactive tabs stay mounted, hidden).
        const preview = (tab: string) => form.getByRole("tabpanel", { name: tab, exact: true }).getByTestId("time-range-preview");
        const previewText = async (tab: string) => (await preview(tab).innerText()).replace(/\s+/g, " ").trim();
        await form.getByRole("tab", { name: "Relative" }).click();
        await eventually(async () =>
          assert.match(await previewText("Relative"), /^From: \d{4}-\d{2}-\d{2} [\d:]+ Until: \d{4}-\d{2}-\d{2} [\d:]+$/)
        );
        await form.getByRole("tab", { name: "Absolute" }).click();
        await form.getByRole("tab", { name: "Timestamp" }).waitFor();
        await form.getByRole("tab", { name: "Calendar" }).click();
        await form.getByRole("group", { name: "From calendar" }).waitFor();
        await form.getByRole("group", { name: "Until calendar" }).waitFor();
        await form.getByRole("tab", { name: "Timestamp" }).click();
        await form.getByRole("textbox", { name: "From" }).fill("2026-01-01 00:00:00");
        await form.getByRole("textbox", { name: "Until" }).fill("2026-12-31 23:59:59");
        await eventually(async () =>
          assert.equal(
            await previewText("Absolute"),
            "From: 2026-01-01 00:00:00 Until: 2026-12-31 23:59:59",
          )
        );
        await form.getByRole("tab", { name: "Keyword" }).click();
        await form.getByRole("textbox", { name: "Time range keyword" }).fill("last hour");
        await preview("Keyword").waitFor();
        await form.getByRole("tab", { name: "Absolute" }).click();
        await form.getByRole("button", { name: "Update time range" }).click();
        const summary = page.getByTestId("time-range-summary");
        await eventually(async () => assert.match(await summary.innerText(), /2026-01-01 00:00:00 – 2026-12-31 23:59:59/));
        const cut = await summary.evaluate((button) =>
          [...button.querySelectorAll("*")].some((element) => element.scrollWidth > element.clientWidth + 1)
        );
        assert.equal(cut, false, "the range is not cut off in the button");
      },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.stop();
  }
});
