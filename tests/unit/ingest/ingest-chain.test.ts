import assert from "node:assert/strict";
import type { MessageProcessorsConfig } from "../../../api/schemas/message-processors.ts";
import { SECURITY_STREAM_ID, WEB_STREAM_ID } from "../../../fixtures/seed-streams.ts";
import { IngestChain, PLAIN_INPUT, processBatch } from "../../../mock-backend/ingest/ingest-chain.ts";
import { messageBatch } from "../../../mock-backend/ingest/message-batch.ts";
import { DEFAULT_STREAM_ID } from "../../../shared/product.ts";
import { aMessage, withStore } from "../store/with-store.ts";

const FILTER_CHAIN = "org.graylog2.messageprocessors.MessageFilterChainProcessor";
const STREAM_RULES = "org.graylog2.messageprocessors.StreamMatcherFilterProcessor";
const PIPELINES = "org.graylog.plugins.pipelineprocessor.processors.PipelineInterpreter";

function chainWith(config: MessageProcessorsConfig): IngestChain {
  const chain = new IngestChain();
  chain.configure(config);
  return chain;
}

Deno.test("by default a message passes codec, static fields, extractors, stream rules, pipelines, index set, outputs, store", () => {
  assert.deepEqual(new IngestChain().steps(), [
    "codec",
    "static_fields",
    "extractors",
    "stream_rules",
    "pipelines",
    "index_set",
    "outputs",
    "store",
  ]);
});

Deno.test("the configured order moves a message processor's steps together; a disabled one's steps are left out", () => {
  assert.deepEqual(
    chainWith({ processor_order: [PIPELINES, STREAM_RULES, FILTER_CHAIN], disabled_processors: [] }).steps(),
    ["codec", "pipelines", "stream_rules", "static_fields", "extractors", "index_set", "outputs", "store"],
  );
  assert.deepEqual(
    chainWith({ processor_order: [FILTER_CHAIN, STREAM_RULES, PIPELINES], disabled_processors: [STREAM_RULES] })
      .steps(),
    ["codec", "static_fields", "extractors", "pipelines", "index_set", "outputs", "store"],
  );
});

Deno.test("a processor the saved order leaves out runs after the others, as Graylog completes the order", () => {
  assert.deepEqual(
    chainWith({ processor_order: [STREAM_RULES], disabled_processors: [] }).steps(),
    ["codec", "stream_rules", "pipelines", "static_fields", "extractors", "index_set", "outputs", "store"],
  );
});

Deno.test("an input's static fields are added to messages without that field and keep the fast path out", async () => {
  await withStore((store) => {
    const input = { staticFields: [{ name: "datacenter", value: "fra1" }], extractors: [] };
    const batch = messageBatch([aMessage(), aMessage({ fields: { datacenter: "own" } })]);
    processBatch(store.chain.processors(store.chainContext(), input), batch);
    assert.deepEqual(batch.messages.map((message) => message.fields?.datacenter), ["fra1", "own"]);
    assert.match(store.chain.javaScriptWork(store.chainContext(), input) ?? "", /static fields \(datacenter\)/);
    assert.equal(store.chain.javaScriptWork(store.chainContext(), PLAIN_INPUT), null);
    return Promise.resolve();
  });
});

Deno.test("an input's extractors run on every message in their order; without extractors messages pass as they are", async () => {
  await withStore((store) => {
    const seen: string[] = [];
    const input = {
      staticFields: [],
      extractors: [
        { title: "first", apply: () => void seen.push("first") },
        { title: "second", apply: () => void seen.push("second") },
      ],
    };
    const message = aMessage({ fields: { a: 1 } });
    processBatch(store.chain.processors(store.chainContext(), input), messageBatch([message]));
    assert.deepEqual(seen, ["first", "second"]);
    const untouched = aMessage({ fields: { a: 1 } });
    processBatch(store.chain.processors(store.chainContext(), PLAIN_INPUT), messageBatch([untouched]));
    assert.deepEqual(untouched, aMessage({ fields: { a: 1 } }));
    return Promise.resolve();
  });
});

Deno.test("stream rules route each message; with the Stream Rule Processor disabled it is in the default stream only", async () => {
  await withStore((store) => {
    const access = aMessage({ fields: { http_method: "GET" } });
    const routed = messageBatch([access]);
    processBatch(store.chain.processors(store.chainContext(), PLAIN_INPUT), routed);
    assert.deepEqual(routed.streams[0], [DEFAULT_STREAM_ID, WEB_STREAM_ID]);
    assert.equal(routed.indexSets[0].length, 1);

    store.chain.configure({ processor_order: [], disabled_processors: [STREAM_RULES] });
    const unrouted = messageBatch([access, aMessage({ streams: [SECURITY_STREAM_ID] })]);
    processBatch(store.chain.processors(store.chainContext(), PLAIN_INPUT), unrouted);
    // The security stream a message names still takes it (and, as configured, out of the default stream).
    assert.deepEqual(unrouted.streams, [[DEFAULT_STREAM_ID], [SECURITY_STREAM_ID]]);
    assert.notDeepEqual(unrouted.indexSets[1], unrouted.indexSets[0]);
    return Promise.resolve();
  });
});

Deno.test("a batch is sorted by time before the processors see it", () => {
  const batch = messageBatch([aMessage({ timestamp: 3 }), aMessage({ timestamp: 1 }), aMessage({ timestamp: 2 })]);
  assert.deepEqual(batch.messages.map((message) => message.timestamp), [1, 2, 3]);
});

Deno.test("a changed configuration applies to the next ingest: stored messages follow the chain as configured", async () => {
  await withStore(async (store) => {
    await store.ingest([aMessage({ timestamp: 1, fields: { http_method: "GET" } })]);
    store.chain.configure({ processor_order: [], disabled_processors: [STREAM_RULES] });
    await store.ingest([aMessage({ timestamp: 2, fields: { http_method: "GET" } })]);
    assert.equal(await store.count({ streams: [WEB_STREAM_ID] }), 1);
    assert.equal(await store.count({ streams: [DEFAULT_STREAM_ID] }), 2);
  });
});
