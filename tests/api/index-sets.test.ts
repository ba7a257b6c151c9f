import assert from "node:assert/strict";
import type { z } from "@hono/zod-openapi";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import {
  ClosedIndicesSchema,
  ClusterHealthSchema,
  ClusterNameSchema,
  CountSchema,
  DeflectorSummarySchema,
  FailureCountSchema,
  IndexerOverviewSchema,
  IndexFailuresSchema,
  IndexInfoSchema,
  IndexListSchema,
  IndexRangeSchema,
  IndexRangesSchema,
  IndexSetDefaultsSchema,
  IndexSetListSchema,
  IndexSetSchema,
  IndexSetStatsSchema,
  INDEX_SET_DEFAULTS,
  INDEX_SET_DEFAULTS_CONFIG_CLASS,
  RETENTION_STRATEGY_CLASSES,
  ROTATION_STRATEGY_CLASSES,
} from "../../api/schemas/index-sets.ts";
import type { StreamCreatedSchema } from "../../api/schemas/streams.ts";
import { UniversalSearchResponseSchema } from "../../api/schemas/search-support.ts";
import { DEFAULT_INDEX_SET_ID, SECURITY_INDEX_SET_ID } from "../../fixtures/seed-streams.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import type { IncomingMessage } from "../../mock-backend/store/incoming-message.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const ROTATION = "org.graylog2.indexer.rotation.strategies";
const RETENTION = "org.graylog2.indexer.retention.strategies";

/** A create body: message count rotation and deletion retention unless overridden. */
const aSet = (overrides: Record<string, unknown> = {}) => ({
  title: "Retention test",
  description: "Keeps three indices",
  index_prefix: "retention",
  shards: 1,
  replicas: 0,
  rotation_strategy_class: ROTATION_STRATEGY_CLASSES.count,
  rotation_strategy: { type: `${ROTATION}.MessageCountRotationStrategyConfig`, max_docs_per_index: 1000 },
  retention_strategy_class: RETENTION_STRATEGY_CLASSES.delete,
  retention_strategy: { type: `${RETENTION}.DeletionRetentionStrategyConfig`, max_number_of_indices: 3 },
  index_optimization_max_num_segments: 1,
  index_optimization_disabled: false,
  field_type_refresh_interval: 5000,
  ...overrides,
});

