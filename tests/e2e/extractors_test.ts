/**
 * An input's extractors in a real browser: from a message the input received, create two regular-expression
 * extractors (each tried on the example first), sort them, see the extracted fields on the next message the input
 * receives, and delete one with confirmation.
 */
import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import { freeTcpPort } from "../helpers/free-port.ts";
import { launchBrowser } from "./browser.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, eventually, journey, pageHeading, signIn, SluiceServer, waitForPageHydration } from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const GELF_HTTP = "org.graylog2.inputs.gelf.http.GELFHttpInput";
const XHR = { "X-Requested-By": "XMLHttpRequest" };

type Found = { messages: { message: Record<string, unknown> }[] };

/** The stored messages of `inputId` whose text contains `text` (the universal search, as the API answers it). */
async function storedWith(server: SluiceServer, page: Page, inputId: string, text: string): Promise<Record<string, unknown>[]> {
  const query = encodeURIComponent(`gl2_source_input:${inputId} AND "${text}"`);
  const answer = await page.request.get(server.url(`/api/search/universal/relative?query=${query}&range=3600&limit=10`));
  assert.equal(answer.status(), 200);
  return ((await answer.json()) as Found).messages.map((found) => found.message);
}

/** Posts one GELF message to the input and waits until it is searchable. */
async function send(server: SluiceServer, page: Page, port: number, inputId: string, text: string): Promise<Record<string, unknown>> {
  const sent = await fetch(`http://127.0.0.1:${port}/gelf`, { method: "POST", body: JSON.stringify({ version: "1.1", host: "checkout-7", short_message: text }) });
  assert.equal(sent.status, 202);
  await sent.body?.cancel();
  return await eventually(async () => {
    const [message] = await storedWith(server, page, inputId, text);
    assert.ok(message, `'${text}' is not stored yet`);
    return message;
  }, 30_000);
}

/** From the extractors page: loads the newest message, picks 'Regular expression' on `message`, tries and creates. */
async function createRegexExtractor(page: Page, regex: string, expected: string, field: string, title: string): Promise<void> {
  await page.getByRole("button", { name: "Load recent message" }).click();
  const typeSelect = page.getByRole("combobox", { name: "Select extractor type for message" });
  await typeSelect.waitFor();
  await eventually(async () => {
    await typeSelect.click();
    await page.getByRole("option", { name: "Regular expression", exact: true }).click({ timeout: 2000 });
  });
  await page.getByRole("heading", { name: "New extractor: Regular expression" }).waitFor();
  await waitForPageHydration(page);
  assert.match(await page.getByRole("textbox", { name: "Example" }).inputValue(), /status=503/);
  await page.getByRole("textbox", { name: "Regular expression" }).fill(regex);
  await page.getByRole("button", { name: "Try", exact: true }).click();
  await eventually(async () => assert.equal(await page.getByTestId("try-value").innerText(), expected));
  await page.getByRole("textbox", { name: "Store as field" }).fill(field);
  await page.getByRole("textbox", { name: "Extractor title" }).fill(title);
  await page.getByRole("button", { name: "Create extractor" }).click();
  await page.getByText(`Extractor "${title}" created successfully`).waitFor();
  await page.getByRole("heading", { name: "Configured extractors" }).waitFor();
}

const titles = async (page: Page) => (await page.getByTestId("extractor-row").all()).length === 0
  ? []
  : await Promise.all((await page.getByTestId("extractor-row").all()).map((row) => row.getAttribute("aria-label")));

Deno.test("extractors in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(331));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(t, browser, errors, "create, try, sort and delete regex extractors on a GELF HTTP input; the next message carries the fields", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/inputs");
      const port = await freeTcpPort();
      const launched = await page.request.post(server.url("/api/system/inputs"), {
        headers: XHR,
        data: { title: "Checkout shippers", type: GELF_HTTP, global: true, configuration: { bind_address: "127.0.0.1", port } },
      });
      assert.equal(launched.status(), 201);
      const inputId = ((await launched.json()) as { id: string }).id;
      await send(server, page, port, inputId, "GET /checkout status=503 took 81ms");

      await page.goto(server.url(`/system/inputs/${inputId}/extractors`));
      await waitForPageHydration(page);
      await eventually(async () => assert.equal(await pageHeading(page), "Extractors of Checkout shippers"));
      await page.getByText("This input has no configured extractors.").waitFor();
      await createRegexExtractor(page, "status=(\\d+)", "503", "http_status", "HTTP status");
      await createRegexExtractor(page, "took (\\d+)ms", "81", "took_ms", "Duration");
      await eventually(async () => assert.deepEqual(await titles(page), ["HTTP status", "Duration"]));

      await page.getByRole("button", { name: "Sort extractors" }).click();
      await page.getByRole("button", { name: "Move Duration up" }).click();
      await page.getByRole("button", { name: "Save order" }).click();
      await page.getByText("Extractor positions updated successfully").waitFor();
      await page.reload();
      await waitForPageHydration(page);
      await eventually(async () => assert.deepEqual(await titles(page), ["Duration", "HTTP status"]));
      await page.screenshot({ path: `${SHOTS}extractors-light.png`, fullPage: true });

      const next = await send(server, page, port, inputId, "POST /checkout status=502 took 1204ms");
      assert.equal(String(next.http_status), "502");
      assert.equal(String(next.took_ms), "1204");

      await page.getByTestId("extractor-row").filter({ hasText: "Duration" }).getByRole("button", { name: "Delete" }).click();
      await page.getByRole("dialog", { name: "Delete extractor" }).getByRole("button", { name: "Delete" }).click();
      await page.getByText('Extractor "Duration" deleted successfully').waitFor();
      await eventually(async () => assert.deepEqual(await titles(page), ["HTTP status"]));
      const after = await send(server, page, port, inputId, "GET /checkout status=200 took 9ms");
      assert.equal(String(after.http_status), "200");
      assert.equal(after.took_ms, undefined);
    });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
