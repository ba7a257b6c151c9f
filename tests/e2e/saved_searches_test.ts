/** Saved searches in a real browser: save, save as, load, favorite, delete, bulk delete, metadata and sharing. */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import type { APIRequestContext, Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  openQueryEditor,
  signIn,
  SluiceServer,
} from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const HEADERS = { "X-Requested-By": "XMLHttpRequest" };

/** A saved search stored through the API (its own search over the last 5 minutes); returns its id. */
async function storeSavedSearch(
  request: APIRequestContext,
  server: SluiceServer,
  title: string,
): Promise<string> {
  const search = await request.post(server.url("/api/views/search"), {
    headers: HEADERS,
    data: { queries: [{ id: "q1", timerange: { type: "relative", from: 300 } }] },
  });
  assert.equal(search.status(), 201, await search.text());
  const view = await request.post(server.url("/api/views"), {
    headers: HEADERS,
    data: {
      type: "SEARCH",
      title,
      summary: `About ${title}`,
      search_id: (await search.json()).id,
      state: {},
    },
  });
  assert.equal(view.status(), 200, await view.text());
  return (await view.json()).id;
}

async function viewOf(
  request: APIRequestContext,
  server: SluiceServer,
  id: string,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const answer = await request.get(server.url(`/api/views/${id}`));
  return { status: answer.status(), body: answer.ok() ? await answer.json() : {} };
}

/** The search page is interactive once the query editor (CodeMirror, client-only) has replaced the SSR input. */
async function waitForSearchPage(page: Page): Promise<void> {
  await openQueryEditor(page);
}

