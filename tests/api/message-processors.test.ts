import assert from "node:assert/strict";
import { MessageProcessorsConfigWithDescriptorsSchema } from "../../api/schemas/message-processors.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import { apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const CONFIG = "/system/messageprocessors/config";
const FILTER_CHAIN = { name: "Message Filter Chain", class_name: "org.graylog2.messageprocessors.MessageFilterChainProcessor" };
const STREAM_RULES = { name: "Stream Rule Processor", class_name: "org.graylog2.messageprocessors.StreamMatcherFilterProcessor" };
const PIPELINES = {
  name: "Pipeline Processor",
  class_name: "org.graylog.plugins.pipelineprocessor.processors.PipelineInterpreter",
};

apiTest("the message processors read as Graylog's default: filter chain, stream rules, pipelines, none disabled", async (h) => {
  const answer = await h.call("GET", CONFIG);
  assert.equal(answer.status, 200);
  assert.deepEqual(assertSchema(MessageProcessorsConfigWithDescriptorsSchema, answer.body), {
    processor_order: [FILTER_CHAIN, STREAM_RULES, PIPELINES],
    disabled_processors: [],
  });
});

apiTest("a saved order and disabled processor are read back and change the ingest chain at once", async (h) => {
  const body = { processor_order: [PIPELINES, FILTER_CHAIN, STREAM_RULES], disabled_processors: [STREAM_RULES.class_name] };
  const saved = await h.call("PUT", CONFIG, { body });
  assert.equal(saved.status, 200);
  assert.deepEqual(assertSchema(MessageProcessorsConfigWithDescriptorsSchema, saved.body), body);
  assert.deepEqual(assertSchema(MessageProcessorsConfigWithDescriptorsSchema, (await h.call("GET", CONFIG)).body), body);
  const chain = (h.backend as EmbeddedBackend).messageStore.chain;
  assert.deepEqual(chain.steps(), ["codec", "pipelines", "static_fields", "extractors", "index_set", "outputs", "store"]);
  // The cluster config holds the class names only, as Graylog's MessageProcessorsConfig.
  const stored = await h.call("GET", "/system/cluster_config/org.graylog2.messageprocessors.MessageProcessorsConfig");
  assert.deepEqual(stored.body, {
    processor_order: [PIPELINES.class_name, FILTER_CHAIN.class_name, STREAM_RULES.class_name],
    disabled_processors: [STREAM_RULES.class_name],
  });
});

apiTest("an order that leaves processors out is completed with them at its end", async (h) => {
  const saved = await h.call("PUT", CONFIG, { body: { processor_order: [STREAM_RULES], disabled_processors: [] } });
  assert.equal(saved.status, 200);
  assert.deepEqual(assertSchema(MessageProcessorsConfigWithDescriptorsSchema, saved.body).processor_order, [
    STREAM_RULES,
    PIPELINES,
    FILTER_CHAIN,
  ]);
});

apiTest("bad bodies are refused with 400 naming the field, and the configuration stays as it was", async (h) => {
  const before = (await h.call("GET", CONFIG)).body;
  const cases: [unknown, RegExp][] = [
    [
      { processor_order: [{ name: "GeoIP Resolver", class_name: "org.graylog.plugins.map.geoip.processor.GeoIpProcessor" }], disabled_processors: [] },
      /processor_order\.0\.class_name: must be one of/,
    ],
    [{ processor_order: [FILTER_CHAIN, FILTER_CHAIN], disabled_processors: [] }, /processor_order\.1: .*listed twice/],
    [
      { processor_order: [FILTER_CHAIN], disabled_processors: [PIPELINES.class_name, PIPELINES.class_name] },
      /disabled_processors\.1: .*listed twice/,
    ],
    [{ processor_order: [FILTER_CHAIN], disabled_processors: ["org.example.Nope"] }, /disabled_processors\.0: must be one of/],
    [{ processor_order: [FILTER_CHAIN] }, /disabled_processors/],
    [{ processor_order: [FILTER_CHAIN], disabled_processors: [], extra: 1 }, /extra/],
  ];
  for (const [body, message] of cases) {
    const answer = await h.call("PUT", CONFIG, { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match((answer.body as { message: string }).message, message);
  }
  assert.deepEqual((await h.call("GET", CONFIG)).body, before);
});

apiTest("the reader may neither read nor change the message processors", async (h) => {
  assert.equal((await h.call("GET", CONFIG, { cookie: h.readerCookie })).status, 403);
  const body = { processor_order: [FILTER_CHAIN], disabled_processors: [] };
  assert.equal((await h.call("PUT", CONFIG, { body, cookie: h.readerCookie })).status, 403);
});
