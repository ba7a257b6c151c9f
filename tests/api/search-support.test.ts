import assert from "node:assert/strict";
import { z } from "zod";
import { SearchJobSchema } from "../../api/schemas/search.ts";
import {
  FieldTypeMappingSchema,
  MessageLookupSchema,
  SuggestResponseSchema,
  UniversalSearchResponseSchema,
  ValidationResponseSchema,
} from "../../api/schemas/search-support.ts";
import { SECURITY_STREAM_ID, WEB_STREAM_ID } from "../../fixtures/seed-streams.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const DEMO = { demoMessages: 600 };
const ALL_TIME = { type: "relative", from: 0 } as const;

async function validate(h: ApiHarness, query: string, extra: Record<string, unknown> = {}) {
  const answer = await h.call("POST", "/search/validate", { body: { query, timerange: ALL_TIME, ...extra } });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  return assertSchema(ValidationResponseSchema, answer.body);
}

apiTest("an empty query validates as OK without explanations", async (h) => {
  assert.deepEqual(await validate(h, ""), { status: "OK" });
  assert.deepEqual(await validate(h, "http_method:GET"), { status: "OK" });
}, DEMO);

apiTest("a query that does not parse is an ERROR with its position", async (h) => {
  const result = await validate(h, "http_method:(GET OR");
  assert.equal(result.status, "ERROR");
  const [explanation] = result.explanations!;
  assert.equal(explanation.error_type, "QUERY_PARSING_ERROR");
  assert.equal(explanation.begin_line, 1);
  assert.equal(typeof explanation.begin_column, "number");
}, DEMO);

apiTest("lower-case operators and unknown fields are WARNINGs naming them", async (h) => {
  const result = await validate(h, "http_method:GET and nosuchfield:1");
  assert.equal(result.status, "WARNING");
  const byType = Object.fromEntries(result.explanations!.map((e) => [e.error_type, e]));
  assert.equal(byType.INVALID_OPERATOR.related_property, "and");
  assert.equal(byType.UNKNOWN_FIELD.related_property, "nosuchfield");
  assert.equal(byType.UNKNOWN_FIELD.begin_column, 20);
}, DEMO);

apiTest("a field that exists only in other streams is unknown for the chosen stream", async (h) => {
  const web = await validate(h, "auth_result:failed", { streams: [WEB_STREAM_ID] });
  assert.equal(web.explanations?.[0]?.error_type, "UNKNOWN_FIELD");
  assert.deepEqual(await validate(h, "auth_result:failed", { streams: [SECURITY_STREAM_ID] }), { status: "OK" });
}, DEMO);

apiTest("the field list has types and properties, and narrows to the chosen streams", async (h) => {
  const all = assertSchema(z.array(FieldTypeMappingSchema), (await h.call("GET", "/views/fields")).body);
  const byName = Object.fromEntries(all.map((f) => [f.name, f.type]));
  assert.ok(byName.message.properties.includes("full-text-search"));
  assert.equal(byName.timestamp.type, "date");
  assert.equal(byName.http_response_code.type, "long");
  assert.ok(byName.http_response_code.properties.includes("numeric"));
  const security = assertSchema(z.array(FieldTypeMappingSchema), (await h.call("POST", "/views/fields", { body: { streams: [SECURITY_STREAM_ID], timerange: ALL_TIME } })).body);
  const names = security.map((f) => f.name);
  assert.ok(names.includes("auth_result"));
  assert.ok(!names.includes("http_response_code"));
}, DEMO);

apiTest("suggestions complete a field's values by prefix, most frequent first", async (h) => {
  const answer = await h.call("POST", "/search/suggest", { body: { field: "http_method", input: "P", timerange: ALL_TIME } });
  const result = assertSchema(SuggestResponseSchema, answer.body);
  assert.ok(result.suggestions.length > 0);
  for (const s of result.suggestions) assert.match(s.value, /^P/i);
  for (let i = 1; i < result.suggestions.length; i++) assert.ok(result.suggestions[i - 1].occurrence >= result.suggestions[i].occurrence);
  const unknown = assertSchema(SuggestResponseSchema, (await h.call("POST", "/search/suggest", { body: { field: "nope", input: "" } })).body);
  assert.deepEqual(unknown.suggestions, []);
  assert.equal(unknown.error?.type, "unknown_field");
}, DEMO);

