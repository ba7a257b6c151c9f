import assert from "node:assert/strict";
import type { AggregationWidget } from "../../../api/schemas/widgets.ts";
import {
  availableParts,
  availableStrategies,
  checksForStrategy,
  type FromValueChecks,
  type FromValueContext,
  fromValuePayload,
  groupState,
  toggleGroup,
  togglePart,
} from "../../../ui/alerts/logic/event-definition-from-value.ts";
import { formValuesFromValue } from "../../../ui/alerts/logic/from-value-form.ts";
import { storeFromValue, takeFromValue } from "../../../ui/alerts/logic/from-value-session.ts";
import type { PivotResult } from "../../../api/schemas/search.ts";
import { DEFAULT_SEARCH_WITHIN_MS, widgetValueContext } from "../../../ui/alerts/logic/widget-value-context.ts";

/** A value of a data table grouped by action (rows) and source (columns), every part present. */
const FULL: FromValueContext = {
  queryWithReplacedParams: "http_method:GET",
  searchFilterQuery: "application_name:nginx",
  rowValuePath: 'action:"login"',
  columnValuePath: 'source:"web-01"',
  rowGroupBy: ["action"],
  columnGroupBy: ["source"],
  aggregation: { function: "count", field: "", value: 42 },
  streams: ["000000000000000000000001"],
  searchWithinMs: 300_000,
};

const checkedParts = (checks: FromValueChecks) => availableParts(FULL).filter((part) => checks[part]);
const uncheckedParts = (checks: FromValueChecks) => availableParts(FULL).filter((part) => !checks[part]);

Deno.test("EXACT checks everything; ALL unchecks the search filter query and the query with replaced parameters", () => {
  assert.deepEqual(uncheckedParts(checksForStrategy("EXACT")), []);
  assert.deepEqual(uncheckedParts(checksForStrategy("ALL")), ["queryWithReplacedParams", "searchFilterQuery"]);
});

Deno.test("ROW unchecks the column value path and column group-by; COL the row value path and row group-by", () => {
  assert.deepEqual(uncheckedParts(checksForStrategy("ROW")), ["columnValuePath", "columnGroupBy"]);
  assert.deepEqual(uncheckedParts(checksForStrategy("COL")), ["rowValuePath", "rowGroupBy"]);
});

Deno.test("ROW is offered only with a row value path, COL only with a column value path", () => {
  assert.deepEqual(availableStrategies(FULL), ["EXACT", "ROW", "COL", "ALL", "CUSTOM"]);
  assert.deepEqual(availableStrategies({ ...FULL, columnValuePath: "" }), ["EXACT", "ROW", "ALL", "CUSTOM"]);
  assert.deepEqual(availableStrategies({ ...FULL, rowValuePath: " " }), ["EXACT", "COL", "ALL", "CUSTOM"]);
  assert.deepEqual(availableStrategies({ ...FULL, rowValuePath: "", columnValuePath: "" }), ["EXACT", "ALL", "CUSTOM"]);
});

Deno.test("editing any checkbox switches the strategy to CUSTOM and flips only that checkbox", () => {
  const edited = togglePart("streams", checksForStrategy("ROW"));
  assert.equal(edited.strategy, "CUSTOM");
  assert.deepEqual(uncheckedParts(edited.checks), ["columnValuePath", "columnGroupBy", "streams"]);
});

Deno.test("a group checkbox is checked, empty or indeterminate; a click checks all unless all were checked", () => {
  const available = availableParts(FULL);
  const exact = checksForStrategy("EXACT");
  assert.equal(groupState("Query", exact, available), "checked");
  const all = checksForStrategy("ALL");
  assert.equal(groupState("Query", all, available), "indeterminate");
  assert.equal(groupState("Group by", all, available), "checked");

  const fromIndeterminate = toggleGroup("Query", all, available);
  assert.equal(groupState("Query", fromIndeterminate, available), "checked");
  const fromChecked = toggleGroup("Query", fromIndeterminate, available);
  assert.equal(groupState("Query", fromChecked, available), "empty");
  assert.deepEqual(checkedParts(fromChecked), ["rowGroupBy", "columnGroupBy", "aggCondition", "streams", "searchWithinMs"]);
  const fromEmpty = toggleGroup("Query", fromChecked, available);
  assert.equal(groupState("Query", fromEmpty, available), "checked");
});

