import assert from "node:assert/strict";
import {
  type CompletionField,
  completionOptions,
  quoteValue,
  SUGGESTION_SIZE,
  type SuggestValues,
  valueCompletions,
  valueTarget,
} from "../../../ui/search/logic/lucene-completion.ts";
import {
  loadRecentQueries,
  RECENT_QUERIES_LIMIT,
  recentQueriesKey,
  recentQueryOptions,
  rememberQuery,
  saveRecentQuery,
} from "../../../ui/search/logic/recent-queries.ts";

const FIELDS: CompletionField[] = [
  { name: "source", type: "string", enumerable: true },
  { name: "http_method", type: "string", enumerable: true },
  { name: "message", type: "string", enumerable: false },
  { name: "took_ms", type: "long", enumerable: true },
];

/** A fake of POST /search/suggest: records the calls, answers values starting with the input. */
function fakeSuggest(values: Record<string, string[]>, cutOff = 0) {
  const calls: { field: string; input: string }[] = [];
  const suggest: SuggestValues = (field, input) => {
    calls.push({ field, input });
    const matching = (values[field] ?? []).filter((value) =>
      value.toLowerCase().startsWith(input.toLowerCase())
    );
    return Promise.resolve({
      suggestions: matching.map((value, i) => ({ value, occurrence: 100 - i })),
      sum_other_docs_count: cutOff,
    });
  };
  return { suggest, calls };
}

Deno.test("the suggestion call asks for 50 values", () => {
  assert.equal(SUGGESTION_SIZE, 50);
});

Deno.test("after `field:` of an enumerable field, values come from the suggest call", async () => {
  const { suggest, calls } = fakeSuggest({ source: ["web-01", "web-02", "db-01"] });
  const found = await valueCompletions("level:3 AND source:we", FIELDS, suggest);
  assert.deepEqual(calls, [{ field: "source", input: "we" }]);
  assert.equal(found?.from, "level:3 AND source:".length);
  assert.deepEqual(found?.options.map((o) => [o.label, o.apply, o.detail, o.kind]), [
    ["web-01", "web-01", "100", "value"],
    ["web-02", "web-02", "99", "value"],
  ]);
  assert.equal(found?.complete, true);
  // Right after the colon: every value, input empty.
  const all = await valueCompletions("source:", FIELDS, suggest);
  assert.deepEqual(calls.at(-1), { field: "source", input: "" });
  assert.equal(all?.options.length, 3);
});

Deno.test("a cut-off suggestion list is marked incomplete so the editor asks again", async () => {
  const { suggest } = fakeSuggest({ source: ["web-01"] }, 12);
  assert.equal((await valueCompletions("source:w", FIELDS, suggest))?.complete, false);
});

Deno.test("no value completion for non-enumerable or unknown fields, phrases, or outside a value", async () => {
  const { suggest, calls } = fakeSuggest({ source: ["web-01"], message: ["x"] });
  assert.equal(await valueCompletions("message:fo", FIELDS, suggest), null);
  assert.equal(await valueCompletions("nosuchfield:fo", FIELDS, suggest), null);
  assert.equal(await valueCompletions("source", FIELDS, suggest), null);
  assert.equal(await valueCompletions("source:web-01 ", FIELDS, suggest), null);
  assert.equal(await valueCompletions('"a phrase source:we', FIELDS, suggest), null);
  assert.deepEqual(calls, [], "the server is asked only for enumerable field values");
  // No values: nothing to show.
  assert.equal(await valueCompletions("http_method:ZZZ", FIELDS, suggest), null);
});

Deno.test("values that need it are quoted; an opened quote is replaced with the phrase", async () => {
  assert.equal(quoteValue("web-01"), "web-01");
  assert.equal(quoteValue("GET"), "GET");
  assert.equal(quoteValue("two words"), '"two words"');
  assert.equal(quoteValue("a:b"), '"a:b"');
  assert.equal(quoteValue("-1"), '"-1"');
  assert.equal(quoteValue("10.0.0.1"), "10.0.0.1");
  assert.equal(quoteValue('say "hi"'), '"say \\"hi\\""');
  assert.equal(quoteValue("OR"), '"OR"');
  assert.equal(quoteValue("web-01", true), '"web-01"');
  const target = valueTarget('source:"web', FIELDS);
  assert.deepEqual(target, { field: "source", input: "web", from: "source:".length, quoted: true });
  const { suggest } = fakeSuggest({ source: ["web 01"] });
  const found = await valueCompletions('(source:"web', FIELDS, suggest);
  assert.equal(found?.from, "(source:".length);
  assert.deepEqual(found?.options.map((o) => o.apply), ['"web 01"']);
  // Prefix operators and groups before the field still count.
  assert.equal(valueTarget("-source:a", FIELDS)?.field, "source");
  assert.equal(valueTarget("NOT (http_method:G", FIELDS)?.input, "G");
});