async function ok(h: ApiHarness, method: "GET" | "POST" | "PUT" | "DELETE", path: string, status: number, body?: unknown) {
  const answer = await h.call(method, path, body === undefined ? {} : { body });
  assert.equal(answer.status, status, `${method} ${path}: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

function assertBadRequest(answer: { status: number; body: unknown }, message: RegExp): void {
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
}

/** A stream routing `source:<source>` messages to the index set (and not to the default stream). */
async function streamInto(h: ApiHarness, indexSetId: string, source: string): Promise<string> {
  const created = await ok(h, "POST", "/streams", 201, { title: `Into ${source}`, index_set_id: indexSetId, remove_matches_from_default_stream: true });
  const id = (created as z.infer<typeof StreamCreatedSchema>).stream_id;
  await ok(h, "POST", `/streams/${id}/rules`, 201, { field: "source", type: 1, value: source });
  await ok(h, "POST", `/streams/${id}/resume`, 204);
  return id;
}

const START = Date.parse("2026-01-02T00:00:00Z");
const messages = (source: string, count: number, from = 0): IncomingMessage[] =>
  Array.from({ length: count }, (_, i) => ({ timestamp: START + (from + i) * 1000, source, message: `message ${from + i}`, fields: { seq: from + i } }));

async function searchTotal(h: ApiHarness, query: string): Promise<z.infer<typeof UniversalSearchResponseSchema>> {
  const answer = await ok(h, "GET", `/search/universal/absolute?query=${encodeURIComponent(query)}&from=2026-01-01T00:00:00Z&to=2026-01-03T00:00:00Z&limit=1&sort=timestamp:asc`, 200);
  return assertSchema(UniversalSearchResponseSchema, answer);
}

apiTest("count rotation 1,000 with retention 3: of 10,000 messages the newest 3,000 stay searchable", async (h) => {
  const set = assertSchema(IndexSetSchema, await ok(h, "POST", "/system/indices/index_sets", 200, aSet()));
  assert.equal(set.index_prefix, "retention");
  assert.equal(set.default, false);
  await streamInto(h, set.id, "retention-host");
  await (h.backend as EmbeddedBackend).messageStore.ingest(messages("retention-host", 10_000));

  const list = assertSchema(IndexListSchema, await ok(h, "GET", `/system/indexer/indices/${set.id}/list`, 200));
  assert.deepEqual(list.indices.map((index) => [index.index_name, index.document_count]), [
    ["retention_7", 1000],
    ["retention_8", 1000],
    ["retention_9", 1000],
  ]);
  assert.deepEqual(list.indices.map((index) => index.is_deflector), [false, false, true]);

  const found = await searchTotal(h, "source:retention-host");
  assert.equal(found.total_results, 3000);
  assert.equal(found.messages[0].message.message, "message 7000", "the oldest searchable message is the 7,001st");
  assert.equal((await searchTotal(h, "seq:<7000")).total_results, 0, "messages of deleted indices are gone");

  const stats = assertSchema(IndexSetStatsSchema, await ok(h, "GET", `/system/indices/index_sets/${set.id}/stats`, 200));
  assert.equal(stats.indices, 3);
  assert.equal(stats.documents, 3000);
  assert.ok(stats.size > 0);
  assert.deepEqual(assertSchema(CountSchema, await ok(h, "GET", `/count/${set.id}/total`, 200)), { events: 3000 });
});

apiTest("closing retention closes the oldest indices: not searched, listed as closed, reopened on request", async (h) => {
  const set = assertSchema(IndexSetSchema, await ok(h, "POST", "/system/indices/index_sets", 200, aSet({
    index_prefix: "closing",
    rotation_strategy: { type: `${ROTATION}.MessageCountRotationStrategyConfig`, max_docs_per_index: 10 },
    retention_strategy_class: RETENTION_STRATEGY_CLASSES.close,
    retention_strategy: { type: `${RETENTION}.ClosingRetentionStrategyConfig`, max_number_of_indices: 2 },
  })));
  await streamInto(h, set.id, "closing-host");
  await (h.backend as EmbeddedBackend).messageStore.ingest(messages("closing-host", 40));
  const closed = assertSchema(ClosedIndicesSchema, await ok(h, "GET", "/system/indexer/indices/closed", 200));
  assert.deepEqual(closed, { indices: ["closing_0", "closing_1"], total: 2 });
  assert.equal((await searchTotal(h, "source:closing-host")).total_results, 20);

  await ok(h, "POST", "/system/indexer/indices/closing_0/reopen", 204);
  assert.equal((await searchTotal(h, "source:closing-host")).total_results, 30, "a reopened index is searched again");
  const overview = assertSchema(IndexerOverviewSchema, await ok(h, "GET", `/system/indexer/overview/${set.id}`, 200));
  assert.equal(overview.deflector.current_target, "closing_3");
  assert.equal(overview.indices.closing_1.is_closed, true);
  assert.equal(overview.indices.closing_0.is_closed, false);
  assert.equal(overview.indices.closing_0.size?.events, 10);
  assert.equal(overview.counts.events, 30);

  await ok(h, "POST", "/system/indexer/indices/closing_2/close", 204);
  assert.equal((await searchTotal(h, "source:closing-host")).total_results, 20, "a closed index is not searched");
  await ok(h, "DELETE", "/system/indexer/indices/closing_0", 204);
  assert.equal((await searchTotal(h, "source:closing-host")).total_results, 10, "a deleted index is gone from search");
  assert.equal((await h.call("GET", "/system/indexer/indices/closing_0")).status, 404);

  assertBadRequest(await h.call("POST", "/system/indexer/indices/closing_3/close"), /write index cannot be closed/);
  assertBadRequest(await h.call("DELETE", "/system/indexer/indices/closing_3"), /write index cannot be deleted/);
  assert.equal((await h.call("POST", "/system/indexer/indices/nosuch_1/close")).status, 404);
});

apiTest("size rotation starts a new index once the write index holds max_size bytes; time rotation keeps one while young", async (h) => {
  const sized = assertSchema(IndexSetSchema, await ok(h, "POST", "/system/indices/index_sets", 200, aSet({
    index_prefix: "sized",
    rotation_strategy_class: ROTATION_STRATEGY_CLASSES.size,
    rotation_strategy: { type: `${ROTATION}.SizeBasedRotationStrategyConfig`, max_size: 500 },
    retention_strategy_class: RETENTION_STRATEGY_CLASSES.none,
    retention_strategy: { type: `${RETENTION}.NoopRetentionStrategyConfig`, max_number_of_indices: 1 },
  })));
  const timed = assertSchema(IndexSetSchema, await ok(h, "POST", "/system/indices/index_sets", 200, aSet({
    index_prefix: "timed",
    rotation_strategy_class: ROTATION_STRATEGY_CLASSES.time,
    rotation_strategy: { type: `${ROTATION}.TimeBasedRotationStrategyConfig`, rotation_period: "P1D" },
  })));
  assert.equal(timed.rotation_strategy.type, `${ROTATION}.TimeBasedRotationStrategyConfig`);
  await streamInto(h, sized.id, "sized-host");
  await streamInto(h, timed.id, "timed-host");
  const store = (h.backend as EmbeddedBackend).messageStore;
  await store.ingest(messages("sized-host", 100));
  await store.ingest(messages("timed-host", 100));
  const sizedList = assertSchema(IndexListSchema, await ok(h, "GET", `/system/indexer/indices/${sized.id}/list`, 200));
  assert.ok(sizedList.total > 3, `size rotation made ${sizedList.total} indices`);
  for (const index of sizedList.indices.slice(0, -1)) assert.ok(index.size_bytes >= 500 && index.size_bytes < 600, JSON.stringify(index));
  assert.equal(sizedList.indices.reduce((sum, index) => sum + index.document_count, 0), 100);
  const timedList = assertSchema(IndexListSchema, await ok(h, "GET", `/system/indexer/indices/${timed.id}/list`, 200));
  assert.deepEqual(timedList.indices.map((index) => [index.index_name, index.document_count]), [["timed_0", 100]]);
});

apiTest("index sets: list with stats, get, update, default, cycle, ranges, counts, defaults, delete", async (h) => {
  const listed = assertSchema(IndexSetListSchema, await ok(h, "GET", "/system/indices/index_sets?stats=true", 200));
  assert.equal(listed.total, 2);
  assert.deepEqual(listed.index_sets.map((set) => [set.id, set.default]), [[DEFAULT_INDEX_SET_ID, true], [SECURITY_INDEX_SET_ID, false]]);
  assert.deepEqual(Object.keys(listed.stats).sort(), [DEFAULT_INDEX_SET_ID, SECURITY_INDEX_SET_ID].sort());
  assert.deepEqual(assertSchema(IndexSetListSchema, await ok(h, "GET", "/system/indices/index_sets?skip=1&limit=1", 200)).index_sets.map((set) => set.id), [SECURITY_INDEX_SET_ID]);
  assert.deepEqual(assertSchema(IndexSetListSchema, await ok(h, "GET", "/system/indices/index_sets", 200)).stats, {});

  const set = assertSchema(IndexSetSchema, await ok(h, "POST", "/system/indices/index_sets", 200, aSet({ index_prefix: "cycled" })));
  assert.deepEqual(assertSchema(IndexSetSchema, await ok(h, "GET", `/system/indices/index_sets/${set.id}`, 200)), set);
  await streamInto(h, set.id, "cycled-host");
  await (h.backend as EmbeddedBackend).messageStore.ingest(messages("cycled-host", 5));
  assert.deepEqual(assertSchema(DeflectorSummarySchema, await ok(h, "GET", `/system/deflector/${set.id}`, 200)), { is_up: true, current_target: "cycled_0" });
  await ok(h, "POST", `/cluster/deflector/${set.id}/cycle`, 204);
  assert.deepEqual(assertSchema(DeflectorSummarySchema, await ok(h, "GET", `/system/deflector/${set.id}`, 200)).current_target, "cycled_1");
  await ok(h, "POST", `/system/deflector/${set.id}/cycle`, 204);
  await (h.backend as EmbeddedBackend).messageStore.ingest(messages("cycled-host", 3, 5));
  const list = assertSchema(IndexListSchema, await ok(h, "GET", `/system/indexer/indices/${set.id}/list`, 200));
  assert.deepEqual(list.indices.map((index) => [index.index_name, index.document_count]), [["cycled_0", 5], ["cycled_1", 0], ["cycled_2", 3]]);

  const range = assertSchema(IndexRangeSchema, await ok(h, "GET", "/system/indices/ranges/cycled_0", 200));
  assert.deepEqual([range.begin, range.end], [new Date(START).toISOString(), new Date(START + 4000).toISOString()]);
  const ranges = assertSchema(IndexRangesSchema, await ok(h, "GET", "/system/indices/ranges", 200));
  assert.ok(ranges.ranges.some((r) => r.index_name === "cycled_2"));
  await ok(h, "POST", "/system/indices/ranges/rebuild", 202);
  await ok(h, "POST", `/system/indices/ranges/index_set/${set.id}/rebuild`, 202);
  await ok(h, "POST", "/system/indices/ranges/cycled_2/rebuild", 202);
  assert.equal(assertSchema(IndexRangeSchema, await ok(h, "GET", "/system/indices/ranges/cycled_2", 200)).begin, new Date(START + 5000).toISOString());

  const info = assertSchema(IndexInfoSchema, await ok(h, "GET", "/system/indexer/indices/cycled_0", 200));
  assert.equal(info.primary_shards.documents.count, 5);
  const multiple = await ok(h, "POST", "/system/indexer/indices/multiple", 200, { indices: ["cycled_0", "nosuch_0"] }) as Record<string, unknown>;
  assert.deepEqual(Object.keys(multiple), ["cycled_0"]);
  const open = assertSchema(IndexListSchema, await ok(h, "GET", "/system/indexer/indices/open", 200));
  assert.ok(open.indices.some((index) => index.index_name === "cycled_2"));
  assert.equal(assertSchema(CountSchema, await ok(h, "GET", "/count/total", 200)).events, 8);
  const total = assertSchema(IndexSetStatsSchema, await ok(h, "GET", "/system/indices/index_sets/stats", 200));
  assert.equal(total.documents, 8);

  const updated = assertSchema(IndexSetSchema, await ok(h, "PUT", `/system/indices/index_sets/${set.id}`, 200, { ...aSet({ title: "Renamed" }), index_prefix: undefined }));
  assert.equal(updated.title, "Renamed");
  assert.equal(updated.index_prefix, "cycled", "the prefix does not change");
  const madeDefault = assertSchema(IndexSetSchema, await ok(h, "PUT", `/system/indices/index_sets/${set.id}/default`, 200));
  assert.equal(madeDefault.default, true);
  assertBadRequest(await h.call("DELETE", `/system/indices/index_sets/${set.id}`), /default index set cannot be deleted/);
  await ok(h, "PUT", `/system/indices/index_sets/${DEFAULT_INDEX_SET_ID}/default`, 200);
  assertBadRequest(await h.call("DELETE", `/system/indices/index_sets/${set.id}`), /used by streams: Into cycled-host/);

  const unused = assertSchema(IndexSetSchema, await ok(h, "POST", "/system/indices/index_sets", 200, aSet({ index_prefix: "unused" })));
  await ok(h, "DELETE", `/system/indices/index_sets/${unused.id}`, 204);
  assert.equal((await h.call("GET", `/system/indices/index_sets/${unused.id}`)).status, 404);
  assert.equal((await h.call("DELETE", `/system/indices/index_sets/${unused.id}`)).status, 404);

  assert.deepEqual(assertSchema(ClusterHealthSchema, await ok(h, "GET", "/system/indexer/cluster/health", 200)).status, "green");
  assert.ok(assertSchema(ClusterNameSchema, await ok(h, "GET", "/system/indexer/cluster/name", 200)).name.length > 0);
  assert.deepEqual(assertSchema(IndexFailuresSchema, await ok(h, "GET", "/system/indexer/failures?limit=10&offset=0", 200)), { failures: [], total: 0 });
  assert.deepEqual(assertSchema(FailureCountSchema, await ok(h, "GET", "/system/indexer/failures/count?since=2026-01-01T00:00:00Z", 200)), { count: 0 });

  const defaults = { ...INDEX_SET_DEFAULTS, shards: 2 };
  await ok(h, "PUT", "/system/indices/index_set_defaults", 204, defaults);
  const stored = await ok(h, "GET", `/system/cluster_config/${INDEX_SET_DEFAULTS_CONFIG_CLASS}`, 200);
  assert.equal(assertSchema(IndexSetDefaultsSchema, stored).shards, 2);
});

apiTest("every bad body or parameter is a 400 naming the field; readers may not change index sets", async (h) => {
  await ok(h, "POST", "/system/indices/index_sets", 200, aSet({ index_prefix: "taken" }));
  const cases: [string, string, unknown, RegExp][] = [
    ["POST", "/system/indices/index_sets", aSet({ title: "" }), /title/],
    ["POST", "/system/indices/index_sets", aSet({ index_prefix: "Upper" }), /index_prefix/],
    ["POST", "/system/indices/index_sets", aSet({ index_prefix: "taken" }), /would conflict/],
    ["POST", "/system/indices/index_sets", aSet({ index_prefix: "taken_more" }), /would conflict/],
    ["POST", "/system/indices/index_sets", aSet({ index_prefix: "graylog" }), /would conflict/],
    ["POST", "/system/indices/index_sets", aSet({ shards: 0 }), /shards/],
    ["POST", "/system/indices/index_sets", aSet({ replicas: -1 }), /replicas/],
    ["POST", "/system/indices/index_sets", aSet({ rotation_strategy_class: "x" }), /rotation_strategy_class/],
    ["POST", "/system/indices/index_sets", aSet({ rotation_strategy: { type: `${ROTATION}.MessageCountRotationStrategyConfig`, max_docs_per_index: 0 } }), /max_docs_per_index/],
    ["POST", "/system/indices/index_sets", aSet({ rotation_strategy: { type: "nope" } }), /rotation_strategy/],
    ["POST", "/system/indices/index_sets", aSet({ rotation_strategy: { type: `${ROTATION}.SizeBasedRotationStrategyConfig`, max_size: 10 } }), /does not match rotation_strategy_class/],
    ["POST", "/system/indices/index_sets", aSet({ rotation_strategy_class: ROTATION_STRATEGY_CLASSES.time, rotation_strategy: { type: `${ROTATION}.TimeBasedRotationStrategyConfig`, rotation_period: "1 day" } }), /ISO-8601/],
    ["POST", "/system/indices/index_sets", aSet({ retention_strategy: { type: `${RETENTION}.DeletionRetentionStrategyConfig`, max_number_of_indices: 0 } }), /max_number_of_indices/],
    ["POST", "/system/indices/index_sets", aSet({ retention_strategy_class: RETENTION_STRATEGY_CLASSES.close }), /does not match retention_strategy_class/],
    ["POST", "/system/indices/index_sets", aSet({ field_type_refresh_interval: 5 }), /field_type_refresh_interval/],
    ["POST", "/system/indices/index_sets", aSet({ surprise: 1 }), /surprise/],
    ["PUT", `/system/indices/index_sets/${DEFAULT_INDEX_SET_ID}`, aSet({ title: 7 }), /title/],
    ["PUT", `/system/indices/index_sets/${DEFAULT_INDEX_SET_ID}`, aSet({ writable: false }), /must be writable/],
    ["PUT", "/system/indices/index_set_defaults", { ...INDEX_SET_DEFAULTS, field_type_refresh_interval_unit: "WEEKS" }, /field_type_refresh_interval_unit/],
    ["PUT", "/system/indices/index_set_defaults", { ...INDEX_SET_DEFAULTS, index_analyzer: "" }, /index_analyzer/],
    ["POST", "/system/indexer/indices/multiple", { indices: "graylog_0" }, /indices/],
    ["GET", "/system/indices/index_sets/not-an-id", undefined, /indexSetId/],
    ["GET", "/system/indices/index_sets?skip=-1", undefined, /skip/],
    ["GET", "/system/indices/index_sets?stats=maybe", undefined, /stats/],
    ["DELETE", `/system/indices/index_sets/${SECURITY_INDEX_SET_ID}?delete_indices=perhaps`, undefined, /delete_indices/],
    ["GET", "/system/indexer/failures?limit=0", undefined, /limit/],
    ["GET", "/system/indexer/failures?offset=-2", undefined, /offset/],
    ["GET", "/system/indexer/failures/count", undefined, /since/],
    ["GET", "/system/indexer/failures/count?since=yesterday", undefined, /since/],
    ["POST", "/system/indexer/indices/Not!An!Index/close", undefined, /index/],
  ];
  for (const [method, path, body, message] of cases) {
    const answer = await h.call(method as "GET", path, body === undefined ? {} : { body });
    assert.equal(answer.status, 400, `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, message, `${method} ${path}`);
  }
  assert.equal((await h.call("GET", "/system/indices/index_sets/aaaaaaaaaaaaaaaaaaaaaaaa")).status, 404);

  const asReader = { cookie: h.readerCookie };
  for (const [method, path, body] of [
    ["POST", "/system/indices/index_sets", aSet({ index_prefix: "reader" })],
    ["PUT", `/system/indices/index_sets/${DEFAULT_INDEX_SET_ID}`, aSet()],
    ["DELETE", `/system/indices/index_sets/${SECURITY_INDEX_SET_ID}`, undefined],
    ["POST", `/cluster/deflector/${DEFAULT_INDEX_SET_ID}/cycle`, undefined],
    ["POST", "/system/indexer/indices/graylog_0/close", undefined],
    ["DELETE", "/system/indexer/indices/graylog_0", undefined],
    ["PUT", "/system/indices/index_set_defaults", INDEX_SET_DEFAULTS],
  ] as const) {
    const answer = await h.call(method, path, { ...asReader, ...(body === undefined ? {} : { body }) });
    assert.equal(answer.status, 403, `${method} ${path} as reader: ${answer.status}`);
  }
});
