import assert from "node:assert/strict";
import { DEFAULT_SEARCH_STATE, parseSearchUrl, type SearchUrlState, toSearchParams } from "../../../ui/view/url-state.ts";

const parse = (query: string, defaults: string[] = []) => parseSearchUrl(new URLSearchParams(query), defaults);

Deno.test("a search URL without parameters is the default new search: empty query, last 5 minutes, all streams", () => {
  assert.deepEqual(parse(""), { ok: true, state: DEFAULT_SEARCH_STATE });
});

Deno.test("the query, a relative range and comma-separated streams are read from the URL", () => {
  assert.deepEqual(parse("q=source%3Aweb-01&rangetype=relative&relative=3600&streams=a,b"), {
    ok: true,
    state: { query: "source:web-01", timerange: { type: "relative", range: 3600 }, streams: ["a", "b"] },
  });
});

Deno.test("relative=0 means all time", () => {
  const parsed = parse("rangetype=relative&relative=0");
  assert.ok(parsed.ok);
  assert.deepEqual(parsed.state.timerange, { type: "relative", range: 0 });
});

Deno.test("absolute ranges need from and to; keyword ranges need a keyword", () => {
  assert.deepEqual(parse("rangetype=absolute&from=2026-01-01T00:00:00.000Z&to=2026-01-02T00:00:00.000Z"), {
    ok: true,
    state: { query: "", timerange: { type: "absolute", from: "2026-01-01T00:00:00.000Z", to: "2026-01-02T00:00:00.000Z" }, streams: [] },
  });
  assert.equal(parse("rangetype=absolute&from=yesterday").ok, false);
  assert.deepEqual(parse("rangetype=keyword&keyword=last%20hour"), {
    ok: true,
    state: { query: "", timerange: { type: "keyword", keyword: "last hour" }, streams: [] },
  });
  assert.deepEqual(parse("rangetype=keyword&keyword=%20"), { ok: false, error: "Keyword must not be empty!" });
});

Deno.test("any other range type is an error naming it", () => {
  assert.deepEqual(parse("rangetype=sometimes"), { ok: false, error: "Invalid time range type: sometimes" });
  assert.equal(parse("rangetype=relative&relative=-5").ok, false);
  assert.equal(parse("rangetype=relative&relative=abc").ok, false);
});

Deno.test("a stream search preselects its stream unless the URL names streams", () => {
  const own = parse("", ["s1"]);
  assert.ok(own.ok);
  assert.deepEqual(own.state.streams, ["s1"]);
  const named = parse("streams=s2", ["s1"]);
  assert.ok(named.ok);
  assert.deepEqual(named.state.streams, ["s2"]);
});

Deno.test("writing then reading the URL gives the same search for every range type", () => {
  const states: SearchUrlState[] = [
    { query: "http_method:(GET OR POST) AND \"a b\"", timerange: { type: "relative", range: 900 }, streams: ["x", "y"] },
    { query: "", timerange: { type: "absolute", from: "2026-03-01T10:00:00.000Z", to: "2026-03-01T11:00:00.000Z" }, streams: [] },
    { query: "&=?#", timerange: { type: "keyword", keyword: "yesterday" }, streams: [] },
  ];
  for (const state of states) assert.deepEqual(parse(toSearchParams(state).toString()), { ok: true, state });
});

Deno.test("an empty query and no streams are left out of the written URL", () => {
  assert.equal(toSearchParams(DEFAULT_SEARCH_STATE).toString(), "rangetype=relative&relative=300");
});
