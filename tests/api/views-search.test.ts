import assert from "node:assert/strict";
import { SearchJobSchema, SearchSchema } from "../../api/schemas/search.ts";
import { DEFAULT_STREAM_ID } from "../../shared/product.ts";
import { SECURITY_STREAM_ID } from "../../fixtures/seed-streams.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const DEMO = { demoMessages: 600 };
const ALL_TIME = { type: "relative", from: 0 } as const;

interface Message extends Record<string, unknown> {
  _id: string;
  timestamp: string;
  streams: string[];
}

/** Creates a one-query search with a messages search type, executes it and returns the job. */
async function runSearch(h: ApiHarness, query: string, options: { limit?: number; offset?: number; sort?: unknown; filter?: unknown; cookie?: string } = {}) {
  const search = {
    queries: [{
      id: "q1",
      timerange: ALL_TIME,
      query: { type: "elasticsearch", query_string: query },
      filter: options.filter ?? null,
      search_types: [{ type: "messages", id: "st1", limit: options.limit ?? 150, offset: options.offset ?? 0, ...(options.sort ? { sort: options.sort } : {}) }],
    }],
  };
  const created = await h.call("POST", "/views/search", { body: search, cookie: options.cookie });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { id } = assertSchema(SearchSchema, created.body);
  const executed = await h.call("POST", `/views/search/${id}/execute`, { body: {}, cookie: options.cookie });
  assert.equal(executed.status, 201, JSON.stringify(executed.body));
  return { job: assertSchema(SearchJobSchema, executed.body), executed, searchId: id! };
}

function messagesOf(job: ReturnType<typeof SearchJobSchema.parse>) {
  const result = job.results.q1.search_types.st1;
  assert.equal(result?.type, "messages", JSON.stringify(job.errors ?? job.results.q1.errors));
  if (result?.type !== "messages") throw new Error("no messages result");
  return { messages: result.messages.map((m) => m.message as Message), total: result.total_results, raw: result.messages };
}

apiTest("a created search gets an ObjectId and is read back; another user cannot read it", async (h) => {
  const created = await h.call("POST", "/views/search", { body: { queries: [{ id: "q1" }] } });
  assert.equal(created.status, 201);
  const search = assertSchema(SearchSchema, created.body);
  assert.match(search.id!, /^[0-9a-f]{24}$/);
  const read = await h.call("GET", `/views/search/${search.id}`);
  assert.equal(read.status, 200);
  assert.deepEqual((read.body as { queries: unknown[] }).queries, search.queries);
  assert.equal((await h.call("GET", `/views/search/${search.id}`, { cookie: h.readerCookie })).status, 404);
}, DEMO);

apiTest("executing answers 201 with a finished job and its status URL, and the status poll finds the same job", async (h) => {
  const { job, executed } = await runSearch(h, "");
  assert.equal(job.execution.done, true);
  assert.equal(job.execution.completed_exceptionally, false);
  const location = executed.headers.get("Location")!;
  assert.match(location, new RegExp(`/views/search/status/${job.id}$`));
  const status = await h.call("GET", `/views/search/status/${job.id}`);
  assert.equal(status.status, 200);
  assert.deepEqual(assertSchema(SearchJobSchema, status.body).results, job.results);
  assert.equal((await h.call("GET", "/views/search/status/0123456789abcdef01234567")).status, 404);
  assert.equal((await h.call("GET", `/views/search/status/${job.id}`, { cookie: h.readerCookie })).status, 404);
}, DEMO);

apiTest("every query's hits equal those of the same filter applied to all messages", async (h) => {
  const all = messagesOf((await runSearch(h, "", { limit: 10_000 })).job);
  assert.equal(all.total, all.messages.length);
  assert.ok(all.total >= 600, `demo data: ${all.total}`);
  const cases: [string, (m: Message) => boolean][] = [
    ["http_method:POST", (m) => m.http_method === "POST"],
    ["http_response_code:>=500", (m) => typeof m.http_response_code === "number" && m.http_response_code >= 500],
    ["http_response_code:[400 TO 499]", (m) => typeof m.http_response_code === "number" && m.http_response_code >= 400 && m.http_response_code <= 499],
    ["auth_result:failed AND _exists_:src_ip", (m) => m.auth_result === "failed" && m.src_ip !== undefined],
    ["_exists_:exception_class", (m) => m.exception_class !== undefined],
    ["NOT application_name:nginx", (m) => m.application_name !== "nginx"],
    ["message:failed", (m) => /\bfailed\b/i.test(String(m.message))],
    ["source:BASTION-01.fra.example.net", (m) => String(m.source).toLowerCase() === "bastion-01.fra.example.net"],
    ["http_method:(PUT OR DELETE)", (m) => m.http_method === "PUT" || m.http_method === "DELETE"],
    ["application_name:ngin*", (m) => String(m.application_name ?? "").startsWith("ngin")],
  ];
  for (const [query, matches] of cases) {
    const expected = all.messages.filter(matches).map((m) => m._id).sort();
    const found = messagesOf((await runSearch(h, query, { limit: 10_000 })).job);
    assert.equal(found.total, expected.length, `${query}: total`);
    assert.deepEqual(found.messages.map((m) => m._id).sort(), expected, `${query}: hits`);
    assert.ok(expected.length > 0 || query.startsWith("source"), `${query} should match some demo messages`);
  }
}, DEMO);

