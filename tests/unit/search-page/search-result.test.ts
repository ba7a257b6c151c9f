import assert from "node:assert/strict";
import type { QueryResult, ResultMessage, SearchJob } from "../../../api/schemas/search.ts";
import { fieldText, toMessageRow, widgetErrors } from "../../../ui/widgets/messages/logic/message-rows.ts";
import { levelOf } from "../../../ui/widgets/messages/logic/levels.ts";
import { pagingModel, resultWindowText } from "../../../ui/widgets/messages/logic/paging.ts";
import { buildExecutionState, buildSearch, toIso } from "../../../ui/view/search-request.ts";
import { rangePresets, relativeRangeLabel } from "../../../ui/view/time-presets.ts";
import { formatTimestamp, parseWallTime } from "../../../ui/common/time-format.ts";
import { completionOptions } from "../../../ui/search/logic/lucene-completion.ts";
import { defaultSearchView, messagesWidget } from "../../../ui/widgets/logic/default-search-view.ts";
import { toQueryResult } from "../../../ui/view/widget-results.ts";
import { widgetSearchTypes } from "../../../ui/view/widget-search-types.ts";
const RANGE = { type: "absolute" as const, from: "2026-01-01T00:00:00.000Z", to: "2026-01-01T01:00:00.000Z" };

function resultMessage(overrides: Partial<ResultMessage["message"]> = {}, extra: Partial<ResultMessage> = {}): ResultMessage {
  return {
    message: { _id: "id-1", timestamp: "2026-01-01T00:30:00.000Z", source: "web-01", message: "GET /index.html 200", level: 6, ...overrides },
    index: "graylog_0",
    ...extra,
  };
}

function job(queryResult: Partial<QueryResult> | null, errors?: SearchJob["errors"]): SearchJob {
  const result: QueryResult = {
    query: { id: "q", timerange: { type: "relative", from: 300 }, query: { type: "elasticsearch", query_string: "" }, filter: null, filters: [], search_types: [] },
    execution_stats: { duration: 12, timestamp: "2026-01-01T01:00:00.000Z", effective_timerange: RANGE },
    search_types: {},
    errors: [],
    state: "COMPLETED",
    ...queryResult,
  };
  return {
    id: "job",
    search_id: "search",
    owner: "admin",
    execution: { done: true, cancelled: false, completed_exceptionally: false },
    results: queryResult === null ? {} : { q: result },
    ...(errors ? { errors } : {}),
  };
}

Deno.test("the search body holds one query with a search type per widget of the default search", () => {
  const { searchTypes, widgetMapping } = widgetSearchTypes(defaultSearchView().widgets, {});
  const search = buildSearch([{
    id: "q",
    search: { query: "error", timerange: { type: "relative", range: 900 }, streams: ["s1"], timezone: "UTC" },
    searchTypes,
  }]);
  const [query] = search.queries;
  assert.deepEqual(query.timerange, { type: "relative", from: 900 });
  assert.deepEqual(query.query, { type: "elasticsearch", query_string: "error" });
  assert.deepEqual(query.filter, { type: "or", filters: [{ type: "stream", id: "s1" }] });
  assert.deepEqual(widgetMapping, { "message-count": ["message-count"], "all-messages": ["all-messages"] });
  const [pivot, messages] = query.search_types;
  assert.ok(messages.type === "messages" && messages.limit === 150 && messages.offset === 0);
  assert.ok(messages.type === "messages" && messages.sort[0].field === "timestamp" && messages.sort[0].order === "DESC");
  assert.ok(pivot.type === "pivot");
  assert.deepEqual(pivot.row_groups, [{ type: "time", fields: ["timestamp"], interval: { type: "auto", scaling: 1 } }]);
  assert.deepEqual(pivot.series.map((series) => [series.type, series.id]), [["count", "count()"]]);
  assert.equal(pivot.rollup, true);
  const all = buildSearch([{
    id: "q",
    search: { query: "", timerange: { type: "keyword", keyword: "last hour" }, streams: [], timezone: "Europe/Berlin" },
    searchTypes: [],
  }]);
  assert.equal(all.queries[0].filter, null);
  assert.deepEqual(all.queries[0].timerange, { type: "keyword", keyword: "last hour", timezone: "Europe/Berlin" });
});

Deno.test("page N of a message table runs with limit = page size and offset = page size × (N − 1), in the table's sort", () => {
  const table = messagesWidget("t");
  const ascending = { ...table, config: { ...table.config, sort: [{ type: "pivot" as const, field: "took_ms", direction: "Ascending" as const }] } };
  const [type] = widgetSearchTypes([ascending], { t: 3 }).searchTypes;
  assert.ok(type.type === "messages");
  assert.equal(type.limit, 150);
  assert.equal(type.offset, 300);
  assert.deepEqual(type.sort, [{ field: "took_ms", order: "ASC" }]);
  assert.deepEqual(buildExecutionState({ t: { limit: 150, offset: 300 } }).global_override.search_types, { t: { limit: 150, offset: 300 } });
});

Deno.test("absolute times without a zone are read as UTC", () => {
  assert.equal(toIso("2026-01-01 10:00:00"), "2026-01-01T10:00:00.000Z");
  assert.equal(toIso("2026-01-01T10:00:00+02:00"), "2026-01-01T08:00:00.000Z");
});

Deno.test("a result message becomes a row with sorted display fields, level and highlight ranges", () => {
  const row = toMessageRow(resultMessage({ tags: ["a", "b"], extra: { k: 1 } }, { highlight_ranges: { message: [{ start: 0, length: 3 }] } }));
  assert.equal(row.id, "id-1");
  assert.equal(row.source, "web-01");
  assert.deepEqual(row.fields.map((f) => f.name), ["extra", "level", "message", "source", "tags", "timestamp"]);
  assert.equal(row.fields.find((f) => f.name === "tags")!.value, "a, b");
  assert.equal(row.fields.find((f) => f.name === "extra")!.value, '{"k":1}');
  assert.equal(row.level?.name, "Informational");
  assert.deepEqual(row.highlightRanges.message, [{ start: 0, length: 3 }]);
  assert.equal(fieldText(null), "");
});