apiTest("a message is looked up by index and id; unknown ones are 404, other streams' ones 403 for the reader", async (h) => {
  const search = { queries: [{ id: "q1", timerange: ALL_TIME, query: { type: "elasticsearch", query_string: "auth_result:failed" }, search_types: [{ type: "messages", id: "st1", limit: 1 }] }] };
  const job = assertSchema(SearchJobSchema, (await h.call("POST", "/views/search/sync", { body: search })).body);
  const result = job.results.q1.search_types.st1;
  if (result.type !== "messages") throw new Error("expected messages");
  const { message, index } = result.messages[0];
  const found = await h.call("GET", `/messages/${index}/${message._id}`);
  assert.equal(found.status, 200);
  assert.equal(assertSchema(MessageLookupSchema, found.body).message._id, message._id);
  assert.equal((await h.call("GET", `/messages/${index}/does-not-exist`)).status, 404);
  const asReader = await h.call("GET", `/messages/${index}/${message._id}`, { cookie: h.readerCookie });
  assert.equal(asReader.status, 403);
  assert.equal((asReader.body as { type: string }).type, "MissingStreamPermission");
}, DEMO);

apiTest("the universal search finds what the views search finds, and exports CSV", async (h) => {
  const universal = await h.call("GET", "/search/universal/relative?query=http_method%3APOST&range=0&limit=5");
  assert.equal(universal.status, 200, JSON.stringify(universal.body));
  const result = assertSchema(UniversalSearchResponseSchema, universal.body);
  const search = { queries: [{ id: "q1", timerange: ALL_TIME, query: { type: "elasticsearch", query_string: "http_method:POST" }, search_types: [{ type: "messages", id: "st1", limit: 1 }] }] };
  const job = assertSchema(SearchJobSchema, (await h.call("POST", "/views/search/sync", { body: search })).body);
  const views = job.results.q1.search_types.st1;
  assert.equal(views.type === "messages" && views.total_results, result.total_results);
  assert.equal(result.messages.length, 5);
  const csv = await h.api.request("/search/universal/relative/export?query=http_method%3APOST&range=0&fields=timestamp,http_method", { headers: { Cookie: h.adminCookie } });
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("Content-Type")!, /text\/csv/);
  const lines = (await csv.text()).trimEnd().split("\r\n");
  assert.equal(lines[0], "timestamp,http_method");
  assert.equal(lines.length - 1, result.total_results);
  for (const line of lines.slice(1)) assert.match(line, /^\d{4}-\d\d-\d\dT[\d:.]+Z,POST$/);
  const noFields = await h.call("GET", "/search/universal/relative/export?query=*&range=0");
  assert.equal(noFields.status, 400);
  assert.match((noFields.body as { message: string }).message, /fields/);
}, DEMO);

apiTest("the export streams the chosen fields in order, limited, newest first, quoting as CSV needs", async (h) => {
  const response = await h.api.request("/views/export", {
    method: "POST",
    headers: { Cookie: h.adminCookie, "X-Requested-By": "test", "Content-Type": "application/json" },
    body: JSON.stringify({ timerange: ALL_TIME, fields_in_order: ["timestamp", "source", "message"], limit: 5 }),
  });
  assert.equal(response.status, 200);
  assert.match(response.headers.get("Content-Disposition")!, /attachment; filename=/);
  const text = await response.text();
  const lines = text.trimEnd().split("\r\n");
  assert.equal(lines[0], "timestamp,source,message");
  assert.equal(lines.length, 6);
  const stamps = lines.slice(1).map((line) => line.split(",")[0]);
  assert.deepEqual([...stamps].sort().reverse(), stamps);
  const bad = await h.call("POST", "/views/export", { body: { fields_in_order: [] } });
  assert.equal(bad.status, 400);
  assert.match((bad.body as { message: string }).message, /fields_in_order/);
}, DEMO);

apiTest("each field lists the indices holding messages with it, as its index_names", async (h) => {
  const all = assertSchema(z.array(FieldTypeMappingSchema), (await h.call("GET", "/views/fields")).body);
  const indexNames = Object.fromEntries(all.map((f) => [f.name, f.type.index_names]));
  /** The indices of the messages a query finds, through the search API. */
  const indicesOf = async (query: string) => {
    const answer = await h.call("POST", "/views/search/sync", {
      body: { queries: [{ id: "q1", timerange: ALL_TIME, query: { type: "elasticsearch", query_string: query }, search_types: [{ type: "messages", id: "m", limit: 10_000 }] }] },
    });
    const result = assertSchema(SearchJobSchema, answer.body).results.q1.search_types.m;
    if (result?.type !== "messages") throw new Error("no messages result");
    return [...new Set(result.messages.map((m) => String(m.index)))].sort();
  };
  for (const field of ["http_response_code", "auth_result", "exception_class"]) {
    const expected = await indicesOf(`_exists_:${field}`);
    assert.ok(expected.length > 0, field);
    assert.deepEqual(indexNames[field], expected, field);
  }
  const everywhere = await indicesOf("");
  assert.ok(everywhere.length >= 2, `demo data spans index sets: ${everywhere}`);
  assert.deepEqual(indexNames.message, everywhere);
  assert.deepEqual(indexNames.streams, everywhere);
  assert.notDeepEqual(indexNames.http_response_code, everywhere, "web fields are not in the security index set");
}, DEMO);
