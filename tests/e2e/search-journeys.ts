/**
 * The search page's journeys in a real browser: query, validation, time range presets, paging, details,
 * highlighting, read-only user. search_test.ts runs them against Sluice on the embedded backend,
 * tests/proxy/search_through_proxy_test.ts against Sluice in proxy mode.
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import type { APIRequestContext, Browser, Page } from "playwright-core";
import {
  type ConsoleErrors,
  eventually,
  journey,
  openQueryEditor,
  signIn,
  type SluiceServer,
  waitForSearchResults,
} from "./harness.ts";

const DEFAULT_STREAM = "000000000000000000000001";
const SHOTS = new URL("../../test-results/", import.meta.url).pathname;

/** Total of the messages search type for a query, asked of the API directly (same range, same streams). */
async function apiTotal(request: APIRequestContext, server: SluiceServer, query: string, timerange: unknown, streams: string[] = []): Promise<number> {
  const response = await request.post(server.url("/api/views/search/sync"), {
    headers: { "X-Requested-By": "XMLHttpRequest" },
    data: {
      queries: [{
        id: "q",
        timerange,
        query: { type: "elasticsearch", query_string: query },
        filter: streams.length > 0 ? { type: "or", filters: streams.map((id) => ({ type: "stream", id })) } : null,
        search_types: [{ type: "messages", id: "m", limit: 1 }],
      }],
    },
  });
  assert.ok(response.ok(), `sync search failed: ${response.status()}`);
  const job = await response.json();
  return job.results.q.search_types.m.total_results;
}

/** 'Showing a–b of N messages' → {first, last, total}. */
async function shown(page: Page): Promise<{ first: number; last: number; total: number }> {
  const text = await page.getByTestId("message-total").innerText();
  const match = /Showing (\d+)–(\d+) of (\d+) messages/.exec(text);
  assert.ok(match, `unexpected summary: ${text}`);
  return { first: Number(match[1]), last: Number(match[2]), total: Number(match[3]) };
}

async function typeQuery(page: Page, query: string): Promise<void> {
  const editor = await openQueryEditor(page);
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Backspace");
  await page.keyboard.type(query);
  await page.keyboard.press("Escape"); // close the completion list
}

export interface SearchJourneysOptions {
  browser: Browser;
  /** The file's console errors: the caller asserts them after its own journeys too. */
  errors: ConsoleErrors;
  /** The screenshots' file name start in test-results/, e.g. `search` → search-light.png and search-dark.png. */
  shotName: string;
}

