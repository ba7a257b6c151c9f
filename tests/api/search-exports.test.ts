import assert from "node:assert/strict";
import { parse as csvRecords } from "csv-parse/sync";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import { EXPORT_JOB_LIFETIME_MS, ExportJobIdSchema } from "../../api/schemas/export-jobs.ts";
import { SearchJobSchema, SearchSchema } from "../../api/schemas/search.ts";
import { SearchMetadataSchema } from "../../api/schemas/search-metadata.ts";
import { SECURITY_STREAM_ID, WEB_STREAM_ID } from "../../fixtures/seed-streams.ts";
import { type ApiHarness, apiSuite } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const exports = apiSuite("search metadata, message exports and export jobs", { demoMessages: 400 });

const ALL_TIME = { type: "relative", from: 0 } as const;
const errorMessage = (body: unknown) => assertSchema(ApiErrorSchema, body).message;
const rowsOf = (csv: unknown) => csvRecords(String(csv)) as string[][];

/** A stored search with one query over all time and one message table, e.g. of GET requests. */
async function storedSearch(h: ApiHarness, query: string, extra: Record<string, unknown> = {}) {
  const body = {
    queries: [{
      id: "q1",
      timerange: ALL_TIME,
      query: { type: "elasticsearch", query_string: query },
      search_types: [
        { type: "messages", id: "table", limit: 10_000, fields: ["timestamp", "source", "http_method"] },
        { type: "pivot", id: "chart", row_groups: [{ type: "values", fields: ["source"] }], series: [{ type: "count", id: "count()" }] },
      ],
    }],
    ...extra,
  };
  const answer = await h.call("POST", "/views/search", { body });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return assertSchema(SearchSchema, answer.body);
}

/** The messages a search over the same range finds, as CSV rows of the given fields (newest first). */
async function searchRows(h: ApiHarness, query: string, fields: string[]) {
  const body = {
    queries: [{ id: "q1", timerange: ALL_TIME, query: { type: "elasticsearch", query_string: query }, search_types: [{ type: "messages", id: "m", limit: 10_000 }] }],
  };
  const job = assertSchema(SearchJobSchema, (await h.call("POST", "/views/search/sync", { body })).body);
  const result = job.results.q1.search_types.m;
  assert.equal(result.type, "messages");
  if (result.type !== "messages") throw new Error("not a message result");
  return result.messages.map((m) => fields.map((field) => m.message[field] === undefined ? "" : String(m.message[field])));
}

exports.test("search metadata lists the parameters each query uses and the declared ones, for a body and a stored search", async (h) => {
  const parameter = { type: "value-parameter-v1", name: "method", data_type: "any", optional: false, default_value: "GET" };
  const body = {
    queries: [
      { id: "q1", query: { type: "elasticsearch", query_string: "http_method:$method$ AND source:$host$" }, search_types: [] },
      { id: "q2", query: { type: "elasticsearch", query_string: "*" }, search_types: [] },
    ],
    parameters: [parameter],
  };
  const answer = await h.call("POST", "/views/search/metadata", { body });
  assert.equal(answer.status, 200);
  const metadata = assertSchema(SearchMetadataSchema, answer.body);
  assert.deepEqual(metadata.query_metadata, { q1: { used_parameters_names: ["host", "method"] }, q2: { used_parameters_names: [] } });
  assert.deepEqual(Object.keys(metadata.declared_parameters), ["method"]);
  const stored = assertSchema(SearchSchema, (await h.call("POST", "/views/search", { body })).body);
  const again = await h.call("GET", `/views/search/metadata/${stored.id}`);
  assert.deepEqual(assertSchema(SearchMetadataSchema, again.body), metadata);
  assert.equal((await h.call("GET", `/views/search/metadata/${stored.id}`, { cookie: h.readerCookie })).status, 404, "the admin's search is not the reader's");
  assert.equal((await h.call("GET", "/views/search/metadata/0123456789abcdef01234567")).status, 404);
  const badId = await h.call("GET", "/views/search/metadata/nope");
  assert.equal(badId.status, 400);
  assert.match(errorMessage(badId.body), /id/);
  const badBody = await h.call("POST", "/views/search/metadata", { body: { queries: [] } });
  assert.equal(badBody.status, 400);
  assert.match(errorMessage(badBody.body), /queries/);
});

exports.test("POST /views/search/messages streams the matching messages as CSV: Graylog's default fields, the search's rows", async (h) => {
  const answer = await h.call("POST", "/views/search/messages", {
    body: { query_string: { type: "elasticsearch", query_string: "http_method:GET" }, timerange: ALL_TIME },
  });
  assert.equal(answer.status, 200);
  assert.match(answer.headers.get("Content-Type") ?? "", /^text\/csv/);
  const [header, ...rows] = rowsOf(answer.body);
  assert.deepEqual(header, ["timestamp", "source", "message"]);
  assert.ok(rows.length > 10);
  assert.deepEqual(rows, await searchRows(h, "http_method:GET", ["timestamp", "source", "message"]));
  const limited = rowsOf((await h.call("POST", "/views/search/messages", { body: { timerange: ALL_TIME, fields_in_order: ["source"], limit: 5 } })).body);
  assert.equal(limited.length, 6);
});

