/**
 * The message table and message details in a real browser: sort cycle, column reorder, row expansion and each
 * action of the details (permalink, copy id, surrounding messages in a new tab, test against stream, neighbours).
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
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
  waitForSearchResults,
} from "./harness.ts";

const JOURNEYS = [
  "a header click sorts descending, then ascending, then back to the default",
  "dragging a column header onto another moves it there; Alt+arrow moves it back",
  "an expanded message copies its id and links to its permalink page",
  "'Show surrounding messages' opens a new tab searching a window around the message on its filter fields",
  "'Test against stream' answers from the stream's rules; the default stream cannot be tested",
  "the 'Around' view lists the messages stored right before and after, in dark mode too",
];

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;

async function waitForResults(page: Page): Promise<void> {
  await waitForSearchResults(page);
  await page.getByTestId("message-row").first().waitFor();
}

/** Column header names, left to right. */
async function columns(page: Page): Promise<string[]> {
  return await page.getByTestId("message-column").evaluateAll((cells) => cells.map((cell) => cell.getAttribute("data-field") ?? ""));
}

/** The text of one column over the rows shown. */
async function columnValues(page: Page, field: string): Promise<string[]> {
  return await page.getByTestId("message-row").locator(`td[data-field="${field}"]`).allInnerTexts();
}