async function openLoadDialog(page: Page) {
  await waitForSearchPage(page);
  await page.getByRole("button", { name: "Load", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Saved searches" });
  await dialog.waitFor();
  return dialog;
}

const rowTitles = async (page: Page) =>
  (await page.getByTestId("saved-search-row").locator("td:nth-child(2)").allInnerTexts()).map((text) =>
    text.trim()
  );

Deno.test("saved searches in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(160));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  mkdirSync(SHOTS, { recursive: true });
  try {
    await journey(
      t,
      browser,
      errors,
      "a new search is saved under a name, shows 'Saved search', then 'Unsaved changes'",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", "/search");
        await waitForSearchPage(page);
        const save = page.getByRole("button", { name: "Save search" });
        await save.click();
        const title = page.getByRole("textbox", { name: "Title" });
        const create = page.getByRole("button", { name: "Create new" });
        await title.fill("   ");
        assert.equal(await create.isDisabled(), true, "a blank name cannot be saved");
        await title.fill("Failed logins");
        await create.click();
        await page.getByText('Saving view "Failed logins" was successful!').waitFor();
        await eventually(() => assert.match(new URL(page.url()).pathname, /^\/search\/[0-9a-f]{24}$/));
        await page.getByRole("button", { name: "Saved search" }).waitFor();
        const id = new URL(page.url()).pathname.split("/")[2];
        assert.equal((await viewOf(context.request, server, id)).body.title, "Failed logins");

        // Save as needs a different name; Save keeps the id.
        await page.getByRole("button", { name: "Saved search" }).click();
        assert.equal(
          await page.getByRole("button", { name: "Save as" }).isDisabled(),
          true,
          "an unchanged name cannot be saved as",
        );
        await title.fill("Failed logins (copy)");
        await page.getByRole("button", { name: "Save as" }).click();
        await page.getByText('Saving view "Failed logins (copy)" was successful!').waitFor();
        await eventually(() => assert.notEqual(new URL(page.url()).pathname, `/search/${id}`));
        assert.equal(
          (await viewOf(context.request, server, id)).body.title,
          "Failed logins",
          "the original stays",
        );

        // A changed query makes the search dirty.
        const editor = await openQueryEditor(page);
        await editor.click();
        await page.keyboard.type("source:web-01");
        await page.keyboard.press("Enter");
        await page.getByRole("button", { name: "Unsaved changes" }).waitFor();
        await page.screenshot({ path: `${SHOTS}saved-search-dirty-light.png` });
      },
    );

    await journey(
      t,
      browser,
      errors,
      "the Load dialog lists by title, searches, stars favorites and loads a search",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", "/search");
        const zulu = await storeSavedSearch(context.request, server, "Zulu errors");
        await storeSavedSearch(context.request, server, "alpha traffic");
        const dialog = await openLoadDialog(page);
        await eventually(async () =>
          assert.deepEqual(await rowTitles(page), [
            "alpha traffic",
            "Failed logins",
            "Failed logins (copy)",
            "Zulu errors",
          ])
        );
        await page.screenshot({ path: `${SHOTS}saved-searches-load-light.png` });

        await dialog.getByRole("textbox", { name: "Search", exact: true }).fill("zulu");
        await eventually(async () => assert.deepEqual(await rowTitles(page), ["Zulu errors"]));
        await dialog.getByRole("textbox", { name: "Search", exact: true }).fill("nothing like this");
        await page.getByText("No saved searches have been found.").waitFor();
        await dialog.getByRole("textbox", { name: "Search", exact: true }).fill("zulu");

        await page.getByRole("button", { name: "Add to favorites" }).click();
        await page.getByRole("button", { name: "Remove from favorites" }).waitFor();
        assert.equal((await viewOf(context.request, server, zulu)).body.favorite, true);

        await page.getByRole("button", { name: "Zulu errors", exact: true }).click();
        await eventually(() => assert.equal(new URL(page.url()).pathname, `/search/${zulu}`));
        await page.getByRole("button", { name: "Saved search" }).waitFor();
      },
    );

    await journey(
      t,
      browser,
      errors,
      "saved searches are deleted one by one with a confirmation, and in bulk",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", "/search");
        const doomed = await storeSavedSearch(context.request, server, "Doomed one");
        await storeSavedSearch(context.request, server, "Doomed two");
        await storeSavedSearch(context.request, server, "Doomed three");
        const dialog = await openLoadDialog(page);
        await dialog.getByRole("textbox", { name: "Search", exact: true }).fill("doomed");
        await eventually(async () =>
          assert.deepEqual(await rowTitles(page), ["Doomed one", "Doomed three", "Doomed two"])
        );

        await page.getByRole("button", { name: "Delete Doomed one" }).click();
        await page.getByText('You are about to delete saved search: "Doomed one". Are you sure?').waitFor();
        await page.getByRole("button", { name: "Delete", exact: true }).click();
        await page.getByText('Deleting view "Doomed one" was successful!').waitFor();
        assert.equal((await viewOf(context.request, server, doomed)).status, 404);
        await eventually(async () => assert.deepEqual(await rowTitles(page), ["Doomed three", "Doomed two"]));

        await page.getByRole("checkbox", { name: "Select all saved searches on this page" }).check();
        // The list is the shared entity table: bulk actions live in its 'Bulk actions' dropdown (spec 000 §4).
        await page.getByRole("button", { name: "Bulk actions" }).click();
        await page.getByRole("menuitem", { name: "Delete selected (2)" }).click();
        await page.getByText("Do you really want to remove 2 saved searches?").waitFor();
        await page.getByRole("button", { name: "Delete", exact: true }).click();
        await page.getByText("2 saved searches were deleted successfully.").waitFor();
        await page.getByText("No saved searches have been found.").waitFor();
      },
    );

    await journey(
      t,
      browser,
      errors,
      "the owner edits the metadata and shares the search with a reader, who then finds it",
      async ({ context, page }) => {
        const id = await (async () => {
          await signIn(server, context, page, "admin", "/search");
          return await storeSavedSearch(context.request, server, "Shared logins");
        })();
        await page.goto(server.url(`/search/${id}`));
        await waitForSearchPage(page);
        await page.getByRole("button", { name: "Saved search" }).waitFor();

        await page.getByRole("button", { name: "More search actions" }).click();
        await page.getByRole("menuitem", { name: "Edit metadata" }).click();
        const metadata = page.getByRole("dialog", { name: "Editing saved search" });
        await metadata.getByRole("textbox", { name: "Summary" }).fill("Logins shared with the readers");
        await metadata.getByRole("button", { name: "Save search" }).click();
        await eventually(async () =>
          assert.equal(
            (await viewOf(context.request, server, id)).body.summary,
            "Logins shared with the readers",
          )
        );

        await page.getByRole("button", { name: "Share" }).click();
        const dialog = page.getByRole("dialog", { name: "Sharing search: Shared logins" });
        await dialog.getByTestId("collaborator").filter({ hasText: "Administrator" }).waitFor();
        await dialog.getByRole("button", { name: "Add Collaborator" }).click();
        await dialog.getByText("The grantee is required").waitFor();
        await dialog.getByRole("combobox", { name: "Grantee" }).click();
        await page.getByRole("option", { name: "Rita Reader" }).click();
        await dialog.getByRole("button", { name: "Add Collaborator" }).click();
        await dialog.getByTestId("collaborator").filter({ hasText: "Rita Reader" }).waitFor();

        // Removing the only owner is flagged and blocks Save; putting it back clears the warning.
        await dialog.getByRole("button", { name: "Remove Administrator" }).click();
        await dialog.getByText("Removing the following owners will leave the entity ownerless").waitFor();
        assert.equal(await dialog.getByRole("button", { name: "Save", exact: true }).isDisabled(), true);
        await page.screenshot({ path: `${SHOTS}share-dialog-light.png` });
        await dialog.getByRole("combobox", { name: "Grantee" }).click();
        await page.getByRole("option", { name: "Administrator" }).click();
        await dialog.getByRole("combobox", { name: "Capability", exact: true }).click();
        await page.getByRole("option", { name: "Owner" }).click();
        await dialog.getByRole("button", { name: "Add Collaborator" }).click();
        await eventually(async () =>
          assert.equal(
            await dialog.getByText("Removing the following owners will leave the entity ownerless").count(),
            0,
          )
        );
        await eventually(async () =>
          assert.equal(await dialog.getByRole("button", { name: "Save", exact: true }).isDisabled(), false)
        );
        await dialog.getByRole("button", { name: "Save", exact: true }).click();
        await page.getByText('Shares for search "Shared logins" updated successfully').waitFor();

        // The reader now sees it in the Load dialog.
        const readerContext = await browser.newContext({ viewport: { width: 1400, height: 900 } });
        try {
          const readerPage = await readerContext.newPage();
          errors.attach(readerPage, "reader finds the shared search");
          await signIn(server, readerContext, readerPage, "reader", "/search");
          assert.equal((await viewOf(readerContext.request, server, id)).status, 200);
          await openLoadDialog(readerPage);
          await eventually(async () => assert.ok((await rowTitles(readerPage)).includes("Shared logins")));
          assert.equal(
            await readerPage.getByRole("button", { name: "Delete Shared logins" }).count(),
            0,
            "a viewer may not delete it",
          );
        } finally {
          await readerContext.close();
        }
      },
    );

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
