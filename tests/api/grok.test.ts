import assert from "node:assert/strict";
import { DEFAULT_GROK_PATTERNS } from "../../fixtures/default-grok-patterns.ts";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import {
  GrokPatternListSchema,
  GrokPatternPageSchema,
  GrokPatternSchema,
  GrokPatternTestResultSchema,
} from "../../api/schemas/grok.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const aPattern = (overrides: Partial<{ name: string; pattern: string }> = {}) => ({
  name: "SLUICE_STATUS",
  pattern: "status=%{INT:status:int}",
  ...overrides,
});

async function create(h: ApiHarness, body: unknown) {
  const answer = await h.call("POST", "/system/grok", { body });
  assert.equal(answer.status, 201, JSON.stringify(answer.body));
  return assertSchema(GrokPatternSchema, answer.body);
}

function assertBadRequest(answer: { status: number; body: unknown }, message: RegExp): void {
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
}

apiTest("a new database holds Graylog's default grok patterns", async (h) => {
  const answer = await h.call("GET", "/system/grok");
  assert.equal(answer.status, 200);
  const { patterns } = assertSchema(GrokPatternListSchema, answer.body);
  assert.deepEqual(
    patterns.map(({ name, pattern }) => ({ name, pattern })).sort((a, b) => a.name.localeCompare(b.name)),
    [...DEFAULT_GROK_PATTERNS].sort((a, b) => a.name.localeCompare(b.name)),
  );
});

apiTest("the paginated list pages, sorts and answers Graylog's paginated shape", async (h) => {
  const first = assertSchema(GrokPatternPageSchema, (await h.call("GET", "/system/grok/paginated?per_page=10")).body);
  assert.equal(first.total, DEFAULT_GROK_PATTERNS.length);
  assert.deepEqual(first.pagination, { total: DEFAULT_GROK_PATTERNS.length, count: 10, page: 1, per_page: 10 });
  assert.deepEqual([first.count, first.page, first.per_page, first.query], [10, 1, 10, ""]);
  assert.deepEqual(first.attributes.map((attribute) => attribute.id), ["name", "pattern"]);
  const names = first.patterns.map((pattern) => pattern.name);
  assert.deepEqual(names, [...names].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1)));
  assert.equal(names[0], "BASE10NUM");

  const last = assertSchema(GrokPatternPageSchema, (await h.call("GET", "/system/grok/paginated?per_page=10&page=8")).body);
  assert.equal(last.patterns.length, DEFAULT_GROK_PATTERNS.length - 70);
  assert.equal(last.count, last.patterns.length);

  const descending = assertSchema(GrokPatternPageSchema, (await h.call("GET", "/system/grok/paginated?sort=name&order=desc&per_page=1")).body);
  assert.equal(descending.patterns[0].name, "YEAR");
});

apiTest("the search matches names by default, and name:/pattern: filters and -negations as Graylog's syntax has them", async (h) => {
  const search = async (query: string) =>
    assertSchema(GrokPatternPageSchema, (await h.call("GET", `/system/grok/paginated?query=${encodeURIComponent(query)}&per_page=100`)).body);
  const mac = await search("mac");
  assert.deepEqual(mac.patterns.map((pattern) => pattern.name), ["CISCOMAC", "COMMONMAC", "MAC", "WINDOWSMAC"]);
  assert.equal(mac.query, "mac");
  assert.equal(mac.total, 4);
  assert.deepEqual((await search("mac -name:cisco -windows")).patterns.map((pattern) => pattern.name), ["COMMONMAC", "MAC"]);
  assert.deepEqual((await search("pattern:%{QUOTEDSTRING}")).patterns.map((pattern) => pattern.name), ["QS"]);
  assert.deepEqual((await search('name:"ISO8601_"')).patterns.map((pattern) => pattern.name), ["ISO8601_SECOND", "ISO8601_TIMEZONE"]);
  assert.deepEqual((await search("year month")).patterns.map((pattern) => pattern.name).sort(), ["MONTH", "MONTHDAY", "MONTHNUM", "MONTHNUM2", "YEAR"]);
  assert.equal((await search("nothing-like-this")).total, 0);
});

