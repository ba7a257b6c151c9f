/**
 * The search page is server-rendered with its results: the HTML carries the 150 rows of the first page and the
 * widget frames (readable with JavaScript off), and the hydrated page does not run its search job again.
 */
import assert from "node:assert/strict";
import type { APIRequestContext, Page } from "playwright-core";
import { QUERY_ID } from "../../ui/view/search-request.ts";
import { defaultSearchView } from "../../ui/widgets/logic/default-search-view.ts";
import { toQueryViewState } from "../../ui/view/view-state-wire.ts";
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
  waitForSearchResults,
} from "./harness.ts";

const HEADERS = { "X-Requested-By": "XMLHttpRequest" };

/** The newest message of the range and the total, straight from the API. */
async function newestMessage(
  request: APIRequestContext,
  server: SluiceServer,
  timerange: { type: "absolute"; from: string; to: string },
): Promise<{ id: string; message: string; total: number }> {
  const response = await request.post(server.url("/api/views/search/sync"), {
    headers: HEADERS,
    data: {
      queries: [{
        id: "q",
        timerange,
        query: { type: "elasticsearch", query_string: "" },
        search_types: [{ type: "messages", id: "m", limit: 1, sort: [{ field: "timestamp", order: "DESC" }] }],
      }],
    },
  });
  assert.equal(response.status(), 200);
  const result = (await response.json()).results.q.search_types.m;
  const newest = result.messages[0].message;
  return { id: String(newest._id), message: String(newest.message), total: result.total_results };
}

/** Counts the page's search jobs (POST /api/views/search, not its execute or sync calls). */
function countSearchJobs(page: Page): { count: number } {
  const jobs = { count: 0 };
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.endsWith("/api/views/search")) jobs.count++;
  });
  return jobs;
}

Deno.test("the search page is server-rendered with its results", async (t) => {
  const server = new SluiceServer(e2ePort(215));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  // An absolute range up to the start of the test: live demo traffic cannot change what it holds.
  const range = { type: "absolute" as const, from: "2000-01-01T00:00:00.000Z", to: new Date().toISOString() };
  const searchPath = `/search?rangetype=absolute&from=${encodeURIComponent(range.from)}&to=${encodeURIComponent(range.to)}`;
  try {
    await journey(t, browser, errors, "the HTML of a cold load holds the 150 rows of the first page and the widget frames", async ({ context, page }) => {
      await signIn(server, context, page, "admin");
      const newest = await newestMessage(context.request, server, range);
      assert.ok(newest.total > 150, `the demo data holds more than a page (${newest.total})`);
      const html = await (await context.request.get(server.url(searchPath))).text();
      assert.equal(html.match(/data-testid="message-text"/g)?.length, 150);
      assert.ok(html.includes(newest.id), "the newest message's id is in the page");
      assert.ok(html.includes(`of ${newest.total} messages`), "the result summary is in the page");

      // Without JavaScript the page shows what the server rendered: both widgets, the rows, the newest first.
      const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1400, height: 900 } });
      try {
        await noScript.addCookies(await context.cookies());
        const plain = await noScript.newPage();
        await plain.goto(server.url(searchPath));
        assert.equal(await plain.getByTestId("message-text").count(), 150);
        assert.equal((await plain.getByTestId("message-text").first().innerText()).trim(), newest.message.trim());
        await plain.getByText("Message Count", { exact: true }).first().waitFor();
        await plain.getByText("All Messages", { exact: true }).first().waitFor();
        // The grid has its final width before any script ran: the table's frame spans the grid.
        const grid = await plain.getByTestId("widget-grid").boundingBox();
        const table = await plain.locator("[data-widget-id=all-messages]").boundingBox();
        assert.ok(grid && table && Math.abs(grid.width - table.width) <= 1, `grid ${grid?.width}, table ${table?.width}`);
      } finally {
        await noScript.close();
      }
    });

    await journey(t, browser, errors, "the hydrated page runs no second search job, and a submit runs exactly one", async ({ context, page }) => {
      const jobs = countSearchJobs(page);
      await signIn(server, context, page, "admin", searchPath);
      await waitForSearchResults(page);
      // The chart is drawn in the browser from the hydrated results.
      await page.getByTestId("chart-surface").first().waitFor();
      assert.equal(await page.getByTestId("message-text").count(), 150);
      const editor = await openQueryEditor(page); // the page is interactive: it has hydrated
      assert.equal(jobs.count, 0, "the server's job was hydrated, not run again");
      await editor.pressSequentially("source:*");
      await page.keyboard.press("Enter");
      await eventually(() => assert.equal(new URL(page.url()).searchParams.get("q"), "source:*"));
      await waitForSearchResults(page);
      await eventually(() => assert.equal(jobs.count, 1));
    });

    await journey(t, browser, errors, "a stream search and /search/new are server-rendered with their rows too", async ({ context, page }) => {
      await signIn(server, context, page, "admin");
      const streams = await (await context.request.get(server.url("/api/streams"), { headers: HEADERS })).json();
      const streamId = (streams.streams as { id: string; title: string }[]).find((stream) => stream.title === "Default Stream")!.id;
      const range = `rangetype=absolute&from=${encodeURIComponent("2000-01-01T00:00:00.000Z")}&to=${encodeURIComponent(new Date().toISOString())}`;
      for (const path of [`/streams/${streamId}/search?${range}`, `/search/new?${range}`]) {
        const html = await (await context.request.get(server.url(path))).text();
        assert.equal(html.match(/data-testid="message-text"/g)?.length, 150, path);
      }
    });

    await journey(t, browser, errors, "a saved search is server-rendered with its own query and widgets, and hydrates without a job", async ({ context, page }) => {
      await signIn(server, context, page, "admin");
      const search = await context.request.post(server.url("/api/views/search"), {
        headers: HEADERS,
        data: { queries: [{ id: QUERY_ID, timerange: range, query: { type: "elasticsearch", query_string: "source:*" } }] },
      });
      assert.equal(search.status(), 201, await search.text());
      const widgets = defaultSearchView();
      const view = await context.request.post(server.url("/api/views"), {
        headers: HEADERS,
        data: {
          type: "SEARCH",
          title: "Server-rendered saved search",
          search_id: (await search.json()).id,
          state: { [QUERY_ID]: toQueryViewState({ ...widgets, titles: { ...widgets.titles, "all-messages": "Saved rows" } }) },
        },
      });
      assert.equal(view.status(), 200, await view.text());
      const viewId = (await view.json()).id as string;
      const html = await (await context.request.get(server.url(`/search/${viewId}`))).text();
      assert.equal(html.match(/data-testid="message-text"/g)?.length, 150);
      assert.ok(html.includes("Saved rows"), "the saved widget title is in the page");

      const jobs = countSearchJobs(page);
      await page.goto(server.url(`/search/${viewId}`));
      await waitForSearchResults(page);
      await openQueryEditor(page);
      // The saved search's query and range are written into the URL, and no job runs for it.
      await eventually(() => assert.equal(new URL(page.url()).searchParams.get("q"), "source:*"));
      assert.equal(await queryText(page), "source:*");
      await page.waitForTimeout(500);
      assert.equal(jobs.count, 0);
    });
  } finally {
    await browser.close();
    await server.dispose();
  }
  await assertNoConsoleErrors(t, errors);
});
