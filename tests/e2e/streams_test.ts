/**
 * Streams in a real browser: create a stream, add a rule and test it against a message, see it listed, start and
 * pause it; once running, messages sent to a GELF HTTP input are routed by the rule (only the matching one is in
 * the stream's search) and the rules editor loads such a stored message as its example; the form offers index sets by title; 'Manage Alerts' opens /alerts?stream_id=, 'Manage Outputs' the stream's outputs page.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { freeTcpPort } from "../helpers/free-port.ts";
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
  waitForSearchResults,
} from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const STREAMS = "/streams";
const API_HEADERS = { "X-Requested-By": "XMLHttpRequest" };
/** A page load or a list's refetch on a busy two-core machine (load average 20 and more) can take longer than the harness's 10 s. */
const LOADED_MACHINE_TIMEOUT_MS = 30_000;

/** The titles in the list's rows, in order. */
async function shownTitles(page: Page): Promise<string[]> {
  return (await page.getByTestId("stream-row").locator("td").filter({ has: page.getByRole("link") }).allInnerTexts()).map((text) => text.trim());
}

function row(page: Page, title: string) {
  return page.getByTestId("stream-row").filter({ hasText: title });
}

/** The status badge's text (the badge shows it upper-cased by CSS). */
async function statusOf(page: Page, title: string): Promise<string> {
  return ((await row(page, title).getByTestId("stream-status").textContent()) ?? "").trim();
}