apiTest("bad paging and sorting parameters are refused with 400 naming the parameter", async (h) => {
  const cases: [string, RegExp][] = [
    ["page=0", /^Invalid query parameter: page: page must be a positive integer/],
    ["page=x", /page: page must be a positive integer/],
    ["per_page=0", /per_page: per_page must be an integer from 1 to 1000/],
    ["per_page=1001", /per_page: /],
    ["per_page=2.5", /per_page: /],
    ["sort=pattern", /sort: sort must be one of name, id/],
    ["order=up", /order: order must be asc or desc/],
  ];
  for (const [query, message] of cases) assertBadRequest(await h.call("GET", `/system/grok/paginated?${query}`), message);
});

apiTest("a pattern is created, read, changed and deleted", async (h) => {
  const created = await create(h, aPattern());
  assert.deepEqual({ ...created, id: "" }, { id: "", name: "SLUICE_STATUS", pattern: "status=%{INT:status:int}", content_pack: null });
  assert.deepEqual(assertSchema(GrokPatternSchema, (await h.call("GET", `/system/grok/${created.id}`)).body), created);

  const changed = await h.call("PUT", `/system/grok/${created.id}`, { body: { ...created, pattern: "code=%{INT:status}" } });
  assert.equal(changed.status, 200);
  assert.equal(assertSchema(GrokPatternSchema, changed.body).pattern, "code=%{INT:status}");
  assert.equal(assertSchema(GrokPatternSchema, (await h.call("GET", `/system/grok/${created.id}`)).body).pattern, "code=%{INT:status}");

  assert.equal((await h.call("DELETE", `/system/grok/${created.id}`)).status, 204);
  const gone = await h.call("GET", `/system/grok/${created.id}`);
  assert.equal(gone.status, 404);
  assert.equal(assertSchema(ApiErrorSchema, gone.body).message, `Couldn't find Grok pattern with ID ${created.id}`);
  assert.equal((await h.call("DELETE", `/system/grok/${created.id}`)).status, 404);
  assert.equal((await h.call("PUT", `/system/grok/${created.id}`, { body: aPattern() })).status, 404);
});

apiTest("a duplicate name is refused with Graylog's text, on create and on rename", async (h) => {
  assertBadRequest(await h.call("POST", "/system/grok", { body: aPattern({ name: "WORD" }) }), /^Grok pattern WORD already exists$/);
  const created = await create(h, aPattern());
  assertBadRequest(await h.call("PUT", `/system/grok/${created.id}`, { body: aPattern({ name: "IP" }) }), /^Grok pattern IP already exists$/);
});

apiTest("a pattern that does not compile is refused, naming the unknown or circular reference", async (h) => {
  assertBadRequest(await h.call("POST", "/system/grok", { body: aPattern({ pattern: "%{NOPE:x}" }) }), /^Invalid pattern SLUICE_STATUS: No grok pattern named NOPE/);
  assertBadRequest(await h.call("POST", "/system/grok", { body: aPattern({ pattern: "(unclosed" }) }), /Invalid regular expression/);
  assertBadRequest(await h.call("POST", "/system/grok", { body: aPattern({ pattern: "%{SLUICE_STATUS}" }) }), /Circular grok pattern reference: SLUICE_STATUS → SLUICE_STATUS/);
  const outer = await create(h, { name: "INNER_X", pattern: "%{WORD}" });
  const user = await create(h, { name: "USES_INNER", pattern: "[%{INNER_X}]" });
  // Renaming a pattern that another uses would break that one: refused, nothing changed.
  assertBadRequest(await h.call("PUT", `/system/grok/${outer.id}`, { body: { name: "RENAMED", pattern: "%{WORD}" } }), /^Invalid pattern USES_INNER: No grok pattern named INNER_X/);
  assertBadRequest(await h.call("PUT", `/system/grok/${outer.id}`, { body: { name: "INNER_X", pattern: "%{USES_INNER}" } }), /Circular grok pattern reference/);
  assert.equal(assertSchema(GrokPatternSchema, (await h.call("GET", `/system/grok/${outer.id}`)).body).name, "INNER_X");
  assert.equal((await h.call("GET", `/system/grok/${user.id}`)).status, 200);
});

