import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { type Metric, MetricsResponseSchema } from "../../api/schemas/metrics.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const THROUGHPUT = [
  "org.graylog2.throughput.input.1-sec-rate",
  "org.graylog2.throughput.output.1-sec-rate",
  "org.graylog2.throughput.input",
  "org.graylog2.throughput.output",
  "org.graylog2.shared.buffers.processors.ProcessBufferProcessor.incomingMessages",
];

async function readMetrics(h: ApiHarness, metrics: string[], cookie?: string) {
  const answer = await h.call("POST", "/system/metrics/multiple", { body: { metrics }, cookie });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return assertSchema(MetricsResponseSchema, answer.body);
}

const byName = (metrics: Metric[]) => Object.fromEntries(metrics.map((m) => [m.full_name, m]));

apiTest("only known metric names are answered, in the order asked", async (h) => {
  const answer = await readMetrics(h, ["no.such.metric", "org.graylog2.throughput.output", "org.graylog2.throughput.input.1-sec-rate"]);
  assert.equal(answer.total, 2);
  assert.deepEqual(answer.metrics.map((m) => m.full_name), ["org.graylog2.throughput.output", "org.graylog2.throughput.input.1-sec-rate"]);
  assert.deepEqual(answer.metrics.map((m) => [m.name, m.type]), [["output", "counter"], ["1-sec-rate", "gauge"]]);
});

apiTest("asking for no metrics answers an empty list", async (h) => {
  assert.deepEqual(await readMetrics(h, []), { total: 0, metrics: [] });
});

apiTest("without ingested messages the throughput counters stand at zero", async (h) => {
  const metrics = byName((await readMetrics(h, THROUGHPUT)).metrics);
  assert.deepEqual(metrics["org.graylog2.throughput.input"].metric, { count: 0 });
  assert.deepEqual(metrics["org.graylog2.throughput.output"].metric, { count: 0 });
  assert.deepEqual(metrics["org.graylog2.throughput.input.1-sec-rate"].metric, { value: 0 });
});

apiTest("the throughput counters move after the backend ingests messages", async (h) => {
  const metrics = byName((await readMetrics(h, THROUGHPUT)).metrics);
  assert.deepEqual(metrics["org.graylog2.throughput.input"].metric, { count: 10 });
  assert.deepEqual(metrics["org.graylog2.throughput.output"].metric, { count: 10 });
  const meter = metrics["org.graylog2.shared.buffers.processors.ProcessBufferProcessor.incomingMessages"];
  assert.equal(meter.type, "meter");
  if (meter.type === "meter") {
    assert.equal(meter.metric.rate.total, 10);
    assert.equal(meter.metric.rate_unit, "events/second");
    assert.ok(meter.metric.rate.mean > 0, "the mean rate is positive once messages arrived");
  }
}, { demoMessages: 10 });

apiTest("the reader may read metrics (role Reader holds metrics:read)", async (h) => {
  assert.equal((await readMetrics(h, THROUGHPUT, h.readerCookie)).total, THROUGHPUT.length);
});

apiTest("malformed metric requests are refused with 400 naming the field", async (h) => {
  const cases: [unknown, RegExp][] = [
    [{}, /request body: metrics:/],
    [{ metrics: "org.graylog2.throughput.input" }, /metrics: .*expected array/],
    [{ metrics: [1] }, /metrics\.0: .*expected string/],
    [{ metrics: [""] }, /metrics\.0:/],
    [{ metrics: [], extra: true }, /Unrecognized key: "extra"/],
    [{ metrics: Array.from({ length: 501 }, (_, i) => `m${i}`) }, /metrics:/],
  ];
  for (const [body, message] of cases) {
    const answer = await h.call("POST", "/system/metrics/multiple", { body });
    assert.equal(answer.status, 400, JSON.stringify(body).slice(0, 80));
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
  }
});
