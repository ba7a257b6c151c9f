/**
 * Alerts in a real browser: an aggregation event definition created through the five-step wizard fires on the
 * generated demo logs (evaluated at once through its execute call instead of waiting for the scheduler), its
 * alert is listed on /alerts with the messages that triggered it in its details, and its replay search opens the search page; an HTTP notification pointed at a small
 * server this test runs on loopback is reached by 'Execute Test Notification', and again, by the scheduler, when a
 * definition made in the wizard with that notification fires on the live demo traffic.
 */
import assert from "node:assert/strict";
import type { BrowserContext, Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  pageHeading,
  queryText,
  signIn,
  SluiceServer,
  waitForPageHydration,
  waitForSearchResults,
} from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const HOUR = 3_600_000;
/** The first bundle load on a busy two-core machine can take longer than the harness's 10 s. */
const LOADED_MACHINE_TIMEOUT_MS = 30_000;
const API_HEADERS = { "X-Requested-By": "XMLHttpRequest" };

/** The id of the definition with this title, read through the API with the page's session. */
async function definitionId(server: SluiceServer, context: BrowserContext, title: string): Promise<string> {
  const response = await context.request.get(server.url(`/api/events/definitions?per_page=100`), { headers: API_HEADERS });
  assert.equal(response.status(), 200);
  const body = await response.json() as { event_definitions: { id: string; title: string }[] };
  const found = body.event_definitions.find((definition) => definition.title === title);
  assert.ok(found, `no definition titled ${title}`);
  return found.id;
}

interface WizardEntries {
  title: string;
  /** How often the search runs: every 1 of this unit. */
  everyUnit: "minutes" | "hours";
  /** The notification to pick in the Notifications step. */
  notification?: string;
}

async function fillWizard(page: Page, { title, everyUnit, notification }: WizardEntries): Promise<void> {
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("textbox", { name: "Description" }).fill("More than one message with a source in a day");
  await page.getByRole("button", { name: "Next" }).click();

  await page.getByRole("combobox", { name: "Condition Type" }).click();
  await page.getByRole("option", { name: "Aggregation of results reaches a threshold" }).click();
  await page.getByRole("textbox", { name: "Search Query" }).fill("_exists_:source");
  await page.getByRole("textbox", { name: "Search within the last" }).fill("1");
  await page.getByRole("combobox", { name: "Search within unit" }).click();
  await page.getByRole("option", { name: "days" }).click();
  await page.getByRole("textbox", { name: "Execute search every" }).fill("1");
  await page.getByRole("combobox", { name: "Execute every unit" }).click();
  await page.getByRole("option", { name: everyUnit }).click();
  await page.getByRole("combobox", { name: "Is" }).click();
  await page.getByRole("option", { name: ">", exact: true }).click();
  await page.getByRole("textbox", { name: "Threshold" }).fill("1");
  await page.getByRole("button", { name: "Next" }).click();

  await page.getByRole("button", { name: "Next" }).click(); // Fields
  if (notification) {
    await page.getByRole("combobox", { name: "Notifications" }).click();
    await page.getByRole("option", { name: notification }).click();
    await page.keyboard.press("Escape");
  }
  await page.getByRole("button", { name: "Next" }).click(); // Notifications
}

