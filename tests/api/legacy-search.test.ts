import assert from "node:assert/strict";
import { parse as csvRecords } from "csv-parse/sync";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { MapDataSearchResultSchema, TabularResponseSchema } from "../../api/schemas/scripting-search.ts";
import { SearchJobSchema } from "../../api/schemas/search.ts";
import { UniversalSearchResponseSchema } from "../../api/schemas/search-support.ts";
import { SECURITY_STREAM_ID } from "../../fixtures/seed-streams.ts";

const DEFAULT_STREAM_ID = "000000000000000000000001";
import { type ApiHarness, apiSuite } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const legacy = apiSuite("the legacy search calls: /search/messages, /search/aggregate, /search/mapdata, CSV universal search", { demoMessages: 500 });

const ALL_TIME = { type: "relative", from: 0 } as const;
const errorMessage = (body: unknown) => assertSchema(ApiErrorSchema, body).message;

/** Message counts per value of a field over all time, from the views search engine. */
async function countsBy(h: ApiHarness, field: string, query = ""): Promise<Map<string, number>> {
  const body = {
    queries: [{
      id: "q",
      timerange: ALL_TIME,
      query: { type: "elasticsearch", query_string: query },
      search_types: [{ type: "pivot", id: "p", rollup: false, row_groups: [{ type: "values", fields: [field], limit: 100 }], series: [{ type: "count", id: "count()" }] }],
    }],
  };
  const job = assertSchema(SearchJobSchema, (await h.call("POST", "/views/search/sync", { body })).body);
  const result = job.results.q.search_types.p;
  if (result.type !== "pivot") throw new Error("not a pivot");
  return new Map(result.rows.filter((r) => r.source === "leaf").map((r) => [r.key[0], Number(r.values[0].value)]));
}