apiTest("every message is found by the input it shows, the import input for messages that named none", async (h) => {
  const all = messagesOf((await runSearch(h, "", { limit: 1 })).job);
  const input = String(all.messages[0].gl2_source_input);
  assert.match(input, /^[0-9a-f]{24}$/);
  assert.equal(messagesOf((await runSearch(h, `gl2_source_input:"${input}"`, { limit: 1 })).job).total, all.total);
  assert.equal(messagesOf((await runSearch(h, "_exists_:gl2_source_input", { limit: 1 })).job).total, all.total);
}, DEMO);

apiTest("messages come newest first by default and paging by offset continues without gaps or repeats", async (h) => {
  const whole = messagesOf((await runSearch(h, "", { limit: 40 })).job).messages;
  for (let i = 1; i < whole.length; i++) assert.ok(whole[i - 1].timestamp >= whole[i].timestamp, "descending timestamps");
  const first = messagesOf((await runSearch(h, "", { limit: 20 })).job).messages;
  const second = messagesOf((await runSearch(h, "", { limit: 20, offset: 20 })).job).messages;
  assert.deepEqual([...first, ...second].map((m) => m._id), whole.map((m) => m._id));
  const ascending = messagesOf((await runSearch(h, "", { limit: 20, sort: [{ field: "timestamp", order: "ASC" }] })).job).messages;
  for (let i = 1; i < ascending.length; i++) assert.ok(ascending[i - 1].timestamp <= ascending[i].timestamp);
}, DEMO);

apiTest("paging beyond the 10,000 result window is a search type error with the limit", async (h) => {
  const { job } = await runSearch(h, "", { limit: 150, offset: 9_900 });
  assert.deepEqual(job.errors?.map((e) => [e.type, e.search_type_id, e.result_window_limit]), [["result_window_limit", "st1", 10_000]]);
  assert.equal(job.results.q1.state, "COMPLETED");
}, DEMO);

apiTest("a query that does not parse fails its query with an explanation", async (h) => {
  const { job } = await runSearch(h, "http_method:(GET OR");
  assert.equal(job.results.q1.state, "FAILED");
  assert.equal(job.execution.completed_exceptionally, true);
  assert.equal(job.errors?.[0].type, "query");
  assert.match(job.errors![0].description, /parse/i);
}, DEMO);

apiTest("search terms are marked with highlight ranges that point at the words", async (h) => {
  const { raw } = messagesOf((await runSearch(h, "message:failed", { limit: 5 })).job);
  assert.ok(raw.length > 0);
  for (const entry of raw) {
    const text = String(entry.message.message);
    const ranges = entry.highlight_ranges?.message ?? [];
    assert.ok(ranges.length > 0, `no ranges for: ${text}`);
    for (const { start, length } of ranges) assert.equal(text.slice(start, start + length).toLowerCase(), "failed");
  }
}, DEMO);

apiTest("a reader's search without streams only finds messages of streams the reader may read", async (h) => {
  const { messages, total } = messagesOf((await runSearch(h, "", { limit: 10_000, cookie: h.readerCookie })).job);
  assert.ok(total > 0);
  for (const message of messages) assert.ok(message.streams.includes(DEFAULT_STREAM_ID), `message ${message._id} in ${message.streams}`);
  const allTotal = messagesOf((await runSearch(h, "", { limit: 1 })).job).total;
  assert.ok(total < allTotal, "the security index set's messages are not in the default stream");
}, DEMO);