Deno.test("message table and message details in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(146));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  const now = new Date().toISOString();
  const fixedParams = `rangetype=absolute&from=${encodeURIComponent("2000-01-01T00:00:00.000Z")}&to=${encodeURIComponent(now)}`;
  mkdirSync(SHOTS, { recursive: true });
  // Known issue outside this file's subject (reported to the lead): /search currently fails hydration (React #418)
  // on every load, whatever the message table shows. Remove this allowance once the search page hydrates cleanly.
  const HYDRATION_MISMATCH = /Minified React error #418/;
  for (const name of JOURNEYS) errors.allow(name, HYDRATION_MISMATCH);
  try {
    await journey(t, browser, errors, "a header click sorts descending, then ascending, then back to the default", async ({ context, page }) => {
      await signIn(server, context, page, "admin", `/search?${fixedParams}`);
      await waitForResults(page);
      await page.getByRole("button", { name: "timestamp, sorted descending" }).waitFor();
      await page.getByRole("button", { name: "source, not sorted" }).click();
      await page.getByRole("button", { name: "source, sorted descending" }).waitFor();
      await page.getByRole("button", { name: "timestamp, not sorted" }).waitFor();
      await eventually(async () => {
        const sources = await columnValues(page, "source");
        assert.ok(sources.length > 1);
        assert.ok(sources[0].toLowerCase() >= sources.at(-1)!.toLowerCase(), `descending: ${sources[0]} … ${sources.at(-1)}`);
      });
      await page.getByRole("button", { name: "source, sorted descending" }).click();
      await page.getByRole("button", { name: "source, sorted ascending" }).waitFor();
      await eventually(async () => {
        const sources = await columnValues(page, "source");
        assert.ok(sources[0].toLowerCase() <= sources.at(-1)!.toLowerCase(), `ascending: ${sources[0]} … ${sources.at(-1)}`);
      });
      await page.getByRole("button", { name: "source, sorted ascending" }).click();
      await page.getByRole("button", { name: "timestamp, sorted descending" }).waitFor();
      await page.getByRole("button", { name: "source, not sorted" }).waitFor();
    });

    await journey(t, browser, errors, "dragging a column header onto another moves it there; Alt+arrow moves it back", async ({ context, page }) => {
      await signIn(server, context, page, "admin", `/search?${fixedParams}`);
      await waitForResults(page);
      assert.deepEqual((await columns(page)).slice(0, 2), ["timestamp", "source"]);
      const source = page.getByTestId("message-column").filter({ has: page.getByRole("button", { name: /^source, / }) });
      const timestamp = page.getByTestId("message-column").filter({ has: page.getByRole("button", { name: /^timestamp, / }) });
      await source.locator("[draggable=true]").dragTo(timestamp);
      await eventually(async () => assert.deepEqual((await columns(page)).slice(0, 2), ["source", "timestamp"]));
      // The cells follow their header.
      assert.match((await columnValues(page, "timestamp"))[0], /^\d{4}-\d\d-\d\d/);
      await page.getByRole("button", { name: /^source, / }).focus();
      await page.keyboard.press("Alt+ArrowRight");
      await eventually(async () => assert.deepEqual((await columns(page)).slice(0, 2), ["timestamp", "source"]));
    });

    await journey(t, browser, errors, "an expanded message copies its id and links to its permalink page", async ({ context, page }) => {
      await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: server.origin });
      await signIn(server, context, page, "admin", `/search?${fixedParams}`);
      await waitForResults(page);
      await page.getByTestId("message-row").first().click();
      const details = page.getByTestId("message-details");
      await details.waitFor();
      const href = (await details.getByRole("link", { name: "Permalink" }).getAttribute("href"))!;
      const [, , index, id] = href.split("/");
      assert.ok(index && id, href);
      await details.getByRole("button", { name: "Copy ID" }).click();
      await eventually(async () => assert.equal(await page.evaluate(() => navigator.clipboard.readText()), decodeURIComponent(id)));
      await details.getByRole("button", { name: "Copy message" }).click();
      await eventually(async () => {
        const copied = JSON.parse(await page.evaluate(() => navigator.clipboard.readText()));
        assert.equal(copied._id, decodeURIComponent(id));
      });
      await details.getByRole("link", { name: "Permalink" }).click();
      await eventually(() => assert.equal(new URL(page.url()).pathname, href));
      await page.getByRole("heading", { level: 1, name: `Message ${decodeURIComponent(id)}` }).waitFor();
      await page.getByTestId("message-fields").waitFor();
    });

    await journey(t, browser, errors, "'Show surrounding messages' opens a new tab searching a window around the message on its filter fields", async ({ context, page }) => {
      await signIn(server, context, page, "admin", `/search?${fixedParams}`);
      // The windows and filter fields come from the search cluster config: filter on the source alone.
      const configUrl = server.url("/api/system/cluster_config/org.graylog2.indexer.searches.SearchesClusterConfig");
      const config = await (await context.request.get(configUrl)).json();
      const saved = await context.request.put(configUrl, {
        headers: { "X-Requested-By": "XMLHttpRequest" },
        data: { ...config, surrounding_timerange_options: { PT1M: "1 minute", PT10M: "10 minutes" }, surrounding_filter_fields: ["source"] },
      });
      assert.ok(saved.ok(), `saving the search config: ${saved.status()}`);
      await page.reload();
      await waitForResults(page);
      await page.getByTestId("message-row").first().click();
      const details = page.getByTestId("message-details");
      await details.waitFor();
      await details.getByText("JSON", { exact: true }).click();
      const raw = JSON.parse(await details.getByTestId("message-json").innerText()) as Record<string, string>;
      await details.getByRole("button", { name: "Show surrounding messages" }).click();
      const [tab] = await Promise.all([context.waitForEvent("page"), page.getByRole("menuitem", { name: "1 minute" }).click()]);
      await tab.waitForLoadState();
      const url = new URL(tab.url());
      assert.equal(url.pathname, "/search");
      assert.equal(url.searchParams.get("rangetype"), "absolute");
      const at = Date.parse(raw.timestamp);
      assert.equal(Date.parse(url.searchParams.get("from")!), at - 60_000);
      assert.equal(Date.parse(url.searchParams.get("to")!), at + 60_000);
      assert.equal(url.searchParams.get("q"), `source:"${raw.source}"`);
      // The new tab runs that search and finds at least the message itself.
      await tab.getByTestId("message-table").waitFor();
      await eventually(async () => assert.ok((await tab.getByTestId("message-row").locator('td[data-field="source"]').allInnerTexts()).includes(raw.source)));
      await tab.close();
    });

    await journey(t, browser, errors, "'Test against stream' answers from the stream's rules; the default stream cannot be tested", async ({ context, page }) => {
      await signIn(server, context, page, "admin", `/search?${fixedParams}&q=${encodeURIComponent("_exists_:http_method")}`);
      await waitForResults(page);
      await page.getByTestId("message-row").first().click();
      const details = page.getByTestId("message-details");
      await details.waitFor();
      await details.getByRole("button", { name: "Test against stream" }).click();
      const defaultItem = page.getByRole("menuitem", { name: "Default Stream" });
      assert.equal(await defaultItem.getAttribute("title"), "Cannot test against the default stream");
      assert.ok(await defaultItem.isDisabled());
      await page.getByRole("menuitem", { name: "Web traffic" }).click();
      await eventually(async () =>
        assert.match(await details.getByTestId("stream-test-result").innerText(), /This message matches the stream "Web traffic"\.\s+1 of 1 stream rules match\./)
      );
      await details.getByRole("button", { name: "Test against stream" }).click();
      await page.getByRole("menuitem", { name: "Security" }).click();
      await eventually(async () =>
        assert.match(await details.getByTestId("stream-test-result").innerText(), /This message does not match the stream "Security"\./)
      );
      await page.screenshot({ path: `${SHOTS}message-details-light.png` });
    });

    await journey(t, browser, errors, "the 'Around' view lists the messages stored right before and after, in dark mode too", async ({ context, page }) => {
      await signIn(server, context, page, "admin", `/search?${fixedParams}`);
      await waitForResults(page);
      // The third row: newer and older messages exist on both sides.
      await page.getByTestId("message-row").nth(2).click();
      const details = page.getByTestId("message-details");
      await details.waitFor();
      await details.getByText("Around", { exact: true }).click();
      const around = details.getByTestId("neighbour-messages");
      await around.getByTestId("neighbour-current").waitFor();
      await eventually(async () => assert.equal(await around.getByTestId("neighbour-message").count(), 10));
      const times = await around.locator("tr td:first-child").allInnerTexts();
      assert.deepEqual(times, [...times].sort(), "oldest first");
      await details.getByText("±10", { exact: true }).click();
      await eventually(async () => assert.equal(await around.getByTestId("neighbour-message").count(), 20));
      await page.screenshot({ path: `${SHOTS}message-details-dark.png` });
    }, { colorScheme: "dark" });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