Deno.test("alerts in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(265));
  const received: { body: unknown; contentType: string | null }[] = [];
  const receiver = Deno.serve({ hostname: "127.0.0.1", port: e2ePort(266), onListen: () => {} }, async (request) => {
    received.push({ body: await request.json(), contentType: request.headers.get("content-type") });
    return new Response(null, { status: 204 });
  });
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  // The test of a URL that is not on the allow-list is refused with a 400 on purpose.
  errors.allow("an HTTP notification's test reaches a server on loopback", /status of 400 .*\/api\/events\/notifications\/test$/);
  try {
    await journey(t, browser, errors, "an aggregation definition made in the wizard fires, its alert is listed and replayed", async ({ context, page }) => {
      context.setDefaultTimeout(LOADED_MACHINE_TIMEOUT_MS);
      await signIn(server, context, page, "admin", "/alerts/definitions");
      await waitForPageHydration(page);
      await page.getByRole("link", { name: "Create event definition" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "New event definition"));
      await waitForPageHydration(page);
      await fillWizard(page, { title: "Busy log sources", everyUnit: "hours" });

      const summary = page.getByText("Summary", { exact: true });
      await summary.first().waitFor();
      await page.screenshot({ path: `${SHOTS}alerts-wizard-summary-light.png`, fullPage: true });
      await page.getByRole("button", { name: "Create event definition" }).click();
      await page.waitForURL(/\/alerts\/definitions$/);
      await eventually(async () => assert.match(await page.locator("body").innerText(), /Busy log sources/));

      // Evaluate the hour that ended last over the demo logs of the day before it (no waiting for the scheduler).
      const id = await definitionId(server, context, "Busy log sources");
      const now = Date.now();
      const response = await context.request.post(server.url(`/api/events/definitions/${id}/execute`), {
        headers: API_HEADERS,
        data: { timerange: { type: "absolute", from: new Date(now - HOUR).toISOString(), to: new Date(now).toISOString() } },
      });
      assert.equal(response.status(), 204, await response.text());

      await page.goto(server.url("/alerts"));
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Alerts & Events");
      const row = page.getByTestId("event-row").filter({ hasText: "Busy log sources" }).first();
      await eventually(async () => assert.match(await row.innerText(), /Busy log sources: count\(\)=\d+.*\n?ALERT/s), 15_000);
      await page.screenshot({ path: `${SHOTS}alerts-list-light.png`, fullPage: true });
      await row.click();
      // The details list the messages that triggered the event: as many as it counted (up to ten), with a source each.
      const counted = Number((await row.innerText()).match(/count\(\)=(\d+)/)![1]);
      await eventually(async () => assert.equal(await page.getByTestId("event-message").count(), Math.min(counted, 10)), LOADED_MACHINE_TIMEOUT_MS);
      for (const source of await page.getByTestId("event-message").locator("td:nth-child(2)").allInnerTexts()) assert.notEqual(source.trim(), "");
      await page.screenshot({ path: `${SHOTS}alerts-event-details-light.png`, fullPage: true });
      await page.getByRole("link", { name: "Replay search" }).click();
      await page.waitForURL(/\/search\?/);
      const url = new URL(page.url());
      assert.equal(url.searchParams.get("q"), "_exists_:source");
      assert.equal(url.searchParams.get("rangetype"), "absolute");
      // The event's search window: a day, ending with the evaluated hour's last millisecond.
      const span = Date.parse(url.searchParams.get("to") ?? "") - Date.parse(url.searchParams.get("from") ?? "");
      assert.ok(Math.abs(span - 24 * HOUR) <= 1, `replayed window spans ${span} ms`);
      await waitForSearchResults(page);
      assert.equal(await queryText(page), "_exists_:source");
      await page.screenshot({ path: `${SHOTS}alerts-replay-search-light.png`, fullPage: true });
    });

    await journey(t, browser, errors, "an HTTP notification's test reaches a server on loopback", async ({ context, page }) => {
      context.setDefaultTimeout(LOADED_MACHINE_TIMEOUT_MS);
      await signIn(server, context, page, "admin", "/alerts/notifications");
      const allowList = await context.request.put(server.url("/api/system/cluster_config/org.graylog2.system.urlwhitelist.UrlWhitelist"), {
        headers: API_HEADERS,
        data: { entries: [{ id: "loopback", title: "Test receiver", type: "literal", value: `http://127.0.0.1:${e2ePort(266)}/hook` }], disabled: false },
      });
      assert.ok(allowList.ok(), await allowList.text());
      await waitForPageHydration(page);
      await page.getByRole("button", { name: "Create notification" }).click();
      const dialog = page.getByRole("dialog", { name: "New notification" });
      await dialog.getByRole("textbox", { name: "Title" }).fill("Loopback hook");
      await dialog.getByRole("textbox", { name: "URL" }).fill(`http://127.0.0.1:${e2ePort(266)}/hook`);
      await dialog.getByRole("button", { name: "Execute Test Notification" }).click();
      await eventually(async () => assert.equal((await dialog.getByRole("alert").innerText()).trim(), "Notification was executed successfully."));
      assert.equal(received.length, 1);
      assert.match(received[0].contentType ?? "", /application\/json/);
      const payload = received[0].body as { event_definition_title?: string; event?: { message?: string } };
      assert.equal(typeof payload.event_definition_title, "string");
      assert.equal(typeof payload.event?.message, "string");
      await page.screenshot({ path: `${SHOTS}alerts-notification-test-light.png`, fullPage: true });

      await dialog.getByRole("textbox", { name: "URL" }).fill("http://127.0.0.1:1/elsewhere");
      await dialog.getByRole("button", { name: "Execute Test Notification" }).click();
      await eventually(async () =>
        assert.match(await dialog.getByRole("alert").innerText(), /URL http:\/\/127\.0\.0\.1:1\/elsewhere is not whitelisted/)
      );
      assert.equal(received.length, 1);
      await dialog.getByRole("textbox", { name: "URL" }).fill(`http://127.0.0.1:${e2ePort(266)}/hook`);
      await dialog.getByRole("button", { name: "Create", exact: true }).click();
      await dialog.waitFor({ state: "hidden" });
      await eventually(async () => assert.match(await page.locator("body").innerText(), /Loopback hook/));
    });

    await journey(t, browser, errors, "a scheduled definition that fires sends its HTTP notification to the server on loopback", async ({ context, page }) => {
      context.setDefaultTimeout(LOADED_MACHINE_TIMEOUT_MS);
      await signIn(server, context, page, "admin", "/alerts/definitions/new");
      await waitForPageHydration(page);
      await fillWizard(page, { title: "Chatty sources", everyUnit: "minutes", notification: "Loopback hook" });
      await eventually(async () => assert.match(await page.locator("body").innerText(), /Loopback hook/));
      await page.getByRole("button", { name: "Create event definition" }).click();
      await page.waitForURL(/\/alerts\/definitions$/);
      const id = await definitionId(server, context, "Chatty sources");

      // The scheduler evaluates the minute that ends next (the demo traffic writes 5 messages a second) and the
      // dispatcher posts Graylog's event notification JSON for the event.
      const fired = await eventually(() => {
        const found = received.find((request) => (request.body as { event_definition_id?: string }).event_definition_id === id);
        assert.ok(found, `no notification of ${id} yet; ${received.length} received in all`);
        return found;
      }, 150_000, 500);
      assert.match(fired.contentType ?? "", /application\/json/);
      const payload = fired.body as {
        event_definition_title: string;
        event_definition_type: string;
        event: { message: string; alert: boolean; event_definition_id: string; timerange_start: string; timerange_end: string };
      };
      assert.equal(payload.event_definition_title, "Chatty sources");
      assert.equal(payload.event_definition_type, "aggregation-v1");
      assert.equal(payload.event.event_definition_id, id);
      assert.match(payload.event.message, /^Chatty sources: count\(\)=\d+/);
      // The window searched: the day before the minute the event closes.
      const span = Date.parse(payload.event.timerange_end) - Date.parse(payload.event.timerange_start);
      assert.ok(Math.abs(span - 24 * HOUR) <= 1, `searched window spans ${span} ms`);

      // The event it sent for is listed on the alerts page.
      await page.goto(server.url("/alerts"));
      await waitForPageHydration(page);
      await eventually(async () => assert.match(await page.getByTestId("event-row").filter({ hasText: "Chatty sources" }).first().innerText(), /ALERT/), 15_000);
    });

    await journey(t, browser, errors, "the alerts pages in dark mode", async ({ context, page }) => {
      context.setDefaultTimeout(LOADED_MACHINE_TIMEOUT_MS);
      await signIn(server, context, page, "admin", "/alerts");
      await waitForPageHydration(page);
      await page.getByTestId("event-row").first().waitFor();
      await page.screenshot({ path: `${SHOTS}alerts-list-dark.png`, fullPage: true });
      await page.goto(server.url("/alerts/definitions/new"));
      await waitForPageHydration(page);
      await page.screenshot({ path: `${SHOTS}alerts-wizard-dark.png`, fullPage: true });
      await page.goto(server.url("/alerts/notifications"));
      await waitForPageHydration(page);
      await page.getByText("Loopback hook").first().waitFor();
      await page.screenshot({ path: `${SHOTS}alerts-notifications-dark.png`, fullPage: true });
    }, { colorScheme: "dark" });
  } finally {
    await browser.close();
    await server.stop();
    await receiver.shutdown();
  }
  await assertNoConsoleErrors(t, errors);
});