exports.test("a malformed message export body is a 400 naming the field; a stream the caller may not read is a 403", async (h) => {
  for (const [body, field] of [
    [{ fields_in_order: "source" }, /fields_in_order/],
    [{ limit: 0 }, /limit/],
    [{ chunk_size: -1 }, /chunk_size/],
    [{ time_zone: "Mars/Olympus" }, /time_zone/],
    [{ timerange: { type: "relative", from: -5 } }, /timerange/],
    [{ query: "GET" }, /query/],
  ] as const) {
    const answer = await h.call("POST", "/views/search/messages", { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match(errorMessage(answer.body), field);
  }
  const denied = await h.call("POST", "/views/search/messages", { body: { streams: [SECURITY_STREAM_ID] }, cookie: h.readerCookie });
  assert.equal(denied.status, 403);
  assert.equal((denied.body as { type: string }).type, "MissingStreamPermission");
});

exports.test("an export job of a message table downloads by id and file name; its rows are those a search over the same range finds", async (h) => {
  const search = await storedSearch(h, "http_method:GET");
  const created = await h.call("POST", `/views/export/${search.id}/table`, { body: {} });
  assert.equal(created.status, 200, JSON.stringify(created.body));
  const jobId = assertSchema(ExportJobIdSchema, created.body);
  const download = await h.call("GET", `/views/search/messages/job/${jobId}/get-requests.csv`);
  assert.equal(download.status, 200);
  assert.match(download.headers.get("Content-Disposition") ?? "", /filename="get-requests\.csv"/);
  const [header, ...rows] = rowsOf(download.body);
  assert.deepEqual(header, ["timestamp", "source", "http_method"], "the message table's fields");
  assert.ok(rows.length > 10);
  assert.deepEqual(rows, await searchRows(h, "http_method:GET", ["timestamp", "source", "http_method"]));
  // Downloading again gives the same file (the job stays until it expires).
  assert.equal((await h.call("GET", `/views/search/messages/job/${jobId}/again.csv`)).body, download.body);
});

exports.test("an export job's download streams as the job runs: no length up front, the header first, then the rows chunk by chunk", async (h) => {
  const search = await storedSearch(h, "*");
  const jobId = assertSchema(ExportJobIdSchema, (await h.call("POST", `/views/export/${search.id}/table`, { body: {} })).body);
  const response = await h.api.request(`/views/search/messages/job/${jobId}/progress.csv`, { headers: { Cookie: h.adminCookie } });
  assert.equal(response.status, 200);
  assert.equal(response.headers.get("Content-Length"), null, "the size is not known before the job has run");
  const reader = response.body!.getReader();
  const chunks: string[] = [];
  for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(new TextDecoder().decode(read.value));
  assert.equal(chunks[0], "timestamp,source,http_method\r\n", "the header arrives before any row is read");
  assert.ok(chunks.length >= 2, `the rows follow in their own chunks (${chunks.length} chunks)`);
  assert.equal(rowsOf(chunks.join("")).length - 1, (await searchRows(h, "*", ["timestamp"])).length, "every row arrives");
});

exports.test("an export job of a whole search takes the caller's fields, sort and limit; the search type's own query narrows a table export", async (h) => {
  const search = await storedSearch(h, "*");
  const jobId = assertSchema(ExportJobIdSchema, (await h.call("POST", `/views/export/${search.id}`, {
    body: { fields_in_order: ["timestamp", "http_method"], sort: [{ field: "timestamp", order: "ASC" }], limit: 7 },
  })).body);
  const [header, ...rows] = rowsOf((await h.call("GET", `/views/search/messages/job/${jobId}/all.csv`)).body);
  assert.deepEqual(header, ["timestamp", "http_method"]);
  assert.equal(rows.length, 7);
  assert.deepEqual(rows.map((r) => r[0]), [...rows.map((r) => r[0])].sort(), "oldest first");
  const narrowed = await h.call("POST", "/views/search", {
    body: {
      queries: [{
        id: "q1",
        timerange: ALL_TIME,
        query: { type: "elasticsearch", query_string: "http_method:GET OR http_method:POST" },
        search_types: [{ type: "messages", id: "posts", query: { type: "elasticsearch", query_string: "http_method:POST" }, streams: [WEB_STREAM_ID] }],
      }],
    },
  });
  const narrowedId = assertSchema(SearchSchema, narrowed.body).id;
  const postJob = assertSchema(ExportJobIdSchema, (await h.call("POST", `/views/export/${narrowedId}/posts`, { body: { fields_in_order: ["http_method"] } })).body);
  const [, ...posts] = rowsOf((await h.call("GET", `/views/search/messages/job/${postJob}/posts.csv`)).body);
  assert.ok(posts.length > 0);
  assert.ok(posts.every(([method]) => method === "POST"), "only the table's own query's messages");
});

exports.test("export jobs refuse what cannot be exported: a chart, a search of two queries, an unknown search; only their creator downloads them", async (h) => {
  const search = await storedSearch(h, "*");
  const chart = await h.call("POST", `/views/export/${search.id}/chart`, { body: {} });
  assert.equal(chart.status, 400);
  assert.match(errorMessage(chart.body), /searchTypeId: chart is a pivot search type/);
  const missingType = await h.call("POST", `/views/export/${search.id}/nope`, { body: {} });
  assert.equal(missingType.status, 400);
  assert.match(errorMessage(missingType.body), /searchTypeId/);
  const twoQueries = assertSchema(SearchSchema, (await h.call("POST", "/views/search", { body: { queries: [{ id: "a" }, { id: "b" }] } })).body);
  const refused = await h.call("POST", `/views/export/${twoQueries.id}`, { body: {} });
  assert.equal(refused.status, 400);
  assert.match(errorMessage(refused.body), /exactly one query/);
  assert.equal((await h.call("POST", "/views/export/0123456789abcdef01234567", { body: {} })).status, 404);
  const badFormat = await h.call("POST", `/views/export/${search.id}`, { body: { fields_in_order: [""], sorting: [] } });
  assert.equal(badFormat.status, 400);
  assert.match(errorMessage(badFormat.body), /fields_in_order|sorting/);
  const jobId = assertSchema(ExportJobIdSchema, (await h.call("POST", `/views/export/${search.id}`, { body: {} })).body);
  assert.equal((await h.call("GET", `/views/search/messages/job/${jobId}/x.csv`, { cookie: h.readerCookie })).status, 404, "not the reader's job");
  assert.equal((await h.call("GET", "/views/search/messages/job/0123456789abcdef01234567/x.csv")).status, 404);
  const badName = await h.call("GET", `/views/search/messages/job/${jobId}/${encodeURIComponent('a"b.csv')}`);
  assert.equal(badName.status, 400);
  assert.match(errorMessage(badName.body), /filename/);
});

exports.test("an export job expires an hour after it was created", async (h) => {
  const search = await storedSearch(h, "*");
  const jobId = assertSchema(ExportJobIdSchema, (await h.call("POST", `/views/export/${search.id}`, { body: {} })).body);
  assert.ok(await h.backend.exportJobs.get(jobId, Date.now() + EXPORT_JOB_LIFETIME_MS - 60_000), "still there within the hour");
  assert.equal(await h.backend.exportJobs.get(jobId, Date.now() + EXPORT_JOB_LIFETIME_MS + 1000), null, "gone after it");
});

exports.test("POST /views/export asked for JSON answers an export job's id, as Graylog; asked for CSV it streams the file", async (h) => {
  const body = { query_string: { type: "elasticsearch", query_string: "http_method:GET" }, timerange: ALL_TIME, fields_in_order: ["timestamp", "source"] };
  const created = await h.call("POST", "/views/export", { body, headers: { Accept: "application/json" } });
  assert.equal(created.status, 200);
  const jobId = assertSchema(ExportJobIdSchema, created.body);
  const viaJob = (await h.call("GET", `/views/search/messages/job/${jobId}/search.csv`)).body;
  const direct = await h.call("POST", "/views/export", { body, headers: { Accept: "text/csv" } });
  assert.match(direct.headers.get("Content-Type") ?? "", /^text\/csv/);
  assert.equal(viaJob, direct.body);
});

exports.test("a stored search exports as CSV at once through POST /views/search/messages/{searchId}[/{searchTypeId}]", async (h) => {
  const search = await storedSearch(h, "http_method:GET");
  const whole = rowsOf((await h.call("POST", `/views/search/messages/${search.id}`, { body: { fields_in_order: ["timestamp", "source", "message"] } })).body);
  assert.deepEqual(whole.slice(1), await searchRows(h, "http_method:GET", ["timestamp", "source", "message"]));
  const table = await h.call("POST", `/views/search/messages/${search.id}/table`);
  assert.equal(table.status, 200);
  assert.deepEqual(rowsOf(table.body)[0], ["timestamp", "source", "http_method"]);
  assert.equal((await h.call("POST", `/views/search/messages/${search.id}/table`, { cookie: h.readerCookie })).status, 404);
});
