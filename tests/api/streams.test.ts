import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { z } from "@hono/zod-openapi";
import {
  AlarmCallbackHistoryListSchema,
  AlarmCallbackListSchema,
  AvailableAlarmCallbacksSchema,
  BulkOperationResponseSchema,
  StreamCreatedSchema,
  StreamPageSchema,
  StreamRuleCreatedSchema,
  StreamRuleListSchema,
  StreamRuleSchema,
  StreamRuleTypeInfoSchema,
  StreamSchema,
  StreamsListSchema,
} from "../../api/schemas/streams.ts";
import { DEFAULT_INDEX_SET_ID, SECURITY_INDEX_SET_ID, SEED_STREAMS, WEB_STREAM_ID } from "../../fixtures/seed-streams.ts";
import { DEFAULT_STREAM_ID } from "../../shared/product.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const aStream = (overrides: Record<string, unknown> = {}) => ({
  title: "Checkout errors",
  description: "Errors of the checkout service",
  index_set_id: DEFAULT_INDEX_SET_ID,
  matching_type: "AND",
  remove_matches_from_default_stream: false,
  rules: [{ field: "service", type: 1, value: "checkout", inverted: false, description: "the service" }],
  ...overrides,
});

async function create(h: ApiHarness, body: unknown = aStream()): Promise<string> {
  const answer = await h.call("POST", "/streams", { body });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return assertSchema(StreamCreatedSchema, answer.body).stream_id;
}

async function stream(h: ApiHarness, id: string) {
  const answer = await h.call("GET", `/streams/${id}`);
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return assertSchema(StreamSchema, answer.body);
}

function assertBadRequest(answer: { status: number; body: unknown }, message: RegExp): void {
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
}

