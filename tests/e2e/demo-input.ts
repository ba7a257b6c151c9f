import assert from "node:assert/strict";
import type { Page } from "playwright-core";
import type { SluiceServer } from "./harness.ts";

/** The demo setup's input type (mock-backend/inputs/input-types.ts). */
const DEMO_INPUT_TYPE = "org.graylog2.inputs.demo.DemoTrafficInput";

/**
 * Stops the demo traffic input the e2e server's demo setup launched (the page must be signed in): with it the node
 * has no running input, so 'no running input' is raised, and tests that count messages see no live trickle.
 */
export async function stopDemoInput(server: SluiceServer, page: Page): Promise<void> {
  const inputs = await (await page.request.get(server.url("/api/system/inputs"))).json() as { inputs: { id: string; type: string }[] };
  const demo = inputs.inputs.find((input) => input.type === DEMO_INPUT_TYPE);
  assert.ok(demo, "the demo setup launched no demo input");
  const stopped = await page.request.delete(server.url(`/api/system/inputstates/${demo.id}`), { headers: { "X-Requested-By": "XMLHttpRequest" } });
  assert.equal(stopped.status(), 200);
}