apiTest("searching a stream the reader may not read is refused with MissingStreamPermission", async (h) => {
  const search = { queries: [{ id: "q1", filter: { type: "or", filters: [{ type: "stream", id: SECURITY_STREAM_ID }] } }] };
  const answer = await h.call("POST", "/views/search", { body: search, cookie: h.readerCookie });
  assert.equal(answer.status, 403);
  assert.deepEqual(answer.body, {
    type: "MissingStreamPermission",
    message: `Not authorized to access streams: ${SECURITY_STREAM_ID}`,
    streams: [SECURITY_STREAM_ID],
  });
}, DEMO);

apiTest("a stream filter restricts the hits to that stream", async (h) => {
  const filter = { type: "or", filters: [{ type: "stream", id: SECURITY_STREAM_ID }] };
  const { messages, total } = messagesOf((await runSearch(h, "", { limit: 10_000, filter })).job);
  assert.ok(total > 0);
  for (const message of messages) assert.ok(message.streams.includes(SECURITY_STREAM_ID));
}, DEMO);

apiTest("keep_search_types runs only the named search types", async (h) => {
  const search = {
    queries: [{ id: "q1", timerange: ALL_TIME, search_types: [{ type: "messages", id: "a", limit: 1 }, { type: "messages", id: "b", limit: 2 }] }],
  };
  const { id } = (await h.call("POST", "/views/search", { body: search })).body as { id: string };
  const executed = await h.call("POST", `/views/search/${id}/execute`, { body: { global_override: { keep_search_types: ["b"] } } });
  const job = assertSchema(SearchJobSchema, executed.body);
  assert.deepEqual(Object.keys(job.results.q1.search_types), ["b"]);
}, DEMO);

apiTest("a global override of query and limit applies to every search type", async (h) => {
  const search = { queries: [{ id: "q1", timerange: ALL_TIME, search_types: [{ type: "messages", id: "st1", limit: 50 }] }] };
  const { id } = (await h.call("POST", "/views/search", { body: search })).body as { id: string };
  const executed = await h.call("POST", `/views/search/${id}/execute`, {
    body: { global_override: { query: { type: "elasticsearch", query_string: "http_method:POST" }, limit: 3 } },
  });
  const { messages } = messagesOf(assertSchema(SearchJobSchema, executed.body));
  assert.equal(messages.length, 3);
  for (const message of messages) assert.equal(message.http_method, "POST");
}, DEMO);

apiTest("the sync call creates and runs a search in one answer", async (h) => {
  const answer = await h.call("POST", "/views/search/sync", {
    body: { queries: [{ id: "q1", timerange: ALL_TIME, search_types: [{ type: "messages", id: "st1", limit: 1 }] }] },
  });
  assert.equal(answer.status, 200);
  assert.equal(messagesOf(assertSchema(SearchJobSchema, answer.body)).messages.length, 1);
}, DEMO);

apiTest("malformed searches are refused with 400 naming the field", async (h) => {
  const cases: [unknown, RegExp][] = [
    [{ queries: [] }, /queries/],
    [{ queries: [{ id: "q1", timerange: { type: "relative", from: -5 } }] }, /from/],
    [{ queries: [{ id: "q1", timerange: { type: "absolute", from: "yesterday", to: "2026-01-01T00:00:00Z" } }] }, /from/],
    [{ queries: [{ id: "q1", search_types: [{ type: "messages", id: "m", limit: -1 }] }] }, /limit/],
    [{ queries: [{ id: "q1", search_types: [{ type: "nonsense", id: "m" }] }] }, /type/],
    [{ id: "not-an-object-id", queries: [{ id: "q1" }] }, /id/],
  ];
  for (const [body, field] of cases) {
    const answer = await h.call("POST", "/views/search", { body });
    assert.equal(answer.status, 400, JSON.stringify(body));
    assert.match((answer.body as { message: string }).message, field);
  }
}, DEMO);

/** Creates and executes a search declaring `parameters`, with `bindings` in the execution state. */
async function runWithParameters(h: ApiHarness, query: string, parameters: unknown[], bindings: Record<string, unknown> = {}) {
  const search = {
    queries: [{ id: "q1", timerange: ALL_TIME, query: { type: "elasticsearch", query_string: query }, search_types: [{ type: "messages", id: "st1", limit: 10_000 }] }],
    parameters,
  };
  const created = await h.call("POST", "/views/search", { body: search });
  assert.equal(created.status, 201, JSON.stringify(created.body));
  const { id } = created.body as { id: string };
  const executed = await h.call("POST", `/views/search/${id}/execute`, { body: { parameter_bindings: bindings } });
  assert.equal(executed.status, 201, JSON.stringify(executed.body));
  return assertSchema(SearchJobSchema, executed.body);
}