apiTest("malformed bodies get a 400 naming the field, and nothing is stored", async (h) => {
  const cases: [unknown, RegExp][] = [
    [{ pattern: "x" }, /^Invalid request body: name: name is required/],
    [{ name: "", pattern: "x" }, /name: name must not be empty/],
    [{ name: "has space", pattern: "x" }, /name: name may contain only letters, digits and underscores/],
    [{ name: "OK" }, /pattern: pattern is required/],
    [{ name: "OK", pattern: "" }, /pattern: pattern must not be empty/],
    [{ name: "OK", pattern: 5 }, /pattern: pattern is required/],
    [{ name: "OK", pattern: "x", extra: 1 }, /Unrecognized key: "extra"/],
    ["[1,", /Malformed JSON in request body/],
  ];
  for (const [body, message] of cases) {
    assertBadRequest(await h.call("POST", "/system/grok", { body }), message);
  }
  const some = assertSchema(GrokPatternListSchema, (await h.call("GET", "/system/grok")).body).patterns[0];
  assertBadRequest(await h.call("PUT", `/system/grok/${some.id}`, { body: { name: "X" } }), /pattern: pattern is required/);
  assertBadRequest(await h.call("GET", "/system/grok/not-an-id"), /^Invalid path parameter: patternId: /);
  assert.equal(assertSchema(GrokPatternListSchema, (await h.call("GET", "/system/grok")).body).patterns.length, DEFAULT_GROK_PATTERNS.length);
});

apiTest("testing a pattern shows the named captures, with types; a sample that does not match gives {}", async (h) => {
  const tested = await h.call("POST", "/system/grok/test", {
    body: { grok_pattern: { name: "TRY_ME", pattern: "%{IPV4:client} took %{NUMBER:took:float}ms" }, sample_data: "from 10.1.2.3 took 12.5ms" },
  });
  assert.equal(tested.status, 200);
  assert.deepEqual(assertSchema(GrokPatternTestResultSchema, tested.body), {
    TRY_ME: "10.1.2.3 took 12.5ms",
    client: "10.1.2.3",
    took: 12.5,
    // Bare references inside the used patterns are captures too, under their pattern's name (as in Graylog).
    BASE10NUM: "12.5",
  });
  const none = await h.call("POST", "/system/grok/test", {
    body: { grok_pattern: { name: "TRY_ME", pattern: "%{IPV4:client}" }, sample_data: "no address" },
  });
  assert.deepEqual(assertSchema(GrokPatternTestResultSchema, none.body), {});
  assertBadRequest(
    await h.call("POST", "/system/grok/test", { body: { grok_pattern: { name: "T", pattern: "%{MISSING}" }, sample_data: "x" } }),
    /^No grok pattern named MISSING \(used by T\)$/,
  );
  assertBadRequest(await h.call("POST", "/system/grok/test", { body: { grok_pattern: { name: "T", pattern: "x" } } }), /sample_data: sample_data is required/);
  assertBadRequest(await h.call("POST", "/system/grok/test", { body: { grok_pattern: "x", sample_data: "x" } }), /grok_pattern: /);
});

apiTest("an import adds patterns that may use each other; a name that exists aborts it unless replaced", async (h) => {
  const imported = await h.call("PUT", "/system/grok", {
    body: { patterns: [{ name: "IMPORTED_B", pattern: "<%{IMPORTED_A}>" }, { name: "IMPORTED_A", pattern: "%{WORD}" }] },
  });
  assert.equal(imported.status, 202);
  const all = assertSchema(GrokPatternListSchema, (await h.call("GET", "/system/grok")).body).patterns;
  assert.equal(all.length, DEFAULT_GROK_PATTERNS.length + 2);

  const conflict = await h.call("PUT", "/system/grok", { body: { patterns: [{ name: "WORD", pattern: "\\w+" }, { name: "NEW_ONE", pattern: "x" }] } });
  assertBadRequest(conflict, /^The following Grok patterns already exist: WORD\.$/);
  assert.equal(assertSchema(GrokPatternListSchema, (await h.call("GET", "/system/grok")).body).patterns.length, all.length, "nothing was stored");

  const replaced = await h.call("PUT", "/system/grok?import-strategy=REPLACE_ON_CONFLICT", {
    body: { patterns: [{ name: "WORD", pattern: "\\w+" }, { name: "NEW_ONE", pattern: "x" }] },
  });
  assert.equal(replaced.status, 202);
  const after = assertSchema(GrokPatternListSchema, (await h.call("GET", "/system/grok")).body).patterns;
  assert.equal(after.length, all.length + 1);
  assert.equal(after.find((pattern) => pattern.name === "WORD")!.pattern, "\\w+");
  assert.equal(after.find((pattern) => pattern.name === "WORD")!.id, all.find((pattern) => pattern.name === "WORD")!.id, "a replaced pattern keeps its id");
});