Deno.test("a group's state counts only the parts the value has", () => {
  const context = { ...FULL, searchFilterQuery: "", columnValuePath: "", columnGroupBy: [] };
  const available = availableParts(context);
  const checks = togglePart("rowGroupBy", checksForStrategy("EXACT")).checks;
  assert.equal(groupState("Group by", checks, available), "empty");
  assert.equal(groupState("Query", checksForStrategy("COL"), available), "indeterminate");
});

Deno.test("the payload (aggregation-v1) keeps what is checked: queries joined with AND, group-bys, condition, streams, window", () => {
  assert.deepEqual(fromValuePayload(FULL, checksForStrategy("EXACT")), {
    type: "aggregation-v1",
    query: '(http_method:GET) AND (application_name:nginx) AND (action:"login") AND (source:"web-01")',
    agg_field: "",
    agg_value: 42,
    agg_function: "count",
    group_by: ["action", "source"],
    loc_query_parameters: [],
    search_within_ms: 300_000,
    streams: ["000000000000000000000001"],
  });
  const row = fromValuePayload(FULL, checksForStrategy("ROW"));
  assert.equal(row.query, '(http_method:GET) AND (application_name:nginx) AND (action:"login")');
  assert.deepEqual(row.group_by, ["action"]);
  const all = fromValuePayload(FULL, checksForStrategy("ALL"));
  assert.equal(all.query, '(action:"login") AND (source:"web-01")');
  const bare = fromValuePayload(FULL, Object.fromEntries(availableParts(FULL).map((part) => [part, false])) as FromValueChecks);
  assert.deepEqual(
    { query: bare.query, agg_function: bare.agg_function, group_by: bare.group_by, search_within_ms: bare.search_within_ms, streams: bare.streams },
    { query: "", agg_function: null, group_by: [], search_within_ms: null, streams: [] },
  );
  // A single query is not parenthesised; a match-all page query is no part.
  assert.equal(fromValuePayload({ ...FULL, queryWithReplacedParams: "*", searchFilterQuery: "", columnValuePath: "" }, checksForStrategy("EXACT")).query, 'action:"login"');
});

Deno.test("a data table value: row and column groupings split by the widget's pivots, time groupings left out", () => {
  const widget: AggregationWidget = {
    id: "w1",
    type: "aggregation",
    filters: [],
    streams: ["s1"],
    timerange: { type: "relative", range: 3600 },
    query: { type: "elasticsearch", query_string: "application_name:nginx" },
    config: {
      row_pivots: [
        { type: "time", fields: ["timestamp"], config: { interval: { type: "auto", scaling: 1 } } },
        { type: "values", fields: ["action"], config: { limit: 15 } },
      ],
      column_pivots: [{ type: "values", fields: ["source"], config: { limit: 15 } }],
      series: [{ function: "avg(took_ms)", config: {} }],
      sort: [],
      visualization: "table",
      rollup: true,
      event_annotation: false,
    },
  } as unknown as AggregationWidget; // only the fields the context reads; the config's other defaults do not matter here
  const context = widgetValueContext(
    widget,
    [{ field: "timestamp", value: "2024-06-07T10:00:00.000Z" }, { field: "action", value: "login" }, { field: "source", value: "web-01" }],
    "http_method:GET",
  );
  assert.deepEqual(context, {
    queryWithReplacedParams: "http_method:GET",
    searchFilterQuery: "application_name:nginx",
    rowValuePath: 'action:"login"',
    columnValuePath: 'source:"web-01"',
    rowGroupBy: ["action"],
    columnGroupBy: ["source"],
    aggregation: { function: "avg", field: "took_ms", value: null },
    streams: ["s1"],
    searchWithinMs: 3_600_000,
  });
  const absolute = widgetValueContext({ ...widget, timerange: null }, [], "");
  assert.equal(absolute.searchWithinMs, DEFAULT_SEARCH_WITHIN_MS);
  assert.deepEqual(availableStrategies(absolute), ["EXACT", "ALL", "CUSTOM"]);
});

