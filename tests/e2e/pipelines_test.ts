/**
 * Lookup tables and pipelines in a real browser: a CSV data adapter and a lookup table made in their forms, a
 * pipeline rule written in the rule editor (its parse error shown inline, then fixed) that looks values up in
 * the table, a pipeline connected to the Default Stream; a message ingested over GELF HTTP is enriched, as the
 * search shows; the pipelines list counts the messages, the rules list and the pipeline's stage count each rule's
 * runs and errors (a threat-intel rule whose shipped table is switched off fails, saying so); the simulator shows the
 * rule's effect.
 */
import assert from "node:assert/strict";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "playwright-core";
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
/** Page loads and answers on a machine shared by several test runs take longer than the journeys' 10 s default. */
const SLOW_MACHINE_TIMEOUT_MS = 30_000;
const GELF_HTTP = "org.graylog2.inputs.gelf.http.GELFHttpInput";
const RULE_WITH_TYPO = `rule "enrich owner"
when has_field("app_code")
then set_field("owner", lookup_valeu("e2e-owners", to_string($message.app_code)));
end`;
const RULE = RULE_WITH_TYPO.replace("lookup_valeu", "lookup_value");
/** A threat-intel rule: its shipped table's source is off (and out of reach), so each run is a counted runtime error. */
const TOR_RULE = `rule "tor check"
when has_field("client_ip")
then set_fields(tor_lookup(to_string($message.client_ip)));
end`;
const ADMIN = { Authorization: `Basic ${btoa("admin:admin")}`, "X-Requested-By": "e2e", "Content-Type": "application/json" };

