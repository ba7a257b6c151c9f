import assert from "node:assert/strict";
import { queryForValueAction } from "../../../ui/search/logic/value-actions.ts";
import { fromSearchQuery, fromWireTimeRange } from "../../../ui/view/search-from-wire.ts";

const isTime = (field: string) => field === "timestamp";

Deno.test("acting on a chart value adds each grouping value, or excludes the innermost; time buckets are not terms", () => {
  const path = [{ field: "timestamp", value: "2026-01-01T00:00:00.000Z" }, { field: "http_method", value: "GET" }, { field: "source", value: 'web "1"' }];
  assert.equal(queryForValueAction("", "add-to-query", path, isTime), 'http_method:"GET" AND source:"web \\"1\\""');
  assert.equal(queryForValueAction("error OR warn", "show-messages", path.slice(0, 2), isTime), '(error OR warn) AND http_method:"GET"');
  assert.equal(queryForValueAction("error", "exclude", path, isTime), 'error AND NOT source:"web \\"1\\""');
  assert.equal(queryForValueAction("error", "exclude", path.slice(0, 1), isTime), "error");
});

Deno.test("a stored query left to its defaults (no time range, no query) opens as the last 5 minutes with no query", () => {
  assert.deepEqual(fromSearchQuery({ id: "q" }), { query: "", timerange: { type: "relative", range: 300 }, streams: [] });
});

Deno.test("a saved search's query, range and stream filter become the search bar's state", () => {
  assert.deepEqual(fromWireTimeRange({ type: "relative", from: 900 }), { type: "relative", range: 900 });
  assert.deepEqual(fromWireTimeRange({ type: "relative", range: 60 }), { type: "relative", range: 60 });
  assert.deepEqual(fromWireTimeRange({ type: "keyword", keyword: "yesterday", timezone: "UTC" }), { type: "keyword", keyword: "yesterday" });
  assert.deepEqual(
    fromSearchQuery({
      id: "q",
      timerange: { type: "absolute", from: "2026-01-01T00:00:00.000Z", to: "2026-01-02T00:00:00.000Z" },
      query: { type: "elasticsearch", query_string: "source:web" },
      filter: { type: "or", filters: [{ type: "stream", id: "s1" }, { type: "stream", id: "s2" }] },
    }),
    {
      query: "source:web",
      timerange: { type: "absolute", from: "2026-01-01T00:00:00.000Z", to: "2026-01-02T00:00:00.000Z" },
      streams: ["s1", "s2"],
    },
  );
});