legacy.test("POST /search/aggregate groups and counts as the search engine does, with Graylog's column names", async (h) => {
  const answer = await h.call("POST", "/search/aggregate", {
    body: { timerange: ALL_TIME, group_by: [{ field: "http_method" }], metrics: [{ function: "count" }, { function: "max", field: "http_response_code" }] },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const table = assertSchema(TabularResponseSchema, answer.body);
  assert.deepEqual(table.schema.map((s) => s.name), ["grouping: http_method", "metric: count()", "metric: max(http_response_code)"]);
  assert.deepEqual(table.schema.map((s) => s.column_type), ["grouping", "metric", "metric"]);
  const expected = await countsBy(h, "http_method");
  assert.ok(expected.size > 1);
  assert.deepEqual(new Map(table.datarows.map((row) => [row[0], row[1]])), expected);
  for (const row of table.datarows) {
    // Messages without an HTTP method (other sources) form the "(Empty Value)" group and have no status code.
    if (row[0] === "(Empty Value)") assert.equal(row[2], null);
    else assert.ok(Number(row[2]) >= 100, `the max status code of ${row[0]}: ${row[2]}`);
  }
});

legacy.test("a metric's sort orders the groups; GET /search/aggregate takes groups and function:field metrics", async (h) => {
  const ascending = assertSchema(TabularResponseSchema, (await h.call("POST", "/search/aggregate", {
    body: { timerange: ALL_TIME, group_by: [{ field: "http_method" }], metrics: [{ function: "count", sort: "asc" }] },
  })).body);
  const counts = ascending.datarows.map((row) => Number(row[1]));
  assert.deepEqual(counts, [...counts].sort((a, b) => a - b));
  const viaGet = await h.call("GET", "/search/aggregate?groups=http_method&metrics=count:&timerange=52w");
  assert.equal(viaGet.status, 200, JSON.stringify(viaGet.body));
  const table = assertSchema(TabularResponseSchema, viaGet.body);
  assert.deepEqual(new Map(table.datarows.map((row) => [row[0], row[1]])), await countsBy(h, "http_method"));
});

legacy.test("Accept: text/csv gives the table as CSV: the column names, then the rows", async (h) => {
  const answer = await h.call("GET", "/search/aggregate?groups=http_method&metrics=count:&timerange=52w", { headers: { Accept: "text/csv" } });
  assert.match(answer.headers.get("Content-Type") ?? "", /^text\/csv/);
  const [header, ...rows] = csvRecords(String(answer.body)) as string[][];
  assert.deepEqual(header, ["grouping: http_method", "metric: count()"]);
  const expected = await countsBy(h, "http_method");
  assert.deepEqual(new Map(rows.map(([method, n]) => [method, Number(n)])), expected);
});

legacy.test("POST and GET /search/messages give a page of messages as rows of the requested fields", async (h) => {
  const answer = await h.call("POST", "/search/messages", {
    body: { query: "http_method:POST", timerange: ALL_TIME, fields: ["timestamp", "http_method", "http_response_code"], size: 20, sort_order: "Ascending" },
  });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const table = assertSchema(TabularResponseSchema, answer.body);
  assert.deepEqual(table.schema.map((s) => [s.name, s.type]), [["field: timestamp", "date"], ["field: http_method", "string"], ["field: http_response_code", "numeric"]]);
  assert.equal(table.datarows.length, 20);
  assert.ok(table.datarows.every((row) => row[1] === "POST"));
  const stamps = table.datarows.map((row) => String(row[0]));
  assert.deepEqual(stamps, [...stamps].sort(), "oldest first");
  const viaGet = assertSchema(TabularResponseSchema, (await h.call("GET", "/search/messages?query=http_method:POST&fields=source,http_method&size=5&timerange=52w")).body);
  assert.equal(viaGet.datarows.length, 5);
  assert.deepEqual(viaGet.schema.map((s) => s.field), ["source", "http_method"]);
  const defaults = assertSchema(TabularResponseSchema, (await h.call("POST", "/search/messages", { body: { timerange: ALL_TIME } })).body);
  assert.deepEqual(defaults.schema.map((s) => s.field), ["source", "message", "timestamp"]);
  assert.equal(defaults.datarows.length, 10);
});

legacy.test("bad legacy search input is a 400 naming the field or parameter; unreadable streams a 403", async (h) => {
  for (const [method, path, body, named] of [
    ["POST", "/search/aggregate", { group_by: [] }, /group_by/],
    ["POST", "/search/aggregate", { group_by: [{ field: "source" }], metrics: [{ function: "median" }] }, /metrics\.0\.function/],
    ["POST", "/search/aggregate", { group_by: [{ field: "source" }], grouping: 1 }, /grouping/],
    ["POST", "/search/messages", { size: 0 }, /size/],
    ["POST", "/search/messages", { sort_order: "up" }, /sort_order/],
    ["POST", "/search/messages", { query: "http_method:(GET" }, /./],
    ["POST", "/search/mapdata", { fields: [] }, /fields/],
    ["GET", "/search/aggregate?metrics=count:", undefined, /groups/],
    ["GET", "/search/aggregate?groups=source&metrics=count", undefined, /metrics/],
    ["GET", "/search/aggregate?groups=source&metrics=median:x", undefined, /metrics/],
    ["GET", "/search/messages?size=-1", undefined, /size/],
    ["GET", "/search/messages?timerange=yesterday%20at%20noonish%20maybe", undefined, /./],
  ] as const) {
    const answer = await h.call(method, path, { body });
    assert.equal(answer.status, 400, `${method} ${path} ${JSON.stringify(body)}: ${JSON.stringify(answer.body)}`);
    assert.match(errorMessage(answer.body), named);
  }
  const denied = await h.call("POST", "/search/messages", { body: { streams: [SECURITY_STREAM_ID] }, cookie: h.readerCookie });
  assert.equal(denied.status, 403);
  const allowed = await h.call("POST", "/search/messages", { body: { streams: [DEFAULT_STREAM_ID], timerange: ALL_TIME }, cookie: h.readerCookie });
  assert.equal(allowed.status, 200);
});

legacy.test("POST /search/mapdata counts the coordinate values of a geo field: the terms, what is missing and the total", async (h) => {
  const answer = await h.call("POST", "/search/mapdata", { body: { timerange: ALL_TIME, fields: ["client_ip_geolocation"], limit: 5 } });
  assert.equal(answer.status, 200, JSON.stringify(answer.body));
  const result = assertSchema(MapDataSearchResultSchema, answer.body);
  const field = result.fields.client_ip_geolocation;
  assert.ok(Object.keys(field.terms).length > 0 && Object.keys(field.terms).length <= 5);
  for (const coordinate of Object.keys(field.terms)) assert.match(coordinate, /^-?\d+(\.\d+)?,-?\d+(\.\d+)?$/);
  const counted = Object.values(field.terms).reduce((a, b) => a + b, 0);
  assert.equal(counted + field.other + field.missing, field.total);
  const expected = await countsBy(h, "client_ip_geolocation");
  for (const [coordinate, n] of Object.entries(field.terms)) assert.equal(expected.get(coordinate), n);
});

legacy.test("the universal search answers CSV when asked with Accept: text/csv, the same messages as its JSON", async (h) => {
  const path = "/search/universal/relative?query=http_method:GET&range=0&limit=20&fields=timestamp,source";
  const json = assertSchema(UniversalSearchResponseSchema, (await h.call("GET", path)).body);
  const csv = await h.call("GET", path, { headers: { Accept: "text/csv" } });
  assert.equal(csv.status, 200);
  assert.match(csv.headers.get("Content-Type") ?? "", /^text\/csv/);
  const [header, ...rows] = csvRecords(String(csv.body)) as string[][];
  assert.deepEqual(header, ["timestamp", "source"]);
  assert.deepEqual(rows, json.messages.map((m) => [String(m.message.timestamp), String(m.message.source)]));
});
