/**
 * Event annotations on a time chart in a real browser, against real events: a GELF file with an SSH brute force
 * (two 10-minute windows) and a payments error burst is imported while the server is stopped; on the next start
 * the seeded event definitions are evaluated over it (the catch-up after an import), and an aggregation chart
 * with 'Show Event annotations' draws a grey marker at each event's time.
 */
import assert from "node:assert/strict";
import { mkdirSync } from "node:fs";
import type { Locator, Page } from "playwright-core";
import { launchBrowser } from "./browser.ts";
import {
  assertNoConsoleErrors,
  ConsoleErrors,
  e2ePort,
  eventually,
  journey,
  signIn,
  SluiceServer,
  waitForSearchResults,
} from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;
const MINUTE = 60_000;
const TEN_MINUTES = 10 * MINUTE;

/**
 * GELF lines: failed logins from 10.9.9.9 at the start of two 10-minute windows, 11 payments errors in the first,
 * and a kernel line 25 minutes after `base`.
 */
function incidentGelf(base: number): string {
  const lines: unknown[] = [];
  for (const window of [0, TEN_MINUTES]) {
    for (let i = 1; i <= 12; i++) {
      lines.push({
        version: "1.1",
        host: "bastion-01",
        short_message: `sshd[7]: Failed password for root from 10.9.9.9 port ${4000 + i} ssh2`,
        timestamp: (base + window + i * 1000) / 1000,
        level: 4,
        _application_name: "sshd",
        _auth_result: "failed",
        _src_ip: "10.9.9.9",
      });
    }
  }
  for (let i = 1; i <= 11; i++) {
    lines.push({
      version: "1.1",
      host: "app-01",
      short_message: "payments: request failed after 3000 ms: TimeoutException: upstream connection refused",
      timestamp: (base + i * 1000 + 500) / 1000,
      level: 3,
      _service: "payments",
      _application_name: "payments",
    });
  }
  // The chart's time axis spans the buckets with messages: one more message after the last event keeps it in view.
  lines.push({
    version: "1.1",
    host: "db-01",
    short_message: "kernel: eth0 link up",
    timestamp: (base + 25 * MINUTE) / 1000,
    level: 6,
  });
  return lines.map((line) => JSON.stringify(line)).join("\n") + "\n";
}

async function importGelf(server: SluiceServer, text: string): Promise<void> {
  const file = `${server.dataDir}/incident.gelf`;
  await Deno.writeTextFile(file, text);
  const output = await new Deno.Command(Deno.execPath(), {
    args: ["run", "-A", "scripts/import.ts", "--format", "gelf", file],
    cwd: new URL("../../", import.meta.url).pathname,
    env: { SLUICE_DATA_DIR: server.dataDir, SLUICE_ADMIN_PASSWORD: "admin", NO_COLOR: "1" },
    stdout: "piped",
    stderr: "piped",
  }).output();
  const printed = new TextDecoder().decode(output.stdout) + new TextDecoder().decode(output.stderr);
  assert.equal(output.code, 0, printed);
  assert.match(printed, /stored: 36; rejected: 0/);
}

/** Create → Aggregation (count over time as bars), 'Show Event annotations' on, then 'Update widget'. */
async function annotatedChart(page: Page): Promise<Locator> {
  const aggregation = page.getByRole("button", { name: "Aggregation", exact: true });
  // A click before the page has hydrated does nothing: click 'Create' until its panel offers 'Aggregation'.
  await eventually(async () => {
    if (await aggregation.count() === 0) {
      await page.getByRole("button", { name: "Create", exact: true }).click();
    }
    await aggregation.waitFor({ timeout: 1000 });
  });
  await aggregation.click();
  const editor = page.getByRole("form", { name: "Aggregation editor" });
  await editor.waitFor();
  await editor.getByRole("checkbox", { name: "Show Event annotations" }).check();
  await editor.getByRole("button", { name: "Update preview" }).click();
  await editor.getByRole("button", { name: "Update widget" }).click();
  await eventually(() => assert.equal(new URL(page.url()).searchParams.get("editing"), null));
  const widget = page.getByTestId("widget-grid").getByRole("region", {
    name: "Aggregating count() by timestamp",
    exact: true,
  });
  await widget.waitFor();
  await eventually(async () => assert.equal(await page.getByTestId("search-updating").count(), 0));
  return widget;
}

Deno.test("event annotations in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(225));
  // A window boundary two hours back: every window of the incident has ended when the server evaluates it.
  const base = Math.floor(Date.now() / TEN_MINUTES) * TEN_MINUTES - 12 * TEN_MINUTES;
  await server.start();
  await server.stop();
  await importGelf(server, incidentGelf(base));
  await server.start();
  assert.match(server.output, /Evaluated 2 event definitions: 3 events/);
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  mkdirSync(SHOTS, { recursive: true });
  const from = new Date(base - 10 * MINUTE).toISOString();
  const to = new Date(base + 30 * MINUTE).toISOString();
  const searchPath = `/search?rangetype=absolute&from=${encodeURIComponent(from)}&to=${
    encodeURIComponent(to)
  }`;

  try {
    await journey(
      t,
      browser,
      errors,
      "a chart with event annotations marks each event at its time",
      async ({ context, page }) => {
        await signIn(server, context, page, "admin", searchPath);
        await waitForSearchResults(page);
        const widget = await annotatedChart(page);
        const markers = widget.getByTestId("event-marker");
        await eventually(async () => assert.equal(await markers.count(), 3));
        const drawn = await markers.evaluateAll((lines) =>
          lines.map((line) => ({
            x: Number(line.getAttribute("x1")),
            title: line.querySelector("title")?.textContent ?? "",
          }))
        );
        drawn.sort((a, b) => a.x - b.x);
        assert.deepEqual(drawn.map((marker) => marker.title), [
          "Event: Payments error burst: count()=11.0",
          "Alert: SSH brute force: 10.9.9.9 - count()=12.0",
          "Alert: SSH brute force: 10.9.9.9 - count()=12.0",
        ]);
        // On a linear time axis the markers stand as far apart as the events' times: 10:04:59.999, 10:09:59.999 and
        // 10:19:59.999 past `base` put the second a third of the way from the first to the third.
        const [first, second, third] = drawn.map((marker) => marker.x);
        assert.ok(third > first, `markers at ${first} and ${third}`);
        assert.ok(
          Math.abs((second - first) / (third - first) - 1 / 3) < 0.01,
          `markers at ${first}, ${second}, ${third}`,
        );
        // The events are those of the events search, at the times the markers stand for.
        const answer = await context.request.post(server.url("/api/events/search"), {
          headers: { "X-Requested-By": "XMLHttpRequest" },
          data: { timerange: { type: "absolute", from, to }, sort_direction: "asc" },
        });
        const events = (await answer.json()).events.map((hit: { event: { timestamp: string } }) =>
          hit.event.timestamp
        );
        assert.deepEqual(
          events,
          [5, 10, 20].map((minutes) => new Date(base + minutes * MINUTE - 1).toISOString()),
        );
        await widget.screenshot({ path: `${SHOTS}event-annotations-light.png` });
        await page.getByRole("button", { name: "User menu" }).click();
        await page.getByRole("switch", { name: "Dark mode" }).click();
        await page.keyboard.press("Escape");
        await eventually(async () =>
          assert.equal(await page.locator("html").getAttribute("data-mantine-color-scheme"), "dark")
        );
        await page.waitForTimeout(300);
        await widget.screenshot({ path: `${SHOTS}event-annotations-dark.png` });
      },
    );
    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.stop();
  }
});
