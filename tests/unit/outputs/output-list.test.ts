import assert from "node:assert/strict";
import type { OutputSummary } from "../../../api/schemas/outputs.ts";
import type { Metric } from "../../../api/schemas/metrics.ts";
import {
  assignableOptions,
  type AvailableOutputType,
  configurationLines,
  outputRequest,
  throughputText,
  writesMetric,
  writtenCounts,
} from "../../../ui/system/outputs/logic/output-list.ts";

const output = (overrides: Partial<OutputSummary> = {}): OutputSummary => ({
  id: "0123456789abcdef01234567",
  title: "forwarder",
  type: "org.graylog2.outputs.GelfOutput",
  creator_user_id: "admin",
  configuration: { protocol: "UDP", hostname: "10.0.0.9", port: 12201 },
  created_at: "2026-01-01T00:00:00.000Z",
  content_pack: null,
  ...overrides,
});

const field = (human_name: string, position: number) => ({
  type: "text" as const,
  human_name,
  description: "",
  is_optional: false,
  is_encrypted: false,
  default_value: "",
  position,
  attributes: [],
  additional_info: {},
});

const gelfType: AvailableOutputType = {
  type: "org.graylog2.outputs.GelfOutput",
  name: "GELF Output",
  human_name: "GELF Output",
  link_to_docs: "",
  requested_configuration: { hostname: field("Destination", 0), port: field("Destination Port", 1), protocol: field("Protocol", 2) },
};

Deno.test("a row shows the configuration under the fields' human names in the type's order", () => {
  assert.deepEqual(configurationLines(output(), gelfType), [
    { label: "Destination", value: "10.0.0.9" },
    { label: "Destination Port", value: "12201" },
    { label: "Protocol", value: "UDP" },
  ]);
});

Deno.test("a row of a type the server does not describe shows the raw keys, an empty value as <empty>", () => {
  assert.deepEqual(configurationLines(output({ configuration: { path: "" } }), undefined), [{ label: "path", value: "<empty>" }]);
});

Deno.test("only outputs not yet on the stream can be assigned, by title", () => {
  const a = output({ id: "a".repeat(24), title: "zeta" });
  const b = output({ id: "b".repeat(24), title: "alpha" });
  const c = output({ id: "c".repeat(24), title: "mid" });
  assert.deepEqual(assignableOptions([a, b, c], [c]), [{ value: b.id, label: "alpha" }, { value: a.id, label: "zeta" }]);
});

Deno.test("an output launched on a stream's page is attached to that stream", () => {
  const payload = { type: "org.graylog2.outputs.FileOutput", title: "archive", configuration: { path: "/tmp/x.jsonl" } };
  assert.deepEqual(outputRequest(payload, "s1").streams, ["s1"]);
  assert.equal("streams" in outputRequest(payload, null), false);
});

Deno.test("an output's throughput is read from its writes meter; none yet reads as nothing written", () => {
  const gelf = output({ id: "o1" });
  assert.equal(writesMetric(gelf), "org.graylog2.outputs.GelfOutput.o1.writes");
  const meter: Metric = {
    full_name: "org.graylog2.outputs.GelfOutput.o1.writes",
    name: "writes",
    type: "meter",
    metric: { rate: { total: 1234, mean: 2, one_minute: 3.25, five_minute: 1, fifteen_minute: 1 }, rate_unit: "events/second" },
  };
  assert.deepEqual(writtenCounts([meter], gelf), { total: 1234, perSecond: 3.25 });
  assert.equal(throughputText(writtenCounts([meter], gelf)), "1,234 messages written · 3.3 msg/s (1 minute average)");
  assert.equal(throughputText(writtenCounts([], gelf)), "0 messages written · 0.0 msg/s (1 minute average)");
  assert.equal(throughputText({ total: 1, perSecond: 0 }), "1 message written · 0.0 msg/s (1 minute average)");
});