Deno.test("the clicked metric's value is carried into the aggregation, so the wizard's threshold starts there", () => {
  const widget = {
    id: "w1",
    type: "aggregation",
    filters: [],
    streams: [],
    timerange: { type: "relative", range: 300 },
    query: null,
    config: {
      row_pivots: [{ type: "values", fields: ["action"], config: { limit: 15 } }],
      column_pivots: [{ type: "values", fields: ["source"], config: { limit: 15 } }],
      series: [{ function: "count()", config: {} }],
      sort: [],
      visualization: "table",
      rollup: true,
      event_annotation: false,
    },
  } as unknown as AggregationWidget; // only the fields the context reads
  const result: PivotResult = {
    id: "w1",
    type: "pivot",
    total: 60,
    effective_timerange: { type: "absolute", from: "2024-06-07T10:00:00.000Z", to: "2024-06-07T10:05:00.000Z" },
    rows: [
      {
        key: ["login"],
        source: "leaf",
        values: [
          { key: ["count()"], value: 42, rollup: true, source: "row-leaf" },
          { key: ["web-01", "count()"], value: 30, rollup: false, source: "col-leaf" },
          { key: ["web-02", "count()"], value: 12, rollup: false, source: "col-leaf" },
        ],
      },
      { key: ["logout"], source: "leaf", values: [{ key: ["count()"], value: 18, rollup: true, source: "row-leaf" }] },
      { key: [], source: "non-leaf", values: [{ key: ["count()"], value: 60, rollup: true, source: "row-inner" }] },
    ],
  };
  const at = (path: { field: string; value: string }[]) => widgetValueContext(widget, path, "", result).aggregation?.value;
  assert.equal(at([{ field: "action", value: "login" }, { field: "source", value: "web-02" }]), 12);
  // A row value without a column value: the row's total.
  assert.equal(at([{ field: "action", value: "logout" }]), 18);
  // A path that leads to no number, or no result at hand: no value.
  assert.equal(at([{ field: "action", value: "logout" }, { field: "source", value: "web-01" }]), null);
  assert.equal(at([{ field: "source", value: "web-01" }]), null);
  assert.equal(widgetValueContext(widget, [{ field: "action", value: "login" }], "").aggregation?.value, null);
  const payload = fromValuePayload(
    widgetValueContext(widget, [{ field: "action", value: "login" }, { field: "source", value: "web-01" }], "", result),
    checksForStrategy("EXACT"),
  );
  assert.equal(payload.agg_value, 30);
  assert.deepEqual(formValuesFromValue(payload).aggregations, [{ seriesFunction: "count", seriesField: "", operator: ">", threshold: 30 }]);
});

Deno.test("the wizard opens with the payload: an aggregation when a condition was kept, else a filter", () => {
  const aggregation = formValuesFromValue(fromValuePayload(FULL, checksForStrategy("ROW")));
  assert.equal(aggregation.conditionType, "aggregation");
  assert.deepEqual(aggregation.aggregations, [{ seriesFunction: "count", seriesField: "", operator: ">", threshold: 42 }]);
  assert.deepEqual([aggregation.searchWithin, aggregation.searchWithinUnit], [5, "minutes"]);
  assert.deepEqual(aggregation.groupBy, ["action"]);
  assert.deepEqual(aggregation.streams, FULL.streams);

  const filter = formValuesFromValue(fromValuePayload({ ...FULL, aggregation: null, searchWithinMs: 7_200_000 }, checksForStrategy("EXACT")));
  assert.equal(filter.conditionType, "filter");
  assert.deepEqual([filter.searchWithin, filter.searchWithinUnit], [2, "hours"]);
});

Deno.test("the payload is handed over once under a fresh session id", () => {
  const storage = new Map<string, string>();
  const fake = {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  } as Storage; // the three calls the hand-over makes
  const payload = fromValuePayload(FULL, checksForStrategy("EXACT"));
  const id = storeFromValue(payload, fake);
  assert.notEqual(storeFromValue(payload, fake), id);
  assert.deepEqual(takeFromValue(id, fake), payload);
  assert.equal(takeFromValue(id, fake), null);
  assert.equal(takeFromValue("unknown", fake), null);
});