Deno.test("field-name and operator completion is unchanged and offers no values", () => {
  assert.equal(completionOptions("source:", FIELDS), null);
  assert.deepEqual(completionOptions("so", FIELDS)?.options.map((o) => o.apply), ["source:"]);
  assert.ok(
    !completionOptions("(", FIELDS)!.options.some((o) => o.kind === "operator"),
    "no operator right after (",
  );
  assert.deepEqual(
    completionOptions("source:a A", FIELDS)?.options.filter((o) => o.kind === "operator").map((o) => o.label),
    ["AND"],
  );
});

/** A Map-backed Storage fake. */
function memoryStorage(initial: Record<string, string> = {}) {
  const items = new Map(Object.entries(initial));
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
  };
}

Deno.test("recent queries keep the last 20 submitted, newest first, without duplicates or blanks", () => {
  let recent: string[] = [];
  for (let i = 1; i <= 25; i++) recent = rememberQuery(recent, `q${i}`);
  assert.equal(RECENT_QUERIES_LIMIT, 20);
  assert.equal(recent.length, 20);
  assert.equal(recent[0], "q25");
  assert.equal(recent.at(-1), "q6");
  recent = rememberQuery(recent, "q10");
  assert.equal(recent[0], "q10");
  assert.equal(recent.filter((q) => q === "q10").length, 1);
  assert.deepEqual(rememberQuery(["a"], "   "), ["a"]);
  assert.deepEqual(rememberQuery(["a"], "  b "), ["b", "a"]);
});

Deno.test("recent queries are stored per user in local storage", () => {
  const storage = memoryStorage();
  saveRecentQuery(storage, "admin", "source:web-01");
  saveRecentQuery(storage, "admin", "http_method:GET");
  saveRecentQuery(storage, "reader", "level:3");
  assert.deepEqual(loadRecentQueries(storage, "admin"), ["http_method:GET", "source:web-01"]);
  assert.deepEqual(loadRecentQueries(storage, "reader"), ["level:3"]);
  assert.deepEqual(JSON.parse(storage.items.get(recentQueriesKey("admin"))!), [
    "http_method:GET",
    "source:web-01",
  ]);
  // Broken or foreign content and missing storage count as empty.
  assert.deepEqual(loadRecentQueries(memoryStorage({ [recentQueriesKey("x")]: "{not json" }), "x"), []);
  assert.deepEqual(loadRecentQueries(memoryStorage({ [recentQueriesKey("x")]: '[1,"a",null]' }), "x"), ["a"]);
  assert.deepEqual(loadRecentQueries(null, "x"), []);
  const full = {
    getItem: () => null,
    setItem: () => {
      throw new Error("QuotaExceededError");
    },
  };
  assert.deepEqual(saveRecentQuery(full, "x", "a"), ["a"]);
});

Deno.test("recent queries are offered for an empty editor and as completions of the typed prefix", () => {
  const recent = ["source:web-01 AND http_method:GET", "http_method:POST", "Source:db"];
  assert.deepEqual(recentQueryOptions("", recent).map((o) => o.label), recent);
  assert.deepEqual(recentQueryOptions("  ", recent).map((o) => o.label), recent);
  assert.deepEqual(recentQueryOptions("sou", recent).map((o) => o.apply), [
    "source:web-01 AND http_method:GET",
    "Source:db",
  ]);
  assert.deepEqual(
    recentQueryOptions("http_method:POST", recent),
    [],
    "the query already typed is not offered again",
  );
  assert.deepEqual(recentQueryOptions("nothing", recent), []);
  assert.equal(recentQueryOptions("", recent)[0].kind, "recent");
});