const METHOD_PARAMETER = { type: "value-parameter-v1", name: "method", title: "Method", data_type: "any", optional: false };

apiTest("a $parameter$ in the query takes its bound value, else its default value", async (h) => {
  const bound = messagesOf(await runWithParameters(h, "http_method:$method$", [METHOD_PARAMETER], { method: { type: "value", value: "POST" } }));
  assert.ok(bound.total > 0);
  for (const message of bound.messages) assert.equal(message.http_method, "POST");
  const direct = messagesOf((await runSearch(h, "http_method:POST", { limit: 10_000 })).job);
  assert.equal(bound.total, direct.total);
  const byDefault = messagesOf(await runWithParameters(h, "http_method:$method$", [{ ...METHOD_PARAMETER, default_value: "DELETE" }]));
  assert.ok(byDefault.total > 0);
  for (const message of byDefault.messages) assert.equal(message.http_method, "DELETE");
  // The echoed query keeps the parameter as written.
  const job = await runWithParameters(h, "http_method:$method$", [METHOD_PARAMETER], { method: { type: "value", value: "GET" } });
  assert.equal(job.results.q1.query.query.query_string, "http_method:$method$");
}, DEMO);

apiTest("a required parameter without a value fails the query with an unbound_parameter error", async (h) => {
  const job = await runWithParameters(h, "http_method:$method$", [METHOD_PARAMETER]);
  assert.equal(job.results.q1.state, "FAILED");
  assert.equal(job.execution.completed_exceptionally, true);
  assert.deepEqual(job.errors?.map((e) => [e.type, e.query_id, e.description]), [["unbound_parameter", "q1", "Unbound required parameter used: method"]]);
  // An undeclared $name$ stays text: it matches nothing, and nothing fails.
  const undeclared = messagesOf(await runWithParameters(h, "http_method:$other$", [METHOD_PARAMETER], { method: { type: "value", value: "GET" } }));
  assert.equal(undeclared.total, 0);
}, DEMO);

apiTest("an events search type answers Graylog's shape: an empty list and a zero total where no definition fired", async (h) => {
  const answer = await h.call("POST", "/views/search/sync", {
    body: { queries: [{ id: "q1", timerange: ALL_TIME, search_types: [{ type: "events", id: "ev", name: "events" }, { type: "events", id: "ev2" }] }] },
  });
  const job = assertSchema(SearchJobSchema, answer.body);
  assert.deepEqual(job.results.q1.search_types.ev, { id: "ev", name: "events", type: "events", events: [], total_results: 0 });
  assert.deepEqual(answer.body && (answer.body as { results: { q1: { search_types: Record<string, unknown> } } }).results.q1.search_types.ev2, {
    id: "ev2",
    type: "events",
    events: [],
    total_results: 0,
  });
}, DEMO);

apiTest("a pivot grouped by streams has a bucket per stream, and its total counts each message once", async (h) => {
  const answer = await h.call("POST", "/views/search/sync", {
    body: {
      queries: [{
        id: "q1",
        timerange: ALL_TIME,
        search_types: [
          { type: "pivot", id: "p", row_groups: [{ type: "values", fields: ["streams"], limit: 50 }], series: [{ type: "count", id: "count()" }], rollup: true },
          { type: "messages", id: "m", limit: 10_000 },
        ],
      }],
    },
  });
  const job = assertSchema(SearchJobSchema, answer.body);
  const pivot = job.results.q1.search_types.p;
  const messages = job.results.q1.search_types.m;
  if (pivot?.type !== "pivot" || messages?.type !== "messages") throw new Error(JSON.stringify(job.errors));
  const expected = new Map<string, number>();
  for (const { message } of messages.messages) {
    for (const stream of message.streams as string[]) expected.set(stream, (expected.get(stream) ?? 0) + 1);
  }
  const buckets = new Map(pivot.rows.filter((row) => row.source === "leaf").map((row) => [row.key[0], row.values[0].value]));
  assert.deepEqual(buckets, expected);
  assert.ok(expected.size >= 3, `demo messages are in several streams: ${[...expected.keys()]}`);
  assert.equal(pivot.rows.find((row) => row.source === "non-leaf")?.values[0].value, messages.total_results);
}, DEMO);
