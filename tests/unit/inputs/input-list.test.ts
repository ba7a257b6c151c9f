import assert from "node:assert/strict";
import type { InputSummary } from "../../../api/schemas/inputs.ts";
import type { Metric } from "../../../api/schemas/metrics.ts";
import {
  inputRequest,
  inputSections,
  isRunning,
  listenAddress,
  receivedCounts,
  receivedMessagesHref,
  receivedText,
} from "../../../ui/system/inputs/logic/input-list.ts";
import { validateStaticFieldKey } from "../../../ui/system/inputs/logic/static-field-form.ts";

const anInput = (overrides: Partial<InputSummary> = {}): InputSummary => ({
  id: "0123456789abcdef01234567",
  title: "GELF in",
  global: true,
  name: "GELF UDP",
  content_pack: null,
  created_at: "2026-11-27T10:00:00.000Z",
  type: "org.graylog2.inputs.gelf.udp.GELFUDPInput",
  creator_user_id: "admin",
  attributes: { bind_address: "0.0.0.0", port: 12201 },
  static_fields: {},
  node: null,
  ...overrides,
});

const meter = (fullName: string, total: number, oneMinute: number): Metric => ({
  full_name: fullName,
  name: "incomingMessages",
  type: "meter",
  metric: { rate: { total, mean: 0, one_minute: oneMinute, five_minute: 0, fifteen_minute: 0 }, rate_unit: "events/second" },
});

Deno.test("'Show received messages' searches the input's messages of the last five minutes", () => {
  const href = new URL(receivedMessagesHref("abc"), "http://x");
  assert.equal(href.pathname, "/search");
  assert.equal(href.searchParams.get("q"), "gl2_source_input:abc");
  assert.equal(href.searchParams.get("rangetype"), "relative");
  assert.equal(href.searchParams.get("relative"), "300");
});

Deno.test("the received count and rate come from the input's incomingMessages meter, 0 without one", () => {
  const input = anInput();
  const metrics = [meter(`${input.type}.${input.id}.incomingMessages`, 1234, 2.5), meter("other.incomingMessages", 9, 9)];
  assert.deepEqual(receivedCounts(metrics, input), { total: 1234, perSecond: 2.5 });
  assert.deepEqual(receivedCounts([], input), { total: 0, perSecond: 0 });
  assert.equal(receivedText(1), "1 message received");
  assert.equal(receivedText(1234), "1,234 messages received");
});

Deno.test("inputs are split into global and local ones, each by title; the address shows where one listens", () => {
  const sections = inputSections([anInput({ title: "b" }), anInput({ title: "a" }), anInput({ title: "local", global: false })]);
  assert.deepEqual(sections.global.map((input) => input.title), ["a", "b"]);
  assert.deepEqual(sections.local.map((input) => input.title), ["local"]);
  assert.equal(listenAddress(anInput()), "0.0.0.0:12201");
  assert.equal(listenAddress(anInput({ attributes: {} })), null);
  assert.ok(isRunning("RUNNING"));
  assert.ok(!isRunning("FAILED"));
});

Deno.test("the launch request names this node only for a local input", () => {
  const payload = { type: "t", title: "T", configuration: { port: 1 } };
  assert.deepEqual(inputRequest(payload, true, "node-1"), { title: "T", type: "t", global: true, configuration: { port: 1 }, node: null });
  assert.equal(inputRequest(payload, false, "node-1").node, "node-1");
});

Deno.test("a static field key must be given and be letters, digits, underscores, dots or dashes", () => {
  assert.equal(validateStaticFieldKey(""), "Field is required.");
  assert.match(validateStaticFieldKey("bad key")!, /^Key must only contain/);
  assert.equal(validateStaticFieldKey("dc.name-1"), null);
});