Deno.test("levels come from numbers or names and get a tone", () => {
  assert.equal(levelOf({ level: 3 })?.tone, "error");
  assert.equal(levelOf({ level_name: "WARN" })?.tone, "warning");
  assert.equal(levelOf({ level: "7" })?.name, "Debug");
  assert.equal(levelOf({ level: 42 }), null);
  assert.equal(levelOf({}), null);
});

Deno.test("the job becomes each widget's result: rows and total, the pivot, duration", () => {
  const widgets = defaultSearchView().widgets;
  const model = toQueryResult(job({
    search_types: {
      "all-messages": { id: "all-messages", type: "messages", messages: [resultMessage()], total_results: 42, effective_timerange: RANGE },
      "message-count": {
        id: "message-count",
        type: "pivot",
        total: 42,
        effective_timerange: RANGE,
        rows: [{ key: ["2026-01-01T00:05:00.000Z"], values: [{ key: ["count()"], value: 42, rollup: true, source: "row-leaf" }], source: "leaf" }],
      },
    },
  }), "q", widgets);
  const table = model.widgets["all-messages"];
  assert.ok(table.data?.type === "messages");
  assert.equal(table.data.total, 42);
  assert.equal(table.data.messages[0].id, "id-1");
  assert.equal(table.data.resultWindowLimit, null);
  const chart = model.widgets["message-count"];
  assert.ok(chart.data?.type === "aggregation");
  assert.equal(chart.data.pivot.rows.length, 1);
  assert.equal(model.durationMs, 12);
  assert.deepEqual(table.errors, []);
});

Deno.test("widget errors: the search type's own errors, else query errors when it has no result", () => {
  const failed = job({
    state: "FAILED",
    errors: [
      { type: "query", description: "Cannot parse 'http_method:(GET OR'", query_id: "q" },
      { type: "result_window_limit", description: "Result window is too large", query_id: "q", search_type_id: "m", result_window_limit: 10000 },
    ],
  });
  assert.deepEqual(widgetErrors(failed, "q", "m"), ["Result window is too large"]);
  assert.deepEqual(widgetErrors(failed, "q", "h"), ["Cannot parse 'http_method:(GET OR'"]);
  assert.deepEqual(widgetErrors(job(null, [{ type: "query", description: "boom" }]), "q", "m"), ["boom"]);
});

Deno.test("paging: all pages within the result window, else floor(limit / page size) pages and the window text", () => {
  assert.deepEqual(pagingModel(0, 150, 10_000), { pageCount: 1, windowText: null });
  assert.deepEqual(pagingModel(301, 150, 10_000), { pageCount: 3, windowText: null });
  assert.deepEqual(pagingModel(50_000, 150, 10_000), { pageCount: 66, windowText: "The search engine limits the search result to 10000 messages" });
  assert.equal(resultWindowText(500), "The search engine limits the search result to 500 messages");
});

Deno.test("presets keep the config order with 'All time' last and hide ranges beyond the limit", () => {
  const options = { PT0S: "All time", PT5M: "Last 5 minutes", PT1H: "Last hour", P1D: "Last day" };
  assert.deepEqual(rangePresets(options).map((p) => p.label), ["Last 5 minutes", "Last hour", "Last day", "All time"]);
  assert.deepEqual(rangePresets(options, "PT2H").map((p) => p.seconds), [300, 3600]);
  assert.equal(relativeRangeLabel(3600, rangePresets(options)), "Last hour");
  assert.equal(relativeRangeLabel(7200), "Last 2 hours");
  assert.equal(relativeRangeLabel(0), "All time");
});

Deno.test("timestamps print in the user's zone and wall times are read in it", () => {
  assert.equal(formatTimestamp("2026-07-01T12:00:00.123Z", "UTC"), "2026-07-01 12:00:00.123");
  assert.equal(formatTimestamp("2026-07-01T12:00:00.123Z", "Europe/Berlin"), "2026-07-01 14:00:00.123");
  assert.equal(parseWallTime("2026-07-01 14:00:00", "Europe/Berlin"), "2026-07-01T12:00:00.000Z");
  assert.equal(parseWallTime("2026-01-01", "UTC"), "2026-01-01T00:00:00.000Z");
  assert.equal(parseWallTime("2026-01-01 24:00:00", "UTC"), null);
  assert.equal(parseWallTime("2026-02-30", "UTC"), null);
  assert.equal(parseWallTime("yesterday", "UTC"), null);
});

Deno.test("completion offers fields with types, and AND/OR/NOT only after a complete term", () => {
  const fields = [{ name: "source", type: "string" }, { name: "http_method", type: "string" }];
  assert.deepEqual(completionOptions("htt", fields)?.options.map((o) => o.apply), ["http_method:"]);
  assert.deepEqual(completionOptions("", fields)?.options.map((o) => o.label), ["source", "http_method"]);
  const afterTerm = completionOptions("error ", fields)!.options.map((o) => o.label);
  assert.ok(afterTerm.includes("AND") && afterTerm.includes("OR") && afterTerm.includes("NOT"));
  assert.ok(!completionOptions("error AND ", fields)!.options.some((o) => o.kind === "operator"));
  assert.equal(completionOptions("source:", fields), null);
  assert.deepEqual(completionOptions("error o", fields)?.options.map((o) => o.label), ["OR"]);
});
