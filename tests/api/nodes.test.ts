import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { ClusterMetricsResponseSchema, MetricNamesSchema, MetricsResponseSchema, MetricValueSchema } from "../../api/schemas/metrics.ts";
import { BuffersSchema, ClusterJvmSchema, ClusterSystemSchema, ProcessBufferDumpSchema, ThreadDumpSchema, ThroughputSchema } from "../../api/schemas/nodes.ts";
import { ClusterNodeSchema, JvmInfoSchema, SystemInfoSchema } from "../../api/schemas/system.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

async function ok<T>(h: ApiHarness, method: "GET" | "POST", path: string, schema: { parse(value: unknown): T }, body?: unknown, cookie?: string): Promise<T> {
  const answer = await h.call(method, path, { body, cookie });
  assert.equal(answer.status, 200, `${method} ${path}: ${JSON.stringify(answer.body)}`);
  return assertSchema(schema as never, answer.body) as T;
}

const nodeIdOf = async (h: ApiHarness) => (await ok(h, "GET", "/system", SystemInfoSchema)).node_id;

apiTest("the node answering is the cluster's one node, by id and in the cluster maps", async (h) => {
  const nodeId = await nodeIdOf(h);
  const self = await ok(h, "GET", "/system/cluster/node", ClusterNodeSchema);
  assert.equal(self.node_id, nodeId);
  assert.equal(self.is_leader, true);
  const { last_seen: _seen, ...byId } = await ok(h, "GET", `/system/cluster/nodes/${nodeId}`, ClusterNodeSchema);
  const { last_seen: _seenBefore, ...identity } = self;
  assert.deepEqual(byId, identity);
  assert.deepEqual(Object.keys(await ok(h, "GET", "/cluster", ClusterSystemSchema)), [nodeId]);
  assert.equal((await ok(h, "GET", `/cluster/${nodeId}/system`, SystemInfoSchema)).node_id, nodeId);
  const jvm = await ok(h, "GET", "/cluster/jvm", ClusterJvmSchema);
  assert.ok(jvm[nodeId].used_memory.bytes > 0, "the heap in use is measured");
  assert.equal((await ok(h, "GET", `/cluster/${nodeId}/jvm`, JvmInfoSchema)).pid, String(Deno.pid));
});

apiTest("an unknown node is 404 on every call that names one; a malformed id is 400", async (h) => {
  for (const path of ["/system/cluster/nodes/nope", "/cluster/nope/system", "/cluster/nope/jvm", "/cluster/nope/threaddump", "/cluster/nope/processbufferdump", "/cluster/nope/metrics/names", "/cluster/nope/metrics/namespace/jvm"]) {
    const answer = await h.call("GET", path);
    assert.equal(answer.status, 404, path);
    assertSchema(ApiErrorSchema, answer.body);
  }
  const missing = await h.call("POST", "/cluster/nope/metrics/multiple", { body: { metrics: [] } });
  assert.equal(missing.status, 404);
  const malformed = await h.call("GET", "/cluster/not%20a%20node/jvm");
  assert.equal(malformed.status, 400);
  assert.match(assertSchema(ApiErrorSchema, malformed.body).message, /nodeId/);
});

apiTest("the thread dump names this process and the database threads; the process-buffer dump follows the message processors order", async (h) => {
  const nodeId = await nodeIdOf(h);
  const { threaddump } = await ok(h, "GET", `/cluster/${nodeId}/threaddump`, ThreadDumpSchema);
  assert.match(threaddump, new RegExp(`pid ${Deno.pid}`));
  assert.match(threaddump, /"duckdb" worker threads: \d+/);
  assert.equal((await ok(h, "GET", "/system/threaddump", ThreadDumpSchema)).threaddump.split("\n")[0].startsWith("Thread dump of"), true);
  const before = (await ok(h, "GET", "/system/processbufferdump", ProcessBufferDumpSchema)).processbuffer_dump;
  assert.match(before["ProcessBufferProcessor #0"], /codec → static_fields → extractors → stream_rules → pipelines → index_set → outputs → store/);
  const config = await h.call("PUT", "/system/messageprocessors/config", {
    body: {
      processor_order: [
        { name: "Pipeline Processor", class_name: "org.graylog.plugins.pipelineprocessor.processors.PipelineInterpreter" },
        { name: "Message Filter Chain", class_name: "org.graylog2.messageprocessors.MessageFilterChainProcessor" },
        { name: "Stream Rule Processor", class_name: "org.graylog2.messageprocessors.StreamMatcherFilterProcessor" },
      ],
      disabled_processors: ["org.graylog2.messageprocessors.StreamMatcherFilterProcessor"],
    },
  });
  assert.equal(config.status, 200, JSON.stringify(config.body));
  const after = (await ok(h, "GET", `/cluster/${nodeId}/processbufferdump`, ProcessBufferDumpSchema)).processbuffer_dump;
  assert.match(after["ProcessBufferProcessor #0"], /codec → pipelines → static_fields → extractors → index_set → outputs → store/);
});

