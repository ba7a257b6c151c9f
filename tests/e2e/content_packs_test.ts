/**
 * System → Content Packs in a real browser: create a pack from a grok pattern and a stream, download it, delete
 * the entities, install the pack and see them back, uninstall it and see them gone again.
 */
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import type { APIRequestContext } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, eventually, journey, pageHeading, signIn, SluiceServer, waitForPageHydration } from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const HEADERS = { "X-Requested-By": "XMLHttpRequest" };

Deno.test("content packs in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(437));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  const api = (request: APIRequestContext) => ({
    get: async (path: string) => await (await request.get(server.url(`/api${path}`))).json(),
    post: async (path: string, data: unknown) => await (await request.post(server.url(`/api${path}`), { data, headers: HEADERS })).json(),
    delete: async (path: string) => (await request.delete(server.url(`/api${path}`), { headers: HEADERS })).status(),
  });
  const grokNames = async (request: APIRequestContext) =>
    ((await api(request).get("/system/grok")) as { patterns: { name: string }[] }).patterns.map((pattern) => pattern.name);
  const streamTitles = async (request: APIRequestContext) =>
    ((await api(request).get("/streams")) as { streams: { title: string }[] }).streams.map((stream) => stream.title);
  try {
    await journey(t, browser, errors, "a pack made from a grok pattern and a stream brings them back after they were deleted", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/contentpacks");
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Content Packs");
      await page.getByText("No content packs found. Please create or upload one").waitFor();
      const grok = await api(context.request).post("/system/grok", { name: "E2E_PACKED", pattern: "code=%{INT:code}" }) as { id: string };
      const stream = await api(context.request).post("/streams", { title: "E2E packed stream", description: "", rules: [] }) as { stream_id: string };

      await page.getByRole("link", { name: "Create a content pack" }).click();
      await waitForPageHydration(page);
      await page.getByRole("textbox", { name: "Name" }).fill("E2E pack");
      await page.getByRole("textbox", { name: "Summary" }).fill("A grok pattern and a stream");
      await page.getByRole("textbox", { name: "Vendor" }).fill("Sluice e2e");
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("checkbox", { name: "E2E_PACKED" }).check();
      await page.getByRole("checkbox", { name: "E2E packed stream" }).check();
      await page.screenshot({ path: `${SHOTS}content-pack-create-light.png`, fullPage: true });
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByRole("button", { name: "Next" }).click();
      await page.getByText("Grok Patterns: E2E_PACKED, Streams: E2E packed stream").waitFor();
      await page.getByRole("button", { name: "Create", exact: true }).click();
      await page.getByText("Content pack E2E pack created successfully").waitFor();
      await page.getByRole("link", { name: "E2E pack" }).waitFor();
      await page.screenshot({ path: `${SHOTS}content-packs-light.png`, fullPage: true });

      const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download" }).click()]);
      const file = JSON.parse(readFileSync(await download.path(), "utf8")) as { name: string; entities: { type: { name: string } }[] };
      assert.equal(file.name, "E2E pack");
      assert.deepEqual(file.entities.map((entity) => entity.type.name).sort(), ["grok_pattern", "stream"]);

      assert.equal(await api(context.request).delete(`/system/grok/${grok.id}`), 204);
      assert.equal(await api(context.request).delete(`/streams/${stream.stream_id}`), 204);
      assert.ok(!(await grokNames(context.request)).includes("E2E_PACKED"));

      await page.getByRole("button", { name: "Install" }).click();
      const dialog = page.getByRole("dialog", { name: "Install Content Pack E2E pack" });
      await dialog.getByRole("textbox", { name: "Comment" }).fill("from the browser");
      await dialog.getByRole("button", { name: "Install" }).click();
      await page.getByText("Content pack E2E pack installed successfully").waitFor();
      await eventually(async () => assert.ok((await grokNames(context.request)).includes("E2E_PACKED")));
      assert.ok((await streamTitles(context.request)).includes("E2E packed stream"));
    });

    await journey(t, browser, errors, "the pack's page lists its installation and uninstalls it (dark)", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/contentpacks");
      await waitForPageHydration(page);
      await page.getByRole("link", { name: "E2E pack" }).click();
      await page.getByRole("heading", { name: "Content pack E2E pack" }).waitFor();
      await page.getByRole("cell", { name: "from the browser" }).waitFor();
      await page.screenshot({ path: `${SHOTS}content-pack-dark.png`, fullPage: true });
      await page.getByRole("button", { name: "Uninstall" }).click();
      const dialog = page.getByRole("dialog", { name: "Uninstall content pack" });
      await dialog.getByText("Grok Patterns: E2E_PACKED").waitFor();
      await dialog.getByText("Streams: E2E packed stream").waitFor();
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await page.getByText("Content pack E2E pack uninstalled successfully").waitFor();
      await page.getByText("No installations yet.").waitFor();
      assert.ok(!(await grokNames(context.request)).includes("E2E_PACKED"));
      assert.ok(!(await streamTitles(context.request)).includes("E2E packed stream"));
    }, { colorScheme: "dark" });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.stop();
  }
});