/** Every search journey against a running server (signed in as admin/admin and reader/reader). */
export async function searchJourneys(
  t: Deno.TestContext,
  server: SluiceServer,
  { browser, errors, shotName }: SearchJourneysOptions,
): Promise<void> {
  // An absolute range up to the start of the test: live demo traffic cannot change its totals.
  const now = new Date().toISOString();
  const fixed = { type: "absolute", from: "2000-01-01T00:00:00.000Z", to: now };
  const fixedParams = `rangetype=absolute&from=${encodeURIComponent(fixed.from)}&to=${encodeURIComponent(now)}`;
  mkdirSync(SHOTS, { recursive: true });
  await journey(t, browser, errors, "a submitted query updates the URL, lists only matching messages with the API's total and marks the term", async ({ context, page }) => {
    await signIn(server, context, page, "admin", `/search?${fixedParams}`);
    await waitForSearchResults(page);
    const everything = (await shown(page)).total;
    await typeQuery(page, "message:refused");
    await page.keyboard.press("Enter");
    await eventually(() => assert.equal(new URL(page.url()).searchParams.get("q"), "message:refused"));
    assert.equal(new URL(page.url()).searchParams.get("rangetype"), "absolute");
    await eventually(async () => assert.ok((await shown(page)).total < everything));
    await waitForSearchResults(page);
    const expected = await apiTotal(context.request, server, "message:refused", fixed);
    assert.ok(expected > 0, "the demo data holds refused connections");
    assert.equal((await shown(page)).total, expected);
    const texts = await page.getByTestId("message-text").allInnerTexts();
    assert.equal(texts.length, Math.min(expected, 150));
    for (const text of texts) assert.match(text, /refused/i);
    const marks = await page.getByTestId("message-text").first().getByTestId("search-term-highlight").allInnerTexts();
    assert.ok(marks.some((mark) => /^refused$/i.test(mark)), `marks: ${marks.join(", ")}`);
    await page.screenshot({ path: `${SHOTS}${shotName}-light.png` });
  });

  await journey(t, browser, errors, "an invalid query disables the search button and shows the error icon with the explanation", async ({ context, page }) => {
    await signIn(server, context, page, "admin", `/search?${fixedParams}`);
    await waitForSearchResults(page);
    await typeQuery(page, "http_method:(GET OR");
    const icon = page.getByRole("button", { name: "Query error" });
    await icon.waitFor();
    assert.equal(await page.getByRole("button", { name: "Perform search" }).isDisabled(), true);
    await icon.click();
    await page.getByTestId("query-validation-explanation").getByText("Query parsing error").waitFor();
    await page.screenshot({ path: `${SHOTS}${shotName}-invalid-query.png` });
    await page.keyboard.press("Enter");
    assert.equal(new URL(page.url()).searchParams.get("q"), null, "an ERROR never submits");
    // Fixing the query enables the button again.
    await typeQuery(page, "http_method:(GET OR POST)");
    await eventually(async () => assert.equal(await page.getByRole("button", { name: "Perform search" }).isDisabled(), false));
    assert.equal(await icon.count(), 0);
  });

  await journey(t, browser, errors, "choosing the 'All time' preset and searching widens the results", async ({ context, page }) => {
    await signIn(server, context, page, "admin", "/search?rangetype=relative&relative=300");
    await waitForSearchResults(page);
    const recent = await page.getByTestId("message-total").innerText();
    const recentTotal = /of (\d+) messages/.exec(recent) ? (await shown(page)).total : 0;
    await page.getByRole("button", { name: "Relative time range presets" }).click();
    await page.getByRole("menuitem", { name: "All time" }).click();
    await eventually(async () => assert.equal(await page.getByTestId("time-range-summary").innerText(), "All time"));
    await page.getByRole("button", { name: "Perform search" }).click();
    await eventually(() => assert.equal(new URL(page.url()).searchParams.get("relative"), "0"));
    await eventually(async () => assert.ok((await shown(page)).total > recentTotal + 400, "all time holds the 500 older demo messages"));
  });

  await journey(t, browser, errors, "paging to page 2 shows messages 151 to 300 and expanding a message shows its fields", async ({ context, page }) => {
    await signIn(server, context, page, "admin", `/search?${fixedParams}`);
    await waitForSearchResults(page);
    const firstPageTop = await page.getByTestId("message-text").first().innerText();
    await page.getByRole("button", { name: "2", exact: true }).click();
    await eventually(async () => assert.deepEqual(await shown(page).then(({ first, last }) => [first, last]), [151, 300]));
    await waitForSearchResults(page);
    assert.notEqual(await page.getByTestId("message-text").first().innerText(), firstPageTop);

    await page.getByTestId("message-row").first().click();
    const details = page.getByTestId("message-details");
    await details.waitFor();
    const fieldNames = await details.getByTestId("message-fields").locator("th").allInnerTexts();
    for (const name of ["message", "source", "timestamp", "streams"]) assert.ok(fieldNames.includes(name), `fields: ${fieldNames.join(", ")}`);
    await details.getByRole("button", { name: "Copy ID" }).waitFor();
    await details.getByRole("button", { name: "Copy message" }).waitFor();
    const permalink = details.getByRole("link", { name: "Permalink" });
    assert.match((await permalink.getAttribute("href"))!, /^\/messages\/[^/]+\/[^/]+$/);
    await details.getByText("JSON", { exact: true }).click();
    assert.match(await details.getByTestId("message-json").innerText(), /"timestamp": "/);
    // Sorting by the timestamp header turns the order around.
    await page.getByRole("button", { name: /^timestamp, sorted descending$/ }).click();
    await page.getByRole("button", { name: /^timestamp, sorted ascending$/ }).waitFor();
    await eventually(async () => assert.equal((await shown(page)).first, 1));
    await waitForSearchResults(page);
    const [a, b] = await page.getByTestId("message-row").locator("td:first-child").allInnerTexts().then((all) => all.slice(0, 2));
    assert.ok(a <= b, `ascending: ${a} then ${b}`);

    // The permalink opens the message page.
    await page.goto(server.url((await permalink.getAttribute("href").catch(() => null)) ?? "/messages/graylog_0/x"));
  });

  const messagePageJourney = "the message page shows one message; an unknown one is 'Page not found'";
  errors.allow(messagePageJourney, /status of 404 .*@ .*\/api\/messages\/graylog_0\/no-such-message$/);
  await journey(t, browser, errors, messagePageJourney, async ({ context, page }) => {
    await signIn(server, context, page, "admin", `/search?${fixedParams}`);
    await waitForSearchResults(page);
    await page.getByTestId("message-row").first().click();
    const href = (await page.getByTestId("message-details").getByRole("link", { name: "Permalink" }).getAttribute("href"))!;
    await page.getByTestId("message-details").getByRole("link", { name: "Permalink" }).click();
    await eventually(() => assert.equal(new URL(page.url()).pathname, href));
    await page.getByTestId("message-fields").waitFor();
    await page.getByRole("heading", { level: 1, name: /^Message / }).waitFor();
    await page.goto(server.url("/messages/graylog_0/no-such-message"));
    await page.getByRole("heading", { level: 1, name: "Page not found" }).waitFor();
  });

  await journey(t, browser, errors, "a stream search preselects the stream, and an unknown range type is an error", async ({ context, page }) => {
    await signIn(server, context, page, "admin", `/streams/${DEFAULT_STREAM}/search?${fixedParams}`);
    await waitForSearchResults(page);
    await page.locator(".mantine-MultiSelect-pill", { hasText: "Default Stream" }).waitFor();
    assert.equal((await shown(page)).total, await apiTotal(context.request, server, "", fixed, [DEFAULT_STREAM]));
    await page.goto(server.url("/search?rangetype=sometimes"));
    await page.getByText("Invalid time range type: sometimes").waitFor();
  });

  await journey(t, browser, errors, "the read-only user sees only Default Stream messages, in dark mode too", async ({ context, page }) => {
    await signIn(server, context, page, "reader", `/search?${fixedParams}`);
    await waitForSearchResults(page);
    await eventually(async () => assert.equal(await page.locator("html").getAttribute("data-mantine-color-scheme"), "dark"));
    const admin = await browser.newContext();
    try {
      await admin.request.post(server.url("/api/system/sessions"), {
        data: { username: "admin", password: "admin", host: "e2e" },
        headers: { "X-Requested-By": "XMLHttpRequest" },
      });
      const defaultOnly = await apiTotal(admin.request, server, "", fixed, [DEFAULT_STREAM]);
      const all = await apiTotal(admin.request, server, "", fixed);
      assert.ok(defaultOnly < all);
      assert.equal((await shown(page)).total, defaultOnly);
    } finally {
      await admin.close();
    }
    await page.getByRole("combobox", { name: "Streams" }).click();
    const options = await page.getByRole("option").allInnerTexts();
    assert.deepEqual(options.map((o) => o.trim()), ["Default Stream"]);
    await page.keyboard.press("Escape");
    await typeQuery(page, "message:refused");
    await page.keyboard.press("Enter");
    await eventually(() => assert.equal(new URL(page.url()).searchParams.get("q"), "message:refused"));
    await waitForSearchResults(page);
    // The URL changes before the new results arrive: wait for the highlighted term of the new query.
    await eventually(async () => assert.ok(await page.getByTestId("message-table").locator("mark").count() > 0));
    await page.getByTestId("message-row").first().click();
    await page.getByTestId("message-details").waitFor();
    await page.screenshot({ path: `${SHOTS}${shotName}-dark.png` });
  }, { colorScheme: "dark" });
}