apiTest("an import with replace all drops every other pattern; a bad import stores nothing", async (h) => {
  assertBadRequest(
    await h.call("PUT", "/system/grok?replace=true", { body: { patterns: [{ name: "ONLY", pattern: "%{WORD}" }] } }),
    /^Invalid pattern ONLY: No grok pattern named WORD \(used by ONLY\)$/,
  );
  assertBadRequest(
    await h.call("PUT", "/system/grok", { body: { patterns: [{ name: "TWICE", pattern: "a" }, { name: "TWICE", pattern: "b" }] } }),
    /^The supplied Grok patterns contain conflicting names: TWICE$/,
  );
  assert.equal(assertSchema(GrokPatternListSchema, (await h.call("GET", "/system/grok")).body).patterns.length, DEFAULT_GROK_PATTERNS.length);
  const answer = await h.call("PUT", "/system/grok?import-strategy=DROP_ALL_EXISTING", {
    body: { patterns: [{ name: "ONLY", pattern: "[a-z]+" }, { name: "ALSO", pattern: "%{ONLY}!" }] },
  });
  assert.equal(answer.status, 202);
  const left = assertSchema(GrokPatternListSchema, (await h.call("GET", "/system/grok")).body).patterns;
  assert.deepEqual(left.map((pattern) => pattern.name), ["ALSO", "ONLY"]);
  assertBadRequest(await h.call("PUT", "/system/grok?import-strategy=SOMETIMES", { body: { patterns: [] } }), /import-strategy: import-strategy must be one of ABORT_ON_CONFLICT/);
  assertBadRequest(await h.call("PUT", "/system/grok", { body: { patterns: [{ name: "X" }] } }), /patterns\.0\.pattern: pattern is required/);
  assertBadRequest(await h.call("PUT", "/system/grok", { body: {} }), /patterns: patterns must be a list/);
});

apiTest("the reader may neither read nor change grok patterns, and may still test one", async (h) => {
  const some = assertSchema(GrokPatternListSchema, (await h.call("GET", "/system/grok")).body).patterns[0];
  const asReader = { cookie: h.readerCookie };
  const calls: [Parameters<ApiHarness["call"]>[0], string, unknown][] = [
    ["GET", "/system/grok", undefined],
    ["GET", "/system/grok/paginated", undefined],
    ["GET", `/system/grok/${some.id}`, undefined],
    ["POST", "/system/grok", aPattern()],
    ["PUT", "/system/grok", { patterns: [aPattern()] }],
    ["PUT", `/system/grok/${some.id}`, aPattern()],
    ["DELETE", `/system/grok/${some.id}`, undefined],
  ];
  for (const [method, path, body] of calls) {
    const answer = await h.call(method, path, { ...asReader, body });
    assert.equal(answer.status, 403, `${method} ${path}`);
    assertSchema(ApiErrorSchema, answer.body);
  }
  const tested = await h.call("POST", "/system/grok/test", { ...asReader, body: { grok_pattern: aPattern(), sample_data: "status=7" } });
  assert.deepEqual(assertSchema(GrokPatternTestResultSchema, tested.body), { SLUICE_STATUS: "status=7", status: 7 });
  assert.equal((await h.call("GET", "/system/grok", { cookie: null })).status, 401);
  assert.equal((await h.call("POST", "/system/grok", { body: aPattern(), requestedBy: false })).status, 400, "a write without X-Requested-By");
});
