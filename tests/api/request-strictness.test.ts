import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { apiSuite } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const strict = apiSuite("request bodies are closed where Graylog's are: an unknown field is a 400 naming it");

const ALL_TIME = { type: "relative", from: 0 };

/** Each case: a call, a body with one field too many (or misplaced), the name the answer must give. */
const CASES: [method: "POST" | "PUT", path: string, body: unknown, field: string][] = [
  ["POST", "/search/validate", { query: "*", querry: "x" }, "querry"],
  ["POST", "/search/validate", { query: { type: "elasticsearch", query_string: "*", lang: "lucene" } }, "lang"],
  ["POST", "/views/fields", { timerange: { ...ALL_TIME, zone: "UTC" } }, "zone"],
  ["POST", "/search/suggest", { field: "source", input: "", limit: 5 }, "limit"],
  ["POST", "/views/export", { fields_in_order: ["message"], format: "csv" }, "format"],
  ["POST", "/views/export", { fields_in_order: ["message"], sort: [{ field: "timestamp", order: "ASC", missing: "last" }] }, "missing"],
  ["POST", "/search/decorators", { type: "org.graylog2.decorators.FormatStringDecorator", config: {}, stream: null, order: 0, enabled: true }, "enabled"],
  ["POST", "/events/search", { timerange: { type: "relative", range: 60 }, filter: { alerts: "only", priority: 3 } }, "priority"],
  ["POST", "/events/search", { timerange: { type: "relative", range: 60 }, size: 10 }, "size"],
  ["POST", "/streams/000000000000000000000001/testMatch", { message: { source: "x" }, stream: "y" }, "stream"],
  ["POST", "/views/search/sync", { queries: [{ id: "q", query: { type: "elasticsearch", query_string: "*", extra: 1 } }] }, "extra"],
  ["POST", "/views/search/sync", { queries: [{ id: "q", filter: { type: "or", filters: [{ type: "stream", id: "a", rules: [] }] } }] }, "rules"],
  ["POST", "/views/search/sync", { queries: [{ id: "q", timerange: { type: "absolute", from: "2026-01-01T00:00:00Z", to: "2026-01-02T00:00:00Z", range: 5 } }] }, "range"],
];

strict.test("each unknown field of a closed body is refused with a 400 whose message names it", async (h) => {
  for (const [method, path, body, field] of CASES) {
    const answer = await h.call(method, path, { body });
    assert.equal(answer.status, 400, `${method} ${path} ${JSON.stringify(body)}: ${answer.status} ${JSON.stringify(answer.body)}`);
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, new RegExp(field), `${method} ${path}`);
  }
});

strict.test("an execution state is closed too: an unknown override is refused before the search runs", async (h) => {
  const created = await h.call("POST", "/views/search", { body: { queries: [{ id: "q", search_types: [{ type: "messages", id: "m" }] }] } });
  const id = (created.body as { id: string }).id;
  const answer = await h.call("POST", `/views/search/${id}/execute`, { body: { global_override: { timerange: ALL_TIME, streams: ["x"] } } });
  assert.equal(answer.status, 400);
  assert.match(assertSchema(ApiErrorSchema, answer.body).message, /streams/);
  assert.equal((await h.call("POST", `/views/search/${id}/execute`, { body: { global_override: { timerange: ALL_TIME } } })).status, 201);
});