Deno.test("streams in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(255));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(t, browser, errors, "create a stream with a rule, test it, see it listed, start and pause it", async ({ context, page }) => {
      context.setDefaultTimeout(LOADED_MACHINE_TIMEOUT_MS);
      await signIn(server, context, page, "admin", STREAMS);
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Streams");
      await eventually(async () => assert.deepEqual(await shownTitles(page), ["Application errors", "Default Stream", "Security", "Web traffic"]), LOADED_MACHINE_TIMEOUT_MS);

      await page.getByRole("button", { name: "Create stream" }).click();
      const dialog = page.getByRole("dialog", { name: "Create stream" });
      await dialog.getByRole("textbox", { name: "Title" }).fill("Checkout");
      await dialog.getByRole("textbox", { name: "Description" }).fill("Checkout service logs");
      await dialog.getByRole("button", { name: "Create stream" }).click();
      await dialog.waitFor({ state: "hidden" });
      await eventually(async () => assert.deepEqual(await shownTitles(page), ["Application errors", "Checkout", "Default Stream", "Security", "Web traffic"]), LOADED_MACHINE_TIMEOUT_MS);
      await eventually(async () => assert.equal(await statusOf(page, "Checkout"), "Paused"), LOADED_MACHINE_TIMEOUT_MS);
      assert.match(await row(page, "Checkout").innerText(), /No rules/);

      // The rules editor: add a rule, then test a message against it.
      await row(page, "Checkout").getByRole("button", { name: "More actions for Checkout" }).click();
      await page.getByRole("menuitem", { name: "Manage Rules" }).click();
      await page.getByRole("heading", { name: 'Rules of Stream "Checkout"' }).waitFor();
      await page.getByRole("button", { name: "Add stream rule" }).click();
      const ruleDialog = page.getByRole("dialog", { name: "New stream rule" });
      await ruleDialog.getByRole("combobox", { name: "Type" }).click();
      await page.getByRole("option", { name: "match regular expression" }).click();
      await ruleDialog.getByRole("textbox", { name: "Field" }).fill("service");
      await ruleDialog.getByRole("textbox", { name: "Value" }).fill("^checkout");
      await ruleDialog.getByRole("button", { name: "Save rule" }).click();
      await ruleDialog.waitFor({ state: "hidden" });
      await eventually(async () => assert.deepEqual(await page.getByTestId("stream-rule").allInnerTexts(), ["service must match regular expression /^checkout/"]), LOADED_MACHINE_TIMEOUT_MS);

      await page.getByRole("textbox", { name: "Message fields (JSON)" }).fill('{"source": "app-01", "service": "checkout-api"}');
      await page.getByRole("button", { name: "Test rules" }).click();
      await eventually(async () => assert.equal((await page.getByTestId("stream-test-outcome").innerText()).trim(), "This message would be routed to this stream."), LOADED_MACHINE_TIMEOUT_MS);
      assert.match((await page.getByTestId("stream-rule").textContent()) ?? "", /^matchesservice must/);
      await page.getByRole("textbox", { name: "Message fields (JSON)" }).fill('{"source": "app-01", "service": "billing"}');
      await page.getByRole("button", { name: "Test rules" }).click();
      await eventually(async () => assert.equal((await page.getByTestId("stream-test-outcome").innerText()).trim(), "This message would not be routed to this stream."), LOADED_MACHINE_TIMEOUT_MS);
      assert.match((await page.getByTestId("stream-rule").textContent()) ?? "", /^does not matchservice must/);
      await page.screenshot({ path: `${SHOTS}stream-rules-light.png`, fullPage: true });

      // Back on the list: the rule is counted; start the stream, then pause it.
      await page.getByRole("link", { name: "Back to streams" }).click();
      await eventually(async () => assert.match(await row(page, "Checkout").innerText(), /1 rule, all must match/), LOADED_MACHINE_TIMEOUT_MS);
      await row(page, "Checkout").getByRole("button", { name: "Start Checkout" }).click();
      await eventually(async () => assert.equal(await statusOf(page, "Checkout"), "Running"), LOADED_MACHINE_TIMEOUT_MS);
      await row(page, "Checkout").getByRole("button", { name: "Pause Checkout" }).click();
      await eventually(async () => assert.equal(await statusOf(page, "Checkout"), "Paused"), LOADED_MACHINE_TIMEOUT_MS);
      // The default stream offers no pause and no editing.
      assert.equal(await row(page, "Default Stream").getByRole("button", { name: "Pause Default Stream" }).count(), 0);
      await page.screenshot({ path: `${SHOTS}streams-light.png`, fullPage: true });
    });

    await journey(t, browser, errors, "the list and the stream form in dark mode", async ({ context, page }) => {
      context.setDefaultTimeout(LOADED_MACHINE_TIMEOUT_MS);
      await signIn(server, context, page, "admin", STREAMS);
      await waitForPageHydration(page);
      await eventually(async () => assert.ok((await shownTitles(page)).includes("Checkout")), LOADED_MACHINE_TIMEOUT_MS);
      await page.screenshot({ path: `${SHOTS}streams-dark.png`, fullPage: true });
      await row(page, "Checkout").getByRole("button", { name: "More actions for Checkout" }).click();
      await page.getByRole("menuitem", { name: "Clone stream" }).click();
      const dialog = page.getByRole("dialog", { name: "Clone stream" });
      assert.equal(await dialog.getByRole("textbox", { name: "Title" }).inputValue(), "Checkout (copy)");
      await page.screenshot({ path: `${SHOTS}stream-form-dark.png`, fullPage: true });
      await dialog.getByRole("button", { name: "Clone stream" }).click();
      await dialog.waitFor({ state: "hidden" });
      await eventually(async () => assert.ok((await shownTitles(page)).includes("Checkout (copy)")), LOADED_MACHINE_TIMEOUT_MS);

      // 'Manage Outputs' opens the new stream's outputs page.
      await row(page, "Checkout (copy)").getByRole("button", { name: "More actions for Checkout (copy)" }).click();
      await page.getByRole("menuitem", { name: "Manage Outputs" }).click();
      await page.getByRole("heading", { name: "Outputs for Stream Checkout (copy)" }).waitFor();
      assert.match(new URL(page.url()).pathname, /^\/streams\/[0-9a-f]{24}\/outputs$/);
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "a running stream routes the matching messages sent to an input, and only those", async ({ context, page }) => {
      context.setDefaultTimeout(LOADED_MACHINE_TIMEOUT_MS);
      await signIn(server, context, page, "admin", STREAMS);
      await waitForPageHydration(page);
      const streams = await (await context.request.get(server.url("/api/streams"), { headers: API_HEADERS })).json() as {
        streams: { id: string; title: string }[];
      };
      const checkout = streams.streams.find((stream) => stream.title === "Checkout")!;
      assert.equal((await context.request.post(server.url(`/api/streams/${checkout.id}/resume`), { headers: API_HEADERS })).status(), 204);
      const port = await freeTcpPort();
      const input = await context.request.post(server.url("/api/system/inputs"), {
        headers: API_HEADERS,
        data: {
          title: "Checkout shippers",
          type: "org.graylog2.inputs.gelf.http.GELFHttpInput",
          global: true,
          configuration: { bind_address: "127.0.0.1", port },
        },
      });
      assert.equal(input.status(), 201, await input.text());
      const send = async (service: string, text: string) => {
        const body = JSON.stringify({ version: "1.1", host: "shop-01", short_message: text, _service: service });
        const answer = await eventually(() => fetch(`http://127.0.0.1:${port}/gelf`, { method: "POST", body }));
        await answer.body?.cancel();
        assert.equal(answer.status, 202);
      };
      await send("checkout-api", "order 4711 paid");
      await send("billing", "invoice 815 sent");

      // Stored and routed: the matching message to the stream (and the default one), the other to the default one only.
      const routedTo = async (text: string) => {
        const found = await context.request.get(
          server.url(`/api/search/universal/relative?query=${encodeURIComponent(`"${text}"`)}&range=3600&fields=message,streams`),
          { headers: API_HEADERS },
        );
        assert.equal(found.status(), 200, await found.text());
        const body = await found.json() as { messages: { message: { streams: string[] } }[] };
        assert.equal(body.messages.length, 1, `"${text}" is stored once`);
        return body.messages[0].message.streams;
      };
      await eventually(async () => assert.ok((await routedTo("order 4711 paid")).includes(checkout.id)), LOADED_MACHINE_TIMEOUT_MS);
      assert.ok(!(await routedTo("invoice 815 sent")).includes(checkout.id));

      await eventually(async () => {
        await page.goto(server.url(`/streams/${checkout.id}/search`));
        await waitForSearchResults(page);
        const table = page.getByTestId("message-table");
        assert.match(await table.innerText(), /order 4711 paid/);
      }, 30_000);
      assert.doesNotMatch(await page.getByTestId("message-table").innerText(), /invoice 815 sent/);
      await page.screenshot({ path: `${SHOTS}stream-search-routed-light.png`, fullPage: true });

      // /streams/{id}/edit?index=&message_id= loads that stored message as the example to test the rules against.
      const stored = await context.request.get(
        server.url(`/api/search/universal/relative?query=${encodeURIComponent('"order 4711 paid"')}&range=3600`),
        { headers: API_HEADERS },
      );
      const example = (await stored.json() as { messages: { index: string; message: { _id: string } }[] }).messages[0];
      await page.goto(server.url(`/streams/${checkout.id}/edit?index=${example.index}&message_id=${example.message._id}`));
      await waitForPageHydration(page);
      await eventually(async () =>
        assert.equal(
          (await page.getByTestId("stream-example-message").innerText()).trim(),
          `Example message ${example.message._id} from index ${example.index}.`,
        ), LOADED_MACHINE_TIMEOUT_MS);
      const fields = JSON.parse(await page.getByRole("textbox", { name: "Message fields (JSON)" }).inputValue()) as Record<string, unknown>;
      assert.equal(fields.service, "checkout-api");
      assert.equal(fields.message, "order 4711 paid");
      assert.equal(fields._id, undefined);
      await page.getByRole("button", { name: "Test rules" }).click();
      await eventually(async () => assert.equal((await page.getByTestId("stream-test-outcome").innerText()).trim(), "This message would be routed to this stream."), LOADED_MACHINE_TIMEOUT_MS);
      await page.screenshot({ path: `${SHOTS}stream-rules-example-light.png`, fullPage: true });

      // The stream form offers the index sets by title; 'Manage Alerts' narrows the alerts page to the stream.
      await page.goto(server.url(STREAMS));
      await waitForPageHydration(page);
      await row(page, "Checkout").first().getByRole("button", { name: "More actions for Checkout" }).click();
      await page.getByRole("menuitem", { name: "Edit stream" }).click();
      const dialog = page.getByRole("dialog", { name: "Edit stream" });
      assert.equal(await dialog.getByRole("combobox", { name: "Index Set" }).inputValue(), "Default index set");
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await row(page, "Checkout").first().getByRole("button", { name: "More actions for Checkout" }).click();
      await page.getByRole("menuitem", { name: "Manage Alerts" }).click();
      await page.waitForURL(new RegExp(`/alerts\\?stream_id=${checkout.id}$`));
      await eventually(async () => assert.equal((await page.getByTestId("stream-filter").innerText()).trim(), "Checkout"), LOADED_MACHINE_TIMEOUT_MS);
    });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
