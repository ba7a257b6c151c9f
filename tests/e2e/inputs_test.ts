/**
 * System → Inputs in a real browser: launch a GELF HTTP and a Syslog UDP input through their configuration forms,
 * send to them with a plain HTTP POST and util-linux logger, see the counts and find the messages and their
 * fields in the search; a taken port fails the input with the reason; static fields, stop/start, delete.
 */
import assert from "node:assert/strict";
import { execFile } from "node:child_process";
import type { Page } from "playwright-core";
import { freeTcpPort, freeUdpPort } from "../helpers/free-port.ts";
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
const INPUTS = "/system/inputs";

/** Runs the search again until `text` shows (a message is searchable once the input's batch is stored). */
async function findInSearch(page: Page, text: string): Promise<void> {
  await eventually(async () => {
    await page.getByRole("button", { name: "Perform search" }).click();
    await waitForSearchResults(page);
    await page.getByText(text).first().waitFor({ timeout: 2000 });
  }, 45_000);
}

/** Picks the type, opens its launch form, fills title, loopback address and port, and launches. */
async function launchInput(page: Page, typeName: string, title: string, port: number): Promise<void> {
  const launch = page.getByRole("button", { name: "Launch new input" });
  await eventually(async () => {
    await page.getByPlaceholder("Select input").click();
    await page.getByRole("option", { name: typeName, exact: true }).click({ timeout: 2000 });
    assert.ok(await launch.isEnabled());
  });
  await launch.click();
  const dialog = page.getByRole("dialog", { name: `Launch new ${typeName} input` });
  await dialog.getByRole("textbox", { name: "Title" }).fill(title);
  await dialog.getByRole("textbox", { name: "Bind address" }).fill("127.0.0.1");
  await dialog.getByRole("textbox", { name: "Port" }).fill(String(port));
  await dialog.getByRole("button", { name: "Launch Input" }).click();
  await dialog.waitFor({ state: "hidden" });
  await page.getByText(`Input '${title}' launched successfully`).waitFor();
}

const row = (page: Page, title: string) => page.getByTestId("input-row").filter({ has: page.getByText(title, { exact: true }) });

function runLogger(args: string[]): Promise<void> {
  return new Promise((resolve, reject) =>
    execFile("logger", args, (error, _stdout, stderr) => (error ? reject(new Error(`logger failed: ${stderr}`)) : resolve()))
  );
}

Deno.test("inputs in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(275));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(t, browser, errors, "launch a GELF HTTP input, POST to it, see the count and find the message in the search", async ({ context, page }) => {
      await signIn(server, context, page, "admin", INPUTS);
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Inputs");
      await page.getByText("There are no global inputs.").waitFor();
      const port = await freeTcpPort();
      await launchInput(page, "GELF HTTP", "Web shippers", port);
      const web = row(page, "Web shippers");
      await eventually(async () => assert.equal(await web.getByTestId("input-state").textContent(), "running"));
      assert.match(await web.innerText(), new RegExp(`Listening on 127\\.0\\.0\\.1:${port}`));

      const sent = await fetch(`http://127.0.0.1:${port}/gelf`, {
        method: "POST",
        body: JSON.stringify({ version: "1.1", host: "checkout-7", short_message: "payment accepted via gelf http", _order_id: "A-1009" }),
      });
      assert.equal(sent.status, 202);
      await sent.body?.cancel();
      await eventually(async () => assert.match(await web.getByTestId("input-received").innerText(), /^1 message received/), 15_000);
      await page.screenshot({ path: `${SHOTS}inputs-light.png`, fullPage: true });

      await web.getByRole("link", { name: "Show received messages" }).click();
      await findInSearch(page, "payment accepted via gelf http");
      await page.getByText("checkout-7").first().waitFor();
    });

    await journey(t, browser, errors, "launch a Syslog UDP input, send with logger, add a static field, and a taken port fails a second input", async ({ context, page }) => {
      await signIn(server, context, page, "admin", INPUTS);
      await waitForPageHydration(page);
      const port = await freeUdpPort();
      await launchInput(page, "Syslog UDP", "Routers", port);
      const routers = row(page, "Routers");
      await eventually(async () => assert.equal(await routers.getByTestId("input-state").textContent(), "running"));

      await routers.getByRole("button", { name: "More actions" }).click();
      await page.getByRole("menuitem", { name: "Add static field" }).click();
      const dialog = page.getByRole("dialog", { name: "Add static field" });
      await dialog.getByRole("textbox", { name: "Field name" }).fill("site");
      await dialog.getByRole("textbox", { name: "Field value" }).fill("berlin");
      await dialog.getByRole("button", { name: "Add field" }).click();
      await page.getByText("Static field added successfully").waitFor();
      await routers.getByText("site: berlin").waitFor();

      await runLogger(["--udp", "--server", "127.0.0.1", "--port", String(port), "--rfc5424", "-t", "bgpd", "-p", "daemon.warning", "neighbor 10.0.0.2 down"]);
      await eventually(async () => assert.match(await routers.getByTestId("input-received").innerText(), /^1 message received/), 15_000);

      await launchInput(page, "Syslog UDP", "Same port", port);
      const failed = row(page, "Same port");
      await eventually(async () => assert.equal(await failed.getByTestId("input-state").textContent(), "failed"));
      assert.equal(await failed.getByTestId("input-state-detail").innerText(), `Could not bind to 127.0.0.1:${port}: the address is already in use.`);
      await page.screenshot({ path: `${SHOTS}inputs-dark.png`, fullPage: true });

      await routers.getByRole("link", { name: "Show received messages" }).click();
      await findInSearch(page, "neighbor 10.0.0.2 down");
      await page.getByText("neighbor 10.0.0.2 down").first().click();
      await page.getByText("berlin").first().waitFor();
      await page.getByText("bgpd").first().waitFor();
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "stop and start an input, edit its title, and delete one with confirmation", async ({ context, page }) => {
      await signIn(server, context, page, "admin", INPUTS);
      await waitForPageHydration(page);
      const failed = row(page, "Same port");
      await failed.getByRole("button", { name: "More actions" }).click();
      await page.getByRole("menuitem", { name: "Delete input" }).click();
      await page.getByText("Do you really want to delete input 'Same port'?").waitFor();
      await page.getByRole("button", { name: "Delete", exact: true }).click();
      await page.getByText("Input 'Same port' deleted successfully").waitFor();
      await failed.waitFor({ state: "detached" });

      const routers = row(page, "Routers");
      await routers.getByRole("button", { name: "Stop input" }).click();
      await eventually(async () => assert.equal(await routers.getByTestId("input-state").textContent(), "stopped"));
      await routers.getByRole("button", { name: "Start input" }).click();
      await eventually(async () => assert.equal(await routers.getByTestId("input-state").textContent(), "running"));

      await routers.getByRole("button", { name: "More actions" }).click();
      await page.getByRole("menuitem", { name: "Edit input" }).click();
      const dialog = page.getByRole("dialog", { name: "Editing Input Routers" });
      await dialog.getByRole("textbox", { name: "Title" }).fill("Core routers");
      await dialog.getByRole("button", { name: "Update input" }).click();
      await page.getByText("Input 'Core routers' updated successfully").waitFor();
      await eventually(async () => assert.equal(await row(page, "Core routers").getByTestId("input-state").textContent(), "running"));
    });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
