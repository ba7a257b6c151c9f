/**
 * Outputs in a real browser: launch a GELF output on System → Outputs through its configuration form, assign it
 * to the default stream on the stream's outputs page, and see a message a Raw UDP input receives arrive at a small
 * GELF TCP listener the test starts; launch a file output from the stream's page and find the message in its file;
 * edit, remove from the stream, terminate.
 */
import assert from "node:assert/strict";
import { createSocket } from "node:dgram";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { DEFAULT_STREAM_ID } from "../../shared/product.ts";
import { freeUdpPort } from "../helpers/free-port.ts";
import { launchBrowser } from "./browser.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, eventually, journey, pageHeading, signIn, SluiceServer, waitForPageHydration } from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const OUTPUTS = "/system/outputs";
const STREAM_OUTPUTS = `/streams/${DEFAULT_STREAM_ID}/outputs`;

/** A GELF TCP receiver on loopback: the null-terminated documents it got. */
class GelfListener {
  readonly documents: Record<string, unknown>[] = [];
  readonly #sockets = new Set<Socket>();
  readonly #server: Server = createServer((socket) => {
    this.#sockets.add(socket);
    socket.on("close", () => this.#sockets.delete(socket));
    let pending = "";
    socket.on("data", (chunk) => {
      pending += chunk.toString("utf-8");
      const frames = pending.split("\0");
      pending = frames.pop() ?? "";
      for (const frame of frames) this.documents.push(JSON.parse(frame));
    });
    socket.on("error", () => {});
  });

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.#server.listen(0, "127.0.0.1", () => resolve()));
    return (this.#server.address() as { port: number }).port;
  }

  received(text: string): Record<string, unknown> | undefined {
    return this.documents.find((document) => document.short_message === text);
  }

  close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    return new Promise((resolve) => this.#server.close(() => resolve()));
  }
}

/** Launches a Raw UDP input through the API (the inputs page has its own e2e) and returns a sender to it. */
async function rawUdpInput(server: SluiceServer, context: BrowserContext): Promise<(text: string) => Promise<void>> {
  const port = await freeUdpPort();
  const answer = await context.request.post(server.url("/api/system/inputs"), {
    data: { title: "raw lines", type: "org.graylog2.inputs.raw.udp.RawUDPInput", global: true, configuration: { bind_address: "127.0.0.1", port } },
    headers: { "X-Requested-By": "XMLHttpRequest" },
  });
  assert.equal(answer.status(), 201, await answer.text());
  const { id } = await answer.json() as { id: string };
  // The input starts listening just after it is created.
  await eventually(async () => {
    const state = await context.request.get(server.url(`/api/system/inputstates/${id}`));
    assert.equal((await state.json() as { state: string }).state, "RUNNING");
  });
  return (text) => {
    const socket = createSocket("udp4");
    return new Promise((resolve, reject) => socket.send(text, port, "127.0.0.1", (error) => (error ? reject(error) : socket.close(() => resolve()))));
  };
}

/** Picks the type, opens its launch form and fills the title; the caller fills the rest and submits. */
async function openLaunchForm(page: Page, typeName: string, title: string) {
  const launch = page.getByRole("button", { name: "Launch new output" });
  await eventually(async () => {
    await page.getByPlaceholder("Select Output Type").click();
    await page.getByRole("option", { name: typeName, exact: true }).click({ timeout: 2000 });
    assert.ok(await launch.isEnabled());
  });
  await launch.click();
  const dialog = page.getByRole("dialog", { name: `Launch new ${typeName}` });
  await dialog.getByRole("textbox", { name: "Title" }).fill(title);
  return dialog;
}

const row = (page: Page, title: string) => page.getByTestId("output-row").filter({ has: page.getByText(title, { exact: true }) });