apiTest("metrics by name, by namespace and for every node read the live registry", async (h) => {
  const nodeId = await nodeIdOf(h);
  const { names } = await ok(h, "GET", "/system/metrics/names", MetricNamesSchema);
  assert.ok(names.includes("org.graylog2.throughput.input"));
  assert.ok(names.includes("org.graylog2.rest.resources.requests"));
  assert.deepEqual(names, [...names].sort());
  assert.deepEqual((await ok(h, "GET", `/cluster/${nodeId}/metrics/names`, MetricNamesSchema)).names, names);
  assert.deepEqual(await ok(h, "GET", "/system/metrics/org.graylog2.throughput.input", MetricValueSchema), { count: 25 });
  const jvm = await ok(h, "GET", "/system/metrics/namespace/jvm.memory", MetricsResponseSchema);
  assert.ok(jvm.total >= 3 && jvm.metrics.every((metric) => metric.full_name.startsWith("jvm.memory")));
  assert.equal((await h.call("GET", "/system/metrics/namespace/no.such")).status, 404);
  assert.equal((await h.call("GET", "/system/metrics/no.such.metric")).status, 404);
  const cluster = await ok(h, "POST", "/cluster/metrics/multiple", ClusterMetricsResponseSchema, { metrics: ["org.graylog2.throughput.output", "nope"] });
  assert.deepEqual(cluster, { [nodeId]: { total: 1, metrics: [{ full_name: "org.graylog2.throughput.output", name: "output", type: "counter", metric: { count: 25 } }] } });
  // The batch-size histogram saw the demo messages' batches; the request timer counts the calls made above.
  const [batches, requests] = (await ok(h, "POST", `/cluster/${nodeId}/metrics/multiple`, MetricsResponseSchema, {
    metrics: ["org.graylog2.shared.buffers.processors.ProcessBufferProcessor.batchSize", "org.graylog2.rest.resources.requests"],
  })).metrics;
  assert.equal(batches.type, "histogram");
  if (batches.type === "histogram") assert.equal(batches.metric.time.max, 25);
  assert.equal(requests.type, "timer");
  if (requests.type === "timer") {
    assert.ok(requests.metric.rate.total >= 8, `the 8 calls above are counted: ${requests.metric.rate.total}`);
    assert.ok(requests.metric.time.max >= requests.metric.time.mean && requests.metric.time.mean > 0);
  }
}, { demoMessages: 25 });

apiTest("buffers and throughput answer in Graylog's shapes", async (h) => {
  const { buffers } = await ok(h, "GET", "/system/buffers", BuffersSchema);
  assert.deepEqual(buffers.process, { utilization_percent: 0, utilization: 0 });
  assert.equal(typeof (await ok(h, "GET", "/system/throughput", ThroughputSchema)).throughput, "number");
});

apiTest("the reader may not dump threads nor list every metric name", async (h) => {
  for (const path of ["/system/threaddump", "/system/processbufferdump", "/system/metrics/names"]) {
    assert.equal((await h.call("GET", path, { cookie: h.readerCookie })).status, 403, path);
  }
});

apiTest("malformed cluster metric requests are refused with 400 naming the field", async (h) => {
  const nodeId = await nodeIdOf(h);
  for (const path of ["/cluster/metrics/multiple", `/cluster/${nodeId}/metrics/multiple`]) {
    for (const [body, message] of [[{}, /metrics/], [{ metrics: [1] }, /metrics\.0/], [{ metrics: [], extra: 1 }, /extra/]] as const) {
      const answer = await h.call("POST", path, { body });
      assert.equal(answer.status, 400, `${path} ${JSON.stringify(body)}`);
      assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
    }
  }
});