async function choose(page: Page, label: string, option: string): Promise<void> {
  // A required field's label ends in Mantine's asterisk.
  await page.getByLabel(new RegExp(`^${label}\\s*\\*?$`)).first().click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Fills the key of a test-lookup form and submits it (retried: the key must have reached the form's state). */
async function lookUp(page: Page, form: string, key: string): Promise<void> {
  const scope = page.getByRole("form", { name: form });
  await eventually(async () => {
    await scope.getByRole("textbox", { name: "Key" }).fill(key);
    assert.ok(await scope.getByRole("button", { name: "Look up" }).isEnabled());
  });
  await scope.getByRole("button", { name: "Look up" }).click();
}

async function replaceRuleSource(page: Page, source: string): Promise<void> {
  const editor = page.getByTestId("rule-editor").locator(".cm-content");
  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.insertText(source);
}

Deno.test("lookup tables and pipelines in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(300));
  await server.start();
  const gelfPort = e2ePort(301);
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  const files = mkdtempSync(join(tmpdir(), "sluice-lookup-"));
  const csv = join(files, "owners.csv");
  writeFileSync(csv, "code,owner\ncheckout,payments-team\nsearch,discovery-team\n");
  const RULE_JOURNEY = "a rule written in the rule editor shows its parse error inline, and a pipeline runs it";
  // The editor's parse calls and the refused save answer 400 on purpose (the parse errors).
  errors.allow(RULE_JOURNEY, /status of 400 .*@ .*\/api\/system\/pipelines\/rule(\/parse)?$/);
  try {
    const torRule = await fetch(server.url("/api/system/pipelines/rule"), { method: "POST", headers: ADMIN, body: JSON.stringify({ source: TOR_RULE }) });
    assert.equal(torRule.status, 200, await torRule.text());
    await journey(t, browser, errors, "a CSV data adapter and a lookup table are made in their forms and answer a test lookup", async ({ context, page }) => {
      context.setDefaultTimeout(SLOW_MACHINE_TIMEOUT_MS);
      await signIn(server, context, page, "admin", "/system/lookuptables/data_adapters/create");
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Create data adapter");
      await choose(page, "Data Adapter Type", "CSV File");
      await page.getByRole("textbox", { name: "Title" }).fill("E2E owners");
      assert.equal(await page.getByRole("textbox", { name: "Name" }).inputValue(), "e2e-owners");
      await page.getByRole("textbox", { name: "File path" }).fill(join(files, "missing.csv"));
      await page.getByRole("textbox", { name: "Key column" }).fill("code");
      await page.getByRole("textbox", { name: "Value column" }).fill("owner");
      await page.getByRole("button", { name: "Create adapter" }).click();
      // The server's validate call refuses a file that is not there, under the field.
      await page.getByText(/does not exist|cannot be read|not found/i).first().waitFor();
      await page.getByRole("textbox", { name: "File path" }).fill(csv);
      await page.getByRole("button", { name: "Create adapter" }).click();
      await page.getByRole("heading", { name: "Data Adapter: E2E owners" }).waitFor();
      await lookUp(page, "Test data adapter", "checkout");
      await eventually(async () => assert.match(await page.getByLabel("Lookup result").innerText(), /"single_value": "payments-team"/));

      await page.goto(server.url("/system/lookuptables/create"));
      await waitForPageHydration(page);
      await page.getByRole("textbox", { name: "Title" }).fill("E2E owners");
      await choose(page, "Data Adapter", "E2E owners");
      await choose(page, "Cache", "Shipped tables cache");
      await page.getByRole("button", { name: "Create lookup table" }).click();
      await page.getByRole("heading", { name: "Lookup Table: E2E owners" }).waitFor();
      await lookUp(page, "Test lookup", "search");
      await eventually(async () => assert.match(await page.getByLabel("Lookup result").innerText(), /"single_value": "discovery-team"/));
      await page.screenshot({ path: `${SHOTS}lookup-table-light.png`, fullPage: true });

      await page.goto(server.url("/system/lookuptables"));
      await waitForPageHydration(page);
      await eventually(async () => assert.deepEqual(
        // The titles' links (a table whose source cannot be reached here also shows an 'error' badge beside it).
        await page.getByTestId("lookup-tables-row").locator("td:nth-child(1) a").allInnerTexts(),
        [
          "Whois",
          "Tor Exit Node List",
          "Spamhaus DROP",
          "Open Threat Exchange (OTX) - IP",
          "Open Threat Exchange (OTX) - Domain",
          "HTTP status phrases",
          "E2E owners",
          "Country names (ISO 3166 codes)",
          "abuse.ch Ransomware IP",
          "abuse.ch Ransomware Domains",
        ],
      ));
    });

    await journey(t, browser, errors, RULE_JOURNEY, async ({ context, page }) => {
      context.setDefaultTimeout(SLOW_MACHINE_TIMEOUT_MS);
      await signIn(server, context, page, "admin", "/system/pipelines/rules/new");
      await waitForPageHydration(page);
      await page.getByTestId("rule-editor").locator(".cm-content").waitFor();
      await replaceRuleSource(page, RULE_WITH_TYPO);
      await page.locator(".cm-lintRange-error").first().waitFor();
      await page.getByRole("button", { name: "Create rule" }).click();
      await page.getByText(/Line 3, column 25: .*lookup_valeu/).waitFor();
      await replaceRuleSource(page, RULE);
      await eventually(async () => assert.equal(await page.locator(".cm-lintRange-error").count(), 0));
      await page.getByLabel("Filter functions").fill("lookup_value");
      await page.getByText(/^lookup_value\(lookup_table: String, key: Object/).waitFor();
      await page.getByRole("button", { name: "Create rule" }).click();
      await page.getByRole("heading", { name: "Pipeline Rules" }).waitFor();
      await page.getByRole("link", { name: "enrich owner", exact: true }).waitFor();

      await page.goto(server.url("/system/pipelines/new"));
      await waitForPageHydration(page);
      await page.getByRole("textbox", { name: "Title" }).fill("Owners");
      await choose(page, "Connected streams", "Default Stream");
      await choose(page, "Stage rules", "enrich owner");
      await choose(page, "Stage rules", "tor check");
      await page.keyboard.press("Escape");
      await page.getByRole("button", { name: "Create pipeline" }).click();
      await page.getByRole("heading", { name: "Pipelines", exact: true }).waitFor();
      const row = page.getByTestId("pipeline-row").filter({ hasText: "Owners" });
      await eventually(async () => assert.match(await row.innerText(), /Default Stream[\s\S]*Stage 0: 2 rules/i));
    });

    const input = await fetch(server.url("/api/system/inputs"), {
      method: "POST",
      headers: ADMIN,
      body: JSON.stringify({ title: "E2E GELF HTTP", type: GELF_HTTP, global: true, configuration: { bind_address: "127.0.0.1", port: gelfPort } }),
    });
    assert.equal(input.status, 201, await input.text());
    await eventually(async () => {
      const sent = await fetch(`http://127.0.0.1:${gelfPort}/gelf`, {
        method: "POST",
        body: JSON.stringify({ version: "1.1", host: "shop-01", short_message: "order placed", _app_code: "checkout", _client_ip: "185.220.101.1" }),
      });
      await sent.body?.cancel();
      assert.equal(sent.status, 202);
    });

    await journey(t, browser, errors, "the ingested message carries the looked-up owner in the search; the pipeline and each rule count it", async ({ context, page }) => {
      context.setDefaultTimeout(SLOW_MACHINE_TIMEOUT_MS);
      await signIn(server, context, page, "admin", "/search?q=owner%3Apayments-team&rangetype=relative&relative=300");
      await eventually(async () => {
        await page.reload();
        await waitForSearchResults(page);
        assert.match(await page.getByTestId("message-table").first().innerText(), /order placed/);
      }, 30_000, 1_000);
      await page.screenshot({ path: `${SHOTS}pipelines-search-light.png`, fullPage: true });

      await page.goto(server.url("/system/pipelines"));
      await waitForPageHydration(page);
      await eventually(async () => {
        const text = await page.getByLabel("Throughput of Owners").innerText();
        const total = Number(/\(([\d,]+) total\)/.exec(text)?.[1].replaceAll(",", "") ?? "0");
        assert.ok(total >= 1, text);
      }, 15_000, 500);

      // Each rule's counters (polled every 5 s): the lookup ran; the Tor check failed, offline and switched off, and says so.
      await page.goto(server.url("/system/pipelines/rules"));
      await waitForPageHydration(page);
      await eventually(async () => {
        assert.ok(Number(await page.getByLabel("Executed enrich owner").innerText()) >= 1);
        assert.equal(await page.getByLabel("Errors of enrich owner").innerText(), "0");
        assert.ok(Number(await page.getByLabel("Errors of tor check").innerText()) >= 1);
      }, 20_000, 500);
      assert.match(await page.getByLabel("Last error of tor check").innerText(), /^Last error: tor_lookup: Tor exit node lookups are switched off/);
      await page.goto(server.url("/system/pipelines"));
      await waitForPageHydration(page);
      await page.getByTestId("pipeline-row").filter({ hasText: "Owners" }).getByRole("link", { name: "Owners", exact: true }).click();
      const stage = page.getByRole("region", { name: "Stage 0" });
      await eventually(async () => {
        assert.ok(Number(await stage.getByLabel("Executed enrich owner").innerText()) >= 1);
        assert.ok(Number(await stage.getByLabel("Errors of tor check").innerText()) >= 1);
      }, 20_000, 500);
      await page.screenshot({ path: `${SHOTS}pipeline-counters-light.png`, fullPage: true });
    });

    await journey(t, browser, errors, "the simulator shows the rule's effect on a pasted message", async ({ context, page }) => {
      context.setDefaultTimeout(SLOW_MACHINE_TIMEOUT_MS);
      await signIn(server, context, page, "admin", "/system/pipelines/simulate");
      await waitForPageHydration(page);
      await page.getByRole("textbox", { name: "Raw message" }).fill(JSON.stringify({ message: "search ran", source: "web-02", app_code: "search" }));
      await page.getByRole("button", { name: "Run simulation" }).click();
      const owner = page.getByRole("row").filter({ hasText: "owner" });
      await eventually(async () => assert.match(await owner.innerText(), /discovery-team\s*added/i));
      await page.getByText("Execute Rule enrich owner").waitFor();
    });

    const darkPages = [
      ["/system/pipelines", "pipelines", "Owners"],
      ["/system/pipelines/rules", "rules", "enrich owner"],
      ["/system/lookuptables/table/e2e-owners", "lookup-table", "Lookup Table: E2E owners"],
    ];
    for (const [path, name, shown] of darkPages) {
      await journey(t, browser, errors, `${name} in dark mode`, async ({ context, page }) => {
        context.setDefaultTimeout(SLOW_MACHINE_TIMEOUT_MS);
        await signIn(server, context, page, "admin", path);
        await waitForPageHydration(page);
        await page.getByText(shown!, { exact: true }).first().waitFor();
        await page.screenshot({ path: `${SHOTS}${name}-dark.png`, fullPage: true });
      }, { colorScheme: "dark" });
    }
    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.stop();
    rmSync(files, { recursive: true, force: true });
  }
});
