import assert from "node:assert/strict";
import { InputStateSummarySchema, InputSummarySchema } from "../../api/schemas/inputs.ts";
import { MetricsResponseSchema } from "../../api/schemas/metrics.ts";
import { openEmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { apiSuite } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

/** Polls `check` until it is true; false when `timeoutMs` passed. */
async function eventuallyTrue(check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return false;
}

const DEMO = "org.graylog2.inputs.demo.DemoTrafficInput";
const suite = apiSuite("the demo traffic generator is an input");

suite.test("it is an input type with a rate; launched, it counts what it received and the throughput counts it too", async (h) => {
  const types = (await h.call("GET", "/system/inputs/types")).body as { types: Record<string, string> };
  assert.equal(types.types[DEMO], "Demo traffic generator");
  const refused = await h.call("POST", "/system/inputs", { body: { title: "demo", type: DEMO, global: false, configuration: { rate: 0 } } });
  assert.equal(refused.status, 400);
  assert.match(JSON.stringify(refused.body), /rate/);

  const created = await h.call("POST", "/system/inputs", { body: { title: "demo", type: DEMO, global: false, configuration: { rate: 20 } } });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { id } = created.body as { id: string };
  const input = assertSchema(InputSummarySchema, (await h.call("GET", `/system/inputs/${id}`)).body);
  assert.equal(input.name, "Demo traffic generator");
  assert.equal(assertSchema(InputStateSummarySchema, (await h.call("GET", `/system/inputstates/${id}`)).body).state, "RUNNING");

  const names = [`${DEMO}.${id}.incomingMessages`, "org.graylog2.throughput.input"];
  const counts = async () => {
    const answer = assertSchema(MetricsResponseSchema, (await h.call("POST", "/system/metrics/multiple", { body: { metrics: names } })).body);
    return Object.fromEntries(answer.metrics.map((metric) => [metric.full_name, metric]));
  };
  const counted = await eventuallyTrue(async () => {
    const metrics = await counts();
    const received = metrics[names[0]];
    return received?.type === "meter" && received.metric.rate.total > 0;
  }, 10_000);
  assert.ok(counted, "the input's meter counted nothing");
  const throughput = (await counts())[names[1]];
  assert.ok(throughput?.type === "counter" && throughput.metric.count > 0);
  const stored = await eventuallyTrue(async () => {
    const found = await h.call("GET", `/search/universal/relative?query=gl2_source_input:${id}&range=300`);
    return (found.body as { total_results: number }).total_results > 0;
  }, 10_000);
  assert.ok(stored);
  assert.equal((await h.call("DELETE", `/system/inputs/${id}`)).status, 204);
});

suite.test("stopping the last running input raises 'no running input'; starting it again fixes it", async (h) => {
  const created = await h.call("POST", "/system/inputs", { body: { title: "demo", type: DEMO, global: false, configuration: { rate: 1 } } });
  const { id } = created.body as { id: string };
  const types = async () => ((await h.call("GET", "/system/notifications")).body as { notifications: { type: string }[] }).notifications.map((n) => n.type);
  assert.equal((await types()).includes("no_input_running"), false);
  assert.equal((await h.call("DELETE", `/system/inputstates/${id}`)).status, 200);
  assert.equal((await types()).includes("no_input_running"), true);
  assert.equal((await h.call("PUT", `/system/inputstates/${id}`)).status, 200);
  assert.equal((await types()).includes("no_input_running"), false);
  assert.equal((await h.call("DELETE", `/system/inputs/${id}`)).status, 204);
});

Deno.test("the demo setup runs a demo traffic input on this node", async () => {
  const backend = await openEmbeddedBackend({ databasePath: ":memory:", adminPassword: "admin", demoMessages: 0, demoRate: 3 });
  try {
    const inputs = await backend.inputs.list();
    assert.deepEqual(inputs.map((input) => [input.title, input.type, input.global]), [["Demo traffic", DEMO, false]]);
    assert.deepEqual((await backend.inputs.states()).map((state) => state.state), ["RUNNING"]);
  } finally {
    await backend.close();
  }
});