Deno.test("outputs in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(412));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  const listener = new GelfListener();
  const listenerPort = await listener.start();
  const directory = mkdtempSync(join(tmpdir(), "sluice-e2e-file-output-"));
  const file = join(directory, "forwarded.jsonl");
  try {
    await journey(t, browser, errors, "launch a GELF output, assign it to a stream, and a small listener receives the stream's message", async ({ context, page }) => {
      await signIn(server, context, page, "admin", OUTPUTS);
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Outputs in Cluster");
      await page.getByText("No outputs configured.").waitFor();

      const dialog = await openLaunchForm(page, "GELF Output", "Forward to collector");
      await dialog.getByRole("textbox", { name: "Destination", exact: true }).fill("127.0.0.1");
      await dialog.getByRole("textbox", { name: "Destination Port" }).fill(String(listenerPort));
      await dialog.getByRole("button", { name: "Create output" }).click();
      await dialog.waitFor({ state: "hidden" });
      await page.getByText("Output 'Forward to collector' was created successfully").waitFor();
      const forwarder = row(page, "Forward to collector");
      assert.match(await forwarder.getByTestId("output-configuration").innerText(), new RegExp(`Destination Port: ${listenerPort}`));
      assert.match(await forwarder.innerText(), /Protocol: TCP/);
      await page.screenshot({ path: `${SHOTS}outputs-light.png`, fullPage: true });

      await page.goto(server.url(STREAM_OUTPUTS));
      await waitForPageHydration(page);
      await eventually(async () => assert.equal(await pageHeading(page), "Outputs for Stream Default Stream"));
      await page.getByText("No outputs configured for this stream.").waitFor();
      await eventually(async () => {
        await page.getByPlaceholder("Select existing output").click();
        await page.getByRole("option", { name: "Forward to collector" }).click({ timeout: 2000 });
      });
      await page.getByRole("button", { name: "Assign existing Output" }).click();
      await page.getByText("Output 'Forward to collector' was assigned to the stream").waitFor();
      await row(page, "Forward to collector").waitFor();

      const send = await rawUdpInput(server, context);
      await send("payment gateway timeout after 30s");
      const forwarded = await eventually(() => listener.received("payment gateway timeout after 30s") ?? assert.fail("not forwarded yet"), 15_000);
      assert.equal(forwarded.version, "1.1");
      assert.equal(forwarded.host, "127.0.0.1");
    });

    const launching = "launch a file output from the stream's page, edit an output, remove it from the stream and terminate one";
    // The relative file path is refused on purpose: the browser logs the 400 it asked for.
    errors.allow(launching, /status of 400 \(Bad Request\) @ .*\/api\/system\/outputs$/);
    await journey(t, browser, errors, launching, async ({ context, page }) => {
      await signIn(server, context, page, "admin", STREAM_OUTPUTS);
      await waitForPageHydration(page);
      await row(page, "Forward to collector").waitFor();

      const dialog = await openLaunchForm(page, "File Output", "Archive file");
      await dialog.getByRole("textbox", { name: "File path" }).fill("relative.jsonl");
      await dialog.getByRole("button", { name: "Create output" }).click();
      await page.getByText("configuration.path must be an absolute path").waitFor();
      await dialog.getByRole("textbox", { name: "File path" }).fill(file);
      await dialog.getByRole("button", { name: "Create output" }).click();
      await dialog.waitFor({ state: "hidden" });
      await row(page, "Archive file").waitFor();

      const send = await rawUdpInput(server, context);
      await send("nightly backup finished");
      const line = await eventually(() => {
        const lines = readFileSync(file, "utf-8").split("\n").filter(Boolean).map((text) => JSON.parse(text) as Record<string, unknown>);
        return lines.find((candidate) => candidate.message === "nightly backup finished") ?? assert.fail("not written yet");
      }, 15_000);
      assert.equal(line.source, "127.0.0.1");
      await page.screenshot({ path: `${SHOTS}outputs-dark.png`, fullPage: true });

      const forwarder = row(page, "Forward to collector");
      await forwarder.getByRole("button", { name: "Edit" }).click();
      const edit = page.getByRole("dialog", { name: "Editing Output Forward to collector" });
      await edit.getByRole("textbox", { name: "Title" }).fill("Collector (TCP)");
      await edit.getByRole("button", { name: "Update output" }).click();
      await page.getByText("Output 'Collector (TCP)' was updated successfully").waitFor();

      await row(page, "Collector (TCP)").getByRole("button", { name: "Delete from stream" }).click();
      await page.getByText("Do you really want to remove output 'Collector (TCP)' from this stream?").waitFor();
      await page.getByRole("button", { name: "Remove", exact: true }).click();
      await page.getByText("Output 'Collector (TCP)' was removed from the stream").waitFor();
      await row(page, "Collector (TCP)").waitFor({ state: "detached" });
      await send("not forwarded any more");
      await new Promise((resolve) => setTimeout(resolve, 1500));
      assert.equal(listener.received("not forwarded any more"), undefined);

      await page.goto(server.url(OUTPUTS));
      await waitForPageHydration(page);
      await row(page, "Collector (TCP)").getByRole("button", { name: "Terminate" }).click();
      await page.getByText("Do you really want to terminate output 'Collector (TCP)'?").waitFor();
      await page.getByRole("button", { name: "Terminate", exact: true }).last().click();
      await page.getByText("Output 'Collector (TCP)' was terminated").waitFor();
      await row(page, "Collector (TCP)").waitFor({ state: "detached" });
      await row(page, "Archive file").waitFor();
    }, { colorScheme: "dark" });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
    await listener.close();
    rmSync(directory, { recursive: true, force: true });
  }
});
