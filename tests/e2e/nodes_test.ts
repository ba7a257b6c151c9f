/** System → Nodes in a real browser: the node list, a node's details, its live metrics, the dumps, indexer failures. */
import assert from "node:assert/strict";
import { launchBrowser } from "./browser.ts";
import { assertNoConsoleErrors, ConsoleErrors, e2ePort, eventually, journey, pageHeading, signIn, SluiceServer, waitForPageHydration } from "./harness.ts";

const SHOTS = new URL("../../test-results/", import.meta.url).pathname;

Deno.test("nodes, metrics and dumps in Chromium", async (t) => {
  const server = new SluiceServer(e2ePort(295));
  await server.start();
  const browser = await launchBrowser();
  const errors = new ConsoleErrors();
  try {
    await journey(t, browser, errors, "the node list shows this node and its throughput; the details show its runtime", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/nodes");
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Nodes");
      const system = await (await page.request.get(server.url("/api/system"))).json() as { node_id: string; hostname: string };
      await page.getByText("There is 1 active node.").waitFor();
      const row = page.getByTestId("node-row");
      await row.getByText(`${system.node_id.slice(0, 8)} / ${system.hostname}`).waitFor();
      await row.getByText("Leader").waitFor();
      // The demo traffic (5 msg/s) arrives while the page refreshes every 5 s: the rate shown becomes positive.
      await eventually(async () => assert.match(await row.getByTestId("node-throughput").innerText(), /Processing [1-9]\d* incoming/), 15_000);
      await page.screenshot({ path: `${SHOTS}nodes-light.png`, fullPage: true });

      await row.getByRole("link", { name: "Details" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), `Node ${system.node_id.slice(0, 8)} / ${system.hostname}`));
      await page.getByText("Version").waitFor();
      await eventually(async () => assert.match(await page.getByTestId("heap-usage").innerText(), /Heap: [\d.,]+ (KiB|MiB) used of/));
      await page.getByText("Process buffer").waitFor();
    });

    await journey(t, browser, errors, "the metrics page filters the registry and shows live values; the dumps show this process", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/nodes");
      const nodeId = (await (await page.request.get(server.url("/api/system"))).json() as { node_id: string }).node_id;
      await page.goto(server.url(`/system/metrics/node/${nodeId}`));
      await waitForPageHydration(page);
      assert.equal(await pageHeading(page), "Metrics");
      await page.getByRole("textbox", { name: "Filter metrics" }).fill("throughput input");
      await eventually(async () => assert.match(await page.getByTestId("metric-count").innerText(), /^2 of \d+ metrics\.$/));
      const counter = page.getByTestId("metric-row").filter({ hasText: "org.graylog2.throughput.input" }).filter({ hasText: "counter" });
      const first = Number((await counter.getByText(/^Count:/).locator("..").innerText()).replace(/\D/g, ""));
      assert.ok(first > 0, "the counter counts the demo messages");
      // Live: the counter moves while the page stays open (the demo traffic keeps arriving).
      await eventually(async () => {
        assert.ok(Number((await counter.innerText()).replace(/^[\s\S]*Count:\s*/, "").replace(/\D/g, "")) > first);
      }, 15_000);
      await page.getByRole("textbox", { name: "Filter metrics" }).fill("rest requests");
      await page.getByTestId("metric-row").filter({ hasText: "timer" }).getByText("95th percentile:").waitFor();
      await page.screenshot({ path: `${SHOTS}node-metrics-dark.png`, fullPage: true });

      await page.goto(server.url(`/system/threaddump/${nodeId}`));
      await waitForPageHydration(page);
      await eventually(async () => assert.match(await page.getByTestId("thread-dump").innerText(), /"main" JavaScript isolate: RUNNABLE/));
      await page.goto(server.url(`/system/processbufferdump/${nodeId}`));
      await waitForPageHydration(page);
      await page.getByTestId("processor-row").filter({ hasText: "ProcessBufferProcessor #0" }).getByText(/codec → static_fields/).waitFor();
    }, { colorScheme: "dark" });

    await journey(t, browser, errors, "indexer failures are reached from the indices page and say there are none", async ({ context, page }) => {
      await signIn(server, context, page, "admin", "/system/indices");
      await waitForPageHydration(page);
      await page.getByRole("link", { name: "Indexer failures" }).click();
      await eventually(async () => assert.equal(await pageHeading(page), "Indexer failures"));
      await page.getByText("0 indexer failures in the last 24 hours, 0 in total.").waitFor();
      await page.getByText(/^There are no indexer failures\./).waitFor();
    });

    await assertNoConsoleErrors(t, errors);
  } finally {
    await browser.close();
    await server.dispose();
  }
});