apiTest("GET /streams answers Graylog's full stream objects, the default stream first", async (h) => {
  const list = assertSchema(StreamsListSchema, (await h.call("GET", "/streams")).body);
  assert.equal(list.total, SEED_STREAMS.length);
  const [first, ...others] = list.streams;
  assert.equal(first.id, DEFAULT_STREAM_ID);
  assert.deepEqual([first.is_default, first.is_editable, first.disabled, first.rules], [true, false, false, []]);
  const web = others.find((candidate) => candidate.id === WEB_STREAM_ID)!;
  assert.deepEqual(web.rules, [{
    id: "5f0c1e5a0000000000000201",
    stream_id: WEB_STREAM_ID,
    field: "http_method",
    type: 5,
    value: "",
    inverted: false,
    description: "Access logs (generated and imported Apache logs alike)",
  }]);
  assert.deepEqual([web.matching_type, web.is_editable, web.index_set_id, web.outputs], ["OR", true, DEFAULT_INDEX_SET_ID, []]);
  assert.match(web.created_at, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  // Security's regex rule carries Graylog's number for regular expressions (2).
  assert.deepEqual(list.streams.find((s) => s.title === "Security")!.rules.map((rule) => rule.type), [2, 1, 2]);
});

apiTest("create, read, update, clone and delete a stream; it starts paused and resumes", async (h) => {
  const id = await create(h);
  const created = await stream(h, id);
  assert.deepEqual(
    [created.title, created.description, created.disabled, created.is_default, created.creator_user_id, created.index_set_id],
    ["Checkout errors", "Errors of the checkout service", true, false, "admin", DEFAULT_INDEX_SET_ID],
  );
  assert.deepEqual(created.rules.map(({ field, type, value }) => ({ field, type, value })), [{ field: "service", type: 1, value: "checkout" }]);

  assert.equal((await h.call("POST", `/streams/${id}/resume`)).status, 204);
  assert.equal((await stream(h, id)).disabled, false);
  const enabled = assertSchema(StreamsListSchema, (await h.call("GET", "/streams/enabled")).body);
  assert.ok(enabled.streams.some((s) => s.id === id));
  assert.equal((await h.call("POST", `/streams/${id}/pause`)).status, 204);
  assert.equal((await stream(h, id)).disabled, true);
  assert.ok(!assertSchema(StreamsListSchema, (await h.call("GET", "/streams/enabled")).body).streams.some((s) => s.id === id));

  const updated = await h.call("PUT", `/streams/${id}`, {
    body: { title: "Checkout", matching_type: "OR", remove_matches_from_default_stream: true, index_set_id: SECURITY_INDEX_SET_ID },
  });
  assert.equal(updated.status, 200, JSON.stringify(updated.body));
  const stored = assertSchema(StreamSchema, updated.body);
  assert.deepEqual(
    [stored.title, stored.description, stored.matching_type, stored.remove_matches_from_default_stream, stored.index_set_id],
    ["Checkout", "Errors of the checkout service", "OR", true, SECURITY_INDEX_SET_ID],
  );

  const cloned = await h.call("POST", `/streams/${id}/clone`, { body: { title: "Checkout copy", index_set_id: DEFAULT_INDEX_SET_ID } });
  assert.equal(cloned.status, 201, JSON.stringify(cloned.body));
  const copy = await stream(h, assertSchema(StreamCreatedSchema, cloned.body).stream_id);
  assert.deepEqual([copy.title, copy.matching_type, copy.disabled], ["Checkout copy", "OR", true]);
  assert.deepEqual(copy.rules.map(({ field, type, value }) => ({ field, type, value })), [{ field: "service", type: 1, value: "checkout" }]);
  assert.notEqual(copy.rules[0].id, stored.rules[0].id);

  assert.equal((await h.call("DELETE", `/streams/${id}`)).status, 204);
  assert.equal((await h.call("GET", `/streams/${id}`)).status, 404);
  assert.equal((await h.call("DELETE", `/streams/${id}`)).status, 404);
  assert.equal((await h.call("PUT", `/streams/${id}`, { body: { title: "x" } })).status, 404);
  assert.equal((await h.call("POST", `/streams/${id}/pause`)).status, 404);
  assert.equal((await h.call("POST", `/streams/${id}/clone`, { body: { title: "x" } })).status, 404);
});

apiTest("the paginated list pages, sorts, searches and answers under elements", async (h) => {
  const page = assertSchema(StreamPageSchema, (await h.call("GET", "/streams/paginated?per_page=2&sort=title")).body);
  assert.deepEqual(page.pagination, { total: SEED_STREAMS.length, count: 2, page: 1, per_page: 2 });
  assert.deepEqual(page.elements.map((s) => s.title), ["Application errors", "Default Stream"]);
  const last = assertSchema(StreamPageSchema, (await h.call("GET", "/streams/paginated?per_page=2&page=2&sort=title")).body);
  assert.deepEqual(last.elements.map((s) => s.title), ["Security", "Web traffic"]);
  const desc = assertSchema(StreamPageSchema, (await h.call("GET", "/streams/paginated?sort=title&order=desc&per_page=1")).body);
  assert.equal(desc.elements[0].title, "Web traffic");
  const found = assertSchema(StreamPageSchema, (await h.call("GET", `/streams/paginated?query=${encodeURIComponent("authentication")}`)).body);
  assert.deepEqual(found.elements.map((s) => s.title), ["Security"]);
  const byTitle = assertSchema(StreamPageSchema, (await h.call("GET", `/streams/paginated?query=${encodeURIComponent("title:web")}`)).body);
  assert.deepEqual(byTitle.elements.map((s) => s.title), ["Web traffic"]);
  assertBadRequest(await h.call("GET", "/streams/paginated?sort=rules"), /sort: sort must be one of title/);
  assertBadRequest(await h.call("GET", "/streams/paginated?page=0"), /page: page must be a positive integer/);
});

apiTest("the reader sees only the streams it may read, on every list", async (h) => {
  const asReader = { cookie: h.readerCookie };
  const list = assertSchema(StreamsListSchema, (await h.call("GET", "/streams", asReader)).body);
  assert.deepEqual(list.streams.map((s) => s.id), [DEFAULT_STREAM_ID]);
  const page = assertSchema(StreamPageSchema, (await h.call("GET", "/streams/paginated", asReader)).body);
  assert.deepEqual(page.elements.map((s) => s.id), [DEFAULT_STREAM_ID]);
  assert.equal((await h.call("GET", `/streams/${WEB_STREAM_ID}`, asReader)).status, 403);
});

apiTest("rules: list, read, add, change and remove; every type, inverted", async (h) => {
  const id = await create(h, aStream({ rules: [] }));
  for (const type of [1, 2, 3, 4, 5, 6, 7, 8]) {
    const body = { field: type === 7 || type === 8 ? "" : "bytes", type, value: type === 2 ? "^\\d+$" : type === 5 || type === 7 ? "" : "10", inverted: type === 6 };
    const answer = await h.call("POST", `/streams/${id}/rules`, { body });
    assert.equal(answer.status, 201, `${type}: ${JSON.stringify(answer.body)}`);
    assertSchema(StreamRuleCreatedSchema, answer.body);
  }
  const list = assertSchema(StreamRuleListSchema, (await h.call("GET", `/streams/${id}/rules`)).body);
  assert.equal(list.total, 8);
  assert.deepEqual(list.stream_rules.map((rule) => rule.type).sort(), [1, 2, 3, 4, 5, 6, 7, 8]);
  assert.equal(list.stream_rules.find((rule) => rule.type === 6)!.inverted, true);
  const ruleId = list.stream_rules[0].id;
  const changed = await h.call("PUT", `/streams/${id}/rules/${ruleId}`, {
    body: { field: "source", type: 6, value: "web", inverted: true, description: "not web" },
  });
  assert.deepEqual(assertSchema(StreamRuleCreatedSchema, changed.body), { streamrule_id: ruleId });
  const rule = assertSchema(StreamRuleSchema, (await h.call("GET", `/streams/${id}/rules/${ruleId}`)).body);
  assert.deepEqual(rule, { id: ruleId, stream_id: id, field: "source", type: 6, value: "web", inverted: true, description: "not web" });
  assert.equal((await h.call("DELETE", `/streams/${id}/rules/${ruleId}`)).status, 204);
  assert.equal((await h.call("GET", `/streams/${id}/rules/${ruleId}`)).status, 404);
  assert.equal((await h.call("DELETE", `/streams/${id}/rules/${ruleId}`)).status, 404);
  assert.equal((await h.call("PUT", `/streams/${id}/rules/${ruleId}`, { body: { field: "a", type: 5 } })).status, 404);
  assert.equal((await h.call("GET", "/streams/000000000000000000000fff/rules")).status, 404);
  assert.equal((await h.call("POST", "/streams/000000000000000000000fff/rules", { body: { field: "a", type: 5 } })).status, 404);
});

apiTest("bad bodies are 400s naming the field", async (h) => {
  assertBadRequest(await h.call("POST", "/streams", { body: aStream({ title: "" }) }), /title: title must not be empty/);
  assertBadRequest(await h.call("POST", "/streams", { body: { index_set_id: DEFAULT_INDEX_SET_ID } }), /title: title is required/);
  assertBadRequest(await h.call("POST", "/streams", { body: aStream({ matching_type: "SOME" }) }), /matching_type: matching_type must be AND or OR/);
  assertBadRequest(await h.call("POST", "/streams", { body: aStream({ index_set_id: "nope" }) }), /Index set with ID <nope> does not exist/);
  assertBadRequest(await h.call("POST", "/streams", { body: aStream({ color: "red" }) }), /color/);
  assertBadRequest(
    await h.call("POST", "/streams", { body: aStream({ rules: [{ field: "a", type: 9, value: "x" }] }) }),
    /rules\.0\.type: type must be one of 1, 2, 3, 4, 5, 6, 7, 8/,
  );
  assertBadRequest(await h.call("POST", "/streams", { body: aStream({ remove_matches_from_default_stream: "yes" }) }), /remove_matches_from_default_stream/);
  const id = await create(h);
  assertBadRequest(await h.call("PUT", `/streams/${id}`, { body: { title: " " } }), /title: title must not be empty/);
  assertBadRequest(await h.call("PUT", `/streams/${id}`, { body: { index_set_id: "nope" } }), /Index set with ID <nope> does not exist/);
  assertBadRequest(await h.call("POST", `/streams/${id}/clone`, { body: {} }), /title: title is required/);
  const rules = `/streams/${id}/rules`;
  assertBadRequest(await h.call("POST", rules, { body: { field: "a", type: 2, value: "(" } }), /value: value must be a valid regular expression/);
  assertBadRequest(await h.call("POST", rules, { body: { field: "a", type: 3, value: "many" } }), /value: value must be a number/);
  assertBadRequest(await h.call("POST", rules, { body: { field: "a", type: 1 } }), /value: value is required/);
  assertBadRequest(await h.call("POST", rules, { body: { type: 5 } }), /field: field is required/);
  assertBadRequest(await h.call("POST", rules, { body: { field: "a", type: 5, inverted: "no" } }), /inverted: inverted must be true or false/);
  assertBadRequest(await h.call("POST", "/streams/bulk_delete", { body: { entity_ids: [] } }), /entity_ids: entity_ids must not be empty/);
});

apiTest("the default stream cannot be edited, paused or deleted, nor its rules changed", async (h) => {
  const path = `/streams/${DEFAULT_STREAM_ID}`;
  assertBadRequest(await h.call("PUT", path, { body: { title: "Mine" } }), /^The default stream cannot be edited\.$/);
  assertBadRequest(await h.call("POST", `${path}/pause`), /^The default stream cannot be paused\.$/);
  assertBadRequest(await h.call("DELETE", path), /^The default stream cannot be deleted\.$/);
  assertBadRequest(await h.call("POST", `${path}/rules`, { body: { field: "a", type: 5 } }), /^The default stream cannot be edited\.$/);
  const stillThere = await stream(h, DEFAULT_STREAM_ID);
  assert.deepEqual([stillThere.title, stillThere.disabled], ["Default Stream", false]);
  const bulk = await h.call("POST", "/streams/bulk_pause", { body: { entity_ids: [DEFAULT_STREAM_ID] } });
  assert.deepEqual(assertSchema(BulkOperationResponseSchema, bulk.body), {
    successfully_performed: 0,
    failures: [{ entity_id: DEFAULT_STREAM_ID, failure_explanation: "The default stream cannot be paused." }],
    errors: [],
  });
});

apiTest("bulk resume, pause and delete change each stream and report each failure", async (h) => {
  const one = await create(h, aStream({ title: "One" }));
  const two = await create(h, aStream({ title: "Two" }));
  const missing = "000000000000000000000fff";
  const resumed = assertSchema(BulkOperationResponseSchema, (await h.call("POST", "/streams/bulk_resume", { body: { entity_ids: [one, two] } })).body);
  assert.deepEqual(resumed, { successfully_performed: 2, failures: [], errors: [] });
  assert.equal((await stream(h, two)).disabled, false);
  const paused = assertSchema(BulkOperationResponseSchema, (await h.call("POST", "/streams/bulk_pause", { body: { entity_ids: [one, missing] } })).body);
  assert.deepEqual(paused, { successfully_performed: 1, failures: [{ entity_id: missing, failure_explanation: `Stream <${missing}> not found.` }], errors: [] });
  assert.deepEqual([(await stream(h, one)).disabled, (await stream(h, two)).disabled], [true, false]);
  const deleted = assertSchema(BulkOperationResponseSchema, (await h.call("POST", "/streams/bulk_delete", { body: { entity_ids: [one, two] } })).body);
  assert.equal(deleted.successfully_performed, 2);
  assert.equal((await h.call("GET", `/streams/${one}`)).status, 404);
});

apiTest("the reader may change no stream: 403 on every write, failures on bulk calls", async (h) => {
  const id = await create(h);
  const ruleId = (await stream(h, id)).rules[0].id;
  const asReader = { cookie: h.readerCookie };
  const calls: [Parameters<ApiHarness["call"]>[0], string, unknown][] = [
    ["POST", "/streams", aStream()],
    ["PUT", `/streams/${DEFAULT_STREAM_ID}`, { title: "x" }],
    ["PUT", `/streams/${id}`, { title: "x" }],
    ["DELETE", `/streams/${id}`, undefined],
    ["POST", `/streams/${id}/clone`, { title: "x" }],
    ["POST", `/streams/${id}/pause`, undefined],
    ["POST", `/streams/${id}/resume`, undefined],
    ["POST", `/streams/${id}/rules`, { field: "a", type: 5 }],
    ["PUT", `/streams/${id}/rules/${ruleId}`, { field: "a", type: 5 }],
    ["DELETE", `/streams/${id}/rules/${ruleId}`, undefined],
  ];
  for (const [method, path, body] of calls) {
    const answer = await h.call(method, path, { ...asReader, body });
    assert.equal(answer.status, 403, `${method} ${path}`);
    assertSchema(ApiErrorSchema, answer.body);
  }
  const bulk = assertSchema(BulkOperationResponseSchema, (await h.call("POST", "/streams/bulk_delete", { ...asReader, body: { entity_ids: [id] } })).body);
  assert.deepEqual(bulk, { successfully_performed: 0, failures: [{ entity_id: id, failure_explanation: "Not enough permissions" }], errors: [] });
  assert.equal((await stream(h, id)).title, "Checkout errors");
  assert.equal((await h.call("POST", "/streams", { body: aStream(), requestedBy: false })).status, 400, "a write without X-Requested-By");
});

apiTest("PUT /streams/indexSet/{id} stores the listed streams in the index set; unknown ones are a 404 naming them", async (h) => {
  const one = await create(h, aStream({ title: "One" }));
  const two = await create(h, aStream({ title: "Two" }));
  const moved = await h.call("PUT", `/streams/indexSet/${SECURITY_INDEX_SET_ID}`, { body: [one, two] });
  assert.equal(moved.status, 200, JSON.stringify(moved.body));
  assert.deepEqual([(await stream(h, one)).index_set_id, (await stream(h, two)).index_set_id], [SECURITY_INDEX_SET_ID, SECURITY_INDEX_SET_ID]);
  const missing = "000000000000000000000fff";
  const partly = await h.call("PUT", `/streams/indexSet/${DEFAULT_INDEX_SET_ID}`, { body: [one, missing] });
  assert.equal(partly.status, 404);
  assert.match(assertSchema(ApiErrorSchema, partly.body).message, new RegExp(`Missing streams: \\[${missing}\\]`));
  assert.equal((await stream(h, one)).index_set_id, SECURITY_INDEX_SET_ID, "nothing changes when a stream is missing");
  const noSet = await h.call("PUT", "/streams/indexSet/000000000000000000000abc", { body: [one] });
  assert.equal(noSet.status, 404);
  assert.match(assertSchema(ApiErrorSchema, noSet.body).message, /Index set <000000000000000000000abc> not found/);
  assertBadRequest(await h.call("PUT", `/streams/indexSet/${DEFAULT_INDEX_SET_ID}`, { body: [DEFAULT_STREAM_ID] }), /cannot be edited/);
  assertBadRequest(await h.call("PUT", `/streams/indexSet/${DEFAULT_INDEX_SET_ID}`, { body: { streams: [one] } }), /list of stream ids/);
  assertBadRequest(await h.call("PUT", `/streams/indexSet/${DEFAULT_INDEX_SET_ID}`, { body: [] }), /at least one stream/);
  assert.equal((await h.call("PUT", `/streams/indexSet/${DEFAULT_INDEX_SET_ID}`, { cookie: h.readerCookie, body: [one] })).status, 403);
});

apiTest("GET /streams/{id}/rules/types lists Graylog's eight rule types with their numbers and descriptions", async (h) => {
  const answer = await h.call("GET", "/streams/null/rules/types");
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const types = assertSchema(z.array(StreamRuleTypeInfoSchema), answer.body);
  assert.deepEqual(types.map((type) => [type.id, type.name]), [
    [1, "EXACT"], [2, "REGEX"], [3, "GREATER"], [4, "SMALLER"], [5, "PRESENCE"], [6, "CONTAINS"], [7, "ALWAYS_MATCH"], [8, "MATCH_INPUT"],
  ]);
  assert.deepEqual(types[4], { id: 5, name: "PRESENCE", short_desc: "field presence", long_desc: "be present" });
  assert.equal((await h.call("GET", `/streams/${WEB_STREAM_ID}/rules/types`, { cookie: h.readerCookie })).status, 200);
});

apiTest("legacy alarm callbacks and alert history answer Graylog's empty shapes; single callbacks are 404", async (h) => {
  const lists = [`/streams/${WEB_STREAM_ID}/alarmcallbacks`, "/alerts/callbacks"];
  for (const path of lists) {
    assert.deepEqual(assertSchema(AlarmCallbackListSchema, (await h.call("GET", path)).body), { total: 0, alarmcallbacks: [] }, path);
  }
  for (const path of [`/streams/${WEB_STREAM_ID}/alarmcallbacks/available`, "/alerts/callbacks/types"]) {
    assert.deepEqual(assertSchema(AvailableAlarmCallbacksSchema, (await h.call("GET", path)).body), { types: {} }, path);
  }
  const history = await h.call("GET", `/streams/${WEB_STREAM_ID}/alerts/5f0c1e5a0000000000000abc/history`);
  assert.deepEqual(assertSchema(AlarmCallbackHistoryListSchema, history.body), { total: 0, histories: [] });
  for (const [method, path] of [
    ["GET", `/streams/${WEB_STREAM_ID}/alarmcallbacks/abc`],
    ["DELETE", `/streams/${WEB_STREAM_ID}/alarmcallbacks/abc`],
    ["POST", "/alerts/callbacks/abc/test"],
    ["GET", "/streams/000000000000000000000fff/alarmcallbacks"],
  ] as const) {
    const answer = await h.call(method, path);
    assert.equal(answer.status, 404, `${method} ${path}`);
    assertSchema(ApiErrorSchema, answer.body);
  }
});
