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

/** A search of every search type, with every closed part Graylog 5.1's DTOs have (issue 13 item 6). */
const FULL_SEARCH = {
  queries: [{
    id: "q",
    timerange: ALL_TIME,
    query: { type: "elasticsearch", query_string: "*" },
    filter: null,
    filters: [],
    search_types: [
      { type: "messages", id: "m", limit: 5, offset: 0, sort: [{ field: "timestamp", order: "DESC" }], decorators: [], fields: [] },
      {
        type: "pivot",
        id: "p",
        row_groups: [{ type: "time", fields: ["timestamp"], interval: { type: "auto", scaling: 1 } }],
        column_groups: [{ type: "values", fields: ["source"], limit: 5, skip_empty_values: false }],
        series: [{ type: "count", id: "count()" }, { type: "percentile", id: "percentile(took_ms,95)", field: "took_ms", percentile: 95 }],
        sort: [{ type: "series", field: "count()", direction: "Descending" }],
        rollup: true,
      },
      { type: "events", id: "e" },
    ],
  }],
  parameters: [{ type: "value-parameter-v1", name: "p", data_type: "any", optional: true }],
};

type Search = typeof FULL_SEARCH;
type SearchType = Search["queries"][0]["search_types"];
/** FULL_SEARCH with one part changed by `change` (a deep copy, so the cases do not leak into each other). */
function searchWith(change: (search: Search & Record<string, unknown>, types: SearchType & Record<number, Record<string, unknown>>) => void): unknown {
  const search = structuredClone(FULL_SEARCH);
  change(search, search.queries[0].search_types);
  return search;
}

const SEARCH_CASES: [where: string, body: unknown, field: string][] = [
  ["the search", searchWith((s) => Object.assign(s, { title: "x" })), "title"],
  ["a query", searchWith((s) => Object.assign(s.queries[0], { streams: ["x"] })), "streams"],
  ["a messages search type", searchWith((_, t) => Object.assign(t[0], { highlight: true })), "highlight"],
  ["a messages sort", searchWith((_, t) => Object.assign((t[0] as { sort: object[] }).sort[0], { missing: "_last" })), "missing"],
  ["a pivot search type", searchWith((_, t) => Object.assign(t[1], { row_limit: 5 })), "row_limit"],
  ["a time bucket", searchWith((_, t) => Object.assign((t[1] as { row_groups: object[] }).row_groups[0], { buckets: 30 })), "buckets"],
  ["an auto interval", searchWith((_, t) => Object.assign((t[1] as { row_groups: { interval: object }[] }).row_groups[0].interval, { unit: "m" })), "unit"],
  ["a values bucket", searchWith((_, t) => Object.assign((t[1] as { column_groups: object[] }).column_groups[0], { field: "source" })), "field"],
  ["a series", searchWith((_, t) => Object.assign((t[1] as { series: object[] }).series[0], { strategy: "COUNT" })), "strategy"],
  ["a pivot sort", searchWith((_, t) => Object.assign((t[1] as { sort: object[] }).sort[0], { order: "DESC" })), "order"],
  ["an events search type", searchWith((_, t) => Object.assign(t[2], { limit: 10 })), "limit"],
  ["a parameter", searchWith((s) => Object.assign(s.parameters[0], { lookup_table: "x" })), "lookup_table"],
];

strict.test("a search and each of its parts (query, search types, buckets, intervals, series, sorts, parameters) refuse an unknown key", async (h) => {
  const full = await h.call("POST", "/views/search", { body: FULL_SEARCH });
  assert.equal(full.status, 201, `every declared key is taken: ${JSON.stringify(full.body)}`);
  for (const [where, body, field] of SEARCH_CASES) {
    for (const path of ["/views/search", "/views/search/sync"]) {
      const answer = await h.call("POST", path, { body });
      assert.equal(answer.status, 400, `${where} (${path}): ${answer.status} ${JSON.stringify(answer.body)}`);
      assert.match(assertSchema(ApiErrorSchema, answer.body).message, new RegExp(`"${field}"`), `${where} (${path})`);
    }
  }
});

strict.test("a view's query state and its widgets are closed on Graylog's keys; a widget's config stays open", async (h) => {
  const search = await h.call("POST", "/views/search", { body: { queries: [{ id: "q" }] } });
  const searchId = (search.body as { id: string }).id;
  const widget = { id: "w", type: "plugin-widget", filter: null, filters: [], streams: [], config: { anything: { goes: 1 } } };
  const state = {
    selected_fields: null,
    static_message_list_id: null,
    titles: { widget: { w: "Plugin" } },
    widgets: [widget],
    widget_mapping: { w: [] },
    positions: { w: { col: 1, row: 1, height: 2, width: 4 } },
    formatting: { highlighting: [] },
    display_mode_settings: { positions: {} },
  };
  const view = (queryState: unknown) => ({ type: "SEARCH", title: "Closed state", search_id: searchId, state: { q: queryState } });
  const stored = await h.call("POST", "/views", { body: view(state) });
  assert.equal(stored.status, 200, `every declared key is taken: ${JSON.stringify(stored.body)}`);
  const cases: [where: string, queryState: unknown, field: string][] = [
    ["the query state", { ...state, layout: "grid" }, "layout"],
    ["a widget", { ...state, widgets: [{ ...widget, colour: "red" }] }, "colour"],
  ];
  for (const [where, queryState, field] of cases) {
    const answer = await h.call("POST", "/views", { body: view(queryState) });
    assert.equal(answer.status, 400, `${where}: ${answer.status} ${JSON.stringify(answer.body)}`);
    assert.match(assertSchema(ApiErrorSchema, answer.body).message, new RegExp(`state\\.q.*"${field}"`), where);
  }
  const noId = await h.call("POST", "/views", { body: view({ ...state, widgets: [{ type: "x" }] }) });
  assert.equal(noId.status, 400);
  assert.match(assertSchema(ApiErrorSchema, noId.body).message, /state\.q\.widgets\.0\.id/);
});
