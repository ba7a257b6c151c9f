/** The search page in a real browser: query, validation, time range presets, paging, details, highlighting, read-only user. */
import { launchBrowser } from "./browser.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, SluiceServer } from "./harness.ts";
import { searchJourneys } from "./search-journeys.ts";

Deno.test("the search page in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(60));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await searchJourneys(t, server, { browser, errors, shotName: "search" });
    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
