/**
 * The Chromium search journey through the proxy (issue 18): a Sluice in proxy mode whose Graylog is a second
 * Sluice on the embedded backend; then that upstream stops and the page says so with the real error.
 */
import assert from "node:assert/strict";
import { launchBrowser } from "../e2e/browser.ts";
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
} from "../e2e/harness.ts";
import { searchJourneys } from "../e2e/search-journeys.ts";

const UNAVAILABLE = "Graylog going away shows 'Server currently unavailable' with the connection's error";
/**
 * Both servers start at once, beside the other test files, on a machine of two cores: one start measured up to
 * about a minute there, so each gets three. A server that exits while starting fails at once, whatever this says.
 */
const START_TIMEOUT_MS = 180_000;
/** How long the first page through the proxy may take before the journeys: both servers answer it cold. */
const WARM_UP_TIMEOUT_MS = 120_000;

/**
 * Renders the search page once through the proxy (signed in over HTTP) and reads it to the end, so that the
 * first journey meets servers that have already compiled their first page and run their first search; a cold
 * first render on a loaded machine of two cores took longer than a journey's 10 s for one navigation.
 */
async function warmUp(proxy: SluiceServer, searchPath: string): Promise<void> {
  const signal = AbortSignal.timeout(WARM_UP_TIMEOUT_MS);
  const session = await fetch(proxy.url("/api/system/sessions"), {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Requested-By": "XMLHttpRequest" },
    body: JSON.stringify({ username: "admin", password: "admin", host: "e2e" }),
    signal,
  });
  assert.equal(session.status, 200, await session.text());
  const cookie = session.headers.getSetCookie().map((line) => line.split(";")[0]).join("; ");
  const page = await fetch(proxy.url(searchPath), { headers: { cookie }, signal });
  assert.equal(page.status, 200);
  assert.match(await page.text(), /<\/html>/);
}

Deno.test("the search page in Chromium, through the proxy", async (t) => {
  const graylog = new SluiceServer(e2ePort(470), { startTimeoutMs: START_TIMEOUT_MS });
  const proxy = new SluiceServer(e2ePort(471), {
    startTimeoutMs: START_TIMEOUT_MS,
    env: { SLUICE_GRAYLOG_URL: graylog.origin },
  });
  try {
    // The proxy asks nothing of Graylog until a call comes: the two start side by side.
    await Promise.all([graylog.start(), proxy.start()]);
    assert.match(proxy.output, /proxy mode: the API is Graylog's at http:\/\/127\.0\.0\.1:\d+\/api/);
    assert.doesNotMatch(proxy.output, /demo messages/, "the proxy opens no database of its own");
    await warmUp(proxy, `/search?rangetype=absolute&from=2000-01-01T00%3A00%3A00.000Z&to=${encodeURIComponent(new Date().toISOString())}`);

    const browser = await launchBrowser();
    const errors = new ConsoleErrors();
    errors.allow(UNAVAILABLE, /Failed to load resource: the server responded with a status of 502/);
    try {
      await searchJourneys(t, proxy, { browser, errors, shotName: "search-through-proxy" });
      await journey(t, browser, errors, UNAVAILABLE, async ({ context, page }) => {
        await signIn(proxy, context, page, "admin", "/system/overview");
        await eventually(async () => assert.equal(await pageHeading(page), "System Overview"));
        // The overview's heading is server-rendered: the app's polls run only once the page has hydrated.
        await waitForPageHydration(page);
        await graylog.stop();
        // The throughput poll (every 2 s) is the first call to fail.
        await page.getByRole("heading", { name: "Server currently unavailable" }).waitFor({ timeout: 10_000 });
        await page.getByText("You will be redirected back automatically").waitFor();
        await page.getByRole("button", { name: "More details" }).click();
        const details = await page.getByTestId("server-failure-details").innerText();
        // A new connection is refused; a kept-alive one that was open when Graylog went away fails as a client error.
        assert.match(details, /Error message: Graylog at http:\/\/127\.0\.0\.1:\d+\/api could not be reached: .*(refused|client error|reset)/i);
        assert.match(details, /Status code: 502/);
        assert.match(details, /Original request: (GET|POST) \S*\/api\//);
      });
      await assertNoConsoleErrors(t, errors);
    } finally {
      await browser.close();
    }
  } finally {
    await Promise.all([proxy.dispose(), graylog.dispose()]);
  }
});
