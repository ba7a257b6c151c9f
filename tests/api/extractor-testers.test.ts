import assert from "node:assert/strict";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import {
  ContainsStringTesterResponseSchema,
  CutTesterResponseSchema,
  GrokTesterResponseSchema,
  JsonTesterResponseSchema,
  LookupTableTesterResponseSchema,
  RegexReplaceTesterResponseSchema,
  RegexTesterResponseSchema,
  RegexValidationResponseSchema,
} from "../../api/schemas/extractor-testers.ts";
import { type ApiHarness, apiTest } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";

const LINE = "GET /cart status=404 user=ann took 12ms";

async function refused(h: ApiHarness, path: string, body: unknown, message: RegExp): Promise<void> {
  const answer = await h.call("POST", path, { body });
  assert.equal(answer.status, 400, JSON.stringify(answer.body));
  assert.match(assertSchema(ApiErrorSchema, answer.body).message, message);
}

apiTest("the regex, regex replace and contains-string testers say what matched and where", async (h) => {
  const regex = assertSchema(RegexTesterResponseSchema, (await h.call("POST", "/tools/regex_tester", { body: { regex: "status=(\\d+)", string: LINE } })).body);
  assert.deepEqual(regex, { matched: true, match: { match: "404", start: 17, end: 20 }, regex: "status=(\\d+)", string: LINE });
  const none = assertSchema(RegexTesterResponseSchema, (await h.call("POST", "/tools/regex_tester", { body: { regex: "code=(\\d+)", string: LINE } })).body);
  assert.deepEqual([none.matched, none.match], [false, null]);
  const replaced = assertSchema(RegexReplaceTesterResponseSchema, (await h.call("POST", "/tools/regex_replace_tester", { body: { regex: "user=(\\w+)", replacement: "user=<$1>", replace_all: false, string: LINE } })).body);
  assert.equal(replaced.match?.match, "GET /cart status=404 user=<ann> took 12ms");
  const contains = assertSchema(ContainsStringTesterResponseSchema, (await h.call("POST", "/tools/contains_string_tester", { body: { search_string: "user=", string: LINE } })).body);
  assert.deepEqual(contains.match, { match: "user=", start: 21, end: 26 });
  await refused(h, "/tools/regex_tester", { regex: "(", string: LINE }, /^extractor_config\.regex_value is not a valid regular expression/);
  await refused(h, "/tools/regex_tester", { string: LINE }, /regex is required/);
  await refused(h, "/tools/contains_string_tester", { search_string: "", string: LINE }, /search_string must not be empty/);
  await refused(h, "/tools/regex_replace_tester", { regex: "a", string: LINE }, /replacement is required/);
});

apiTest("the regex validation says whether a regex compiles", async (h) => {
  const valid = assertSchema(RegexValidationResponseSchema, (await h.call("GET", "/tools/regex_tester/validate?regex=%5Ea%2B")).body);
  assert.deepEqual(valid, { regex: "^a+", is_valid: true, validation_message: null });
  const invalid = assertSchema(RegexValidationResponseSchema, (await h.call("GET", "/tools/regex_tester/validate?regex=(")).body);
  assert.equal(invalid.is_valid, false);
  assert.match(invalid.validation_message ?? "", /Unterminated group/);
  const missing = await h.call("GET", "/tools/regex_tester/validate");
  assert.equal(missing.status, 400);
  assert.match(assertSchema(ApiErrorSchema, missing.body).message, /regex/);
});

apiTest("the split-and-index and substring testers give the cut and its positions", async (h) => {
  const split = assertSchema(CutTesterResponseSchema, (await h.call("POST", "/tools/split_and_index_tester", { body: { split_by: " ", index: 2, string: LINE } })).body);
  assert.deepEqual(split, { successful: true, cut: "/cart", begin_index: 4, end_index: 9 });
  const beyond = assertSchema(CutTesterResponseSchema, (await h.call("POST", "/tools/split_and_index_tester", { body: { split_by: " ", index: 99, string: LINE } })).body);
  assert.equal(beyond.successful, false);
  const substring = assertSchema(CutTesterResponseSchema, (await h.call("POST", "/tools/substring_tester", { body: { start: 0, end: 3, string: LINE } })).body);
  assert.deepEqual(substring, { successful: true, cut: "GET", begin_index: 0, end_index: 3 });
  await refused(h, "/tools/split_and_index_tester", { split_by: " ", index: 0, string: LINE }, /index must be 1 or more/);
  await refused(h, "/tools/substring_tester", { start: 5, end: 2, string: LINE }, /^extractor_config\.end_index must be greater than begin_index$/);
  await refused(h, "/tools/substring_tester", { start: "a", end: 2, string: LINE }, /start must be a number/);
});

apiTest("the grok and JSON testers list the fields the extractor would write", async (h) => {
  const grok = assertSchema(GrokTesterResponseSchema, (await h.call("POST", "/tools/grok_tester", { body: { pattern: "status=%{INT:status} user=%{WORD:user}", string: LINE, named_captures_only: true } })).body);
  assert.equal(grok.matched, true);
  assert.deepEqual(grok.matches, [{ name: "status", match: "404" }, { name: "user", match: "ann" }]);
  const nomatch = assertSchema(GrokTesterResponseSchema, (await h.call("POST", "/tools/grok_tester", { body: { pattern: "code=%{INT:code}", string: LINE } })).body);
  assert.deepEqual([nomatch.matched, nomatch.matches], [false, []]);
  await refused(h, "/tools/grok_tester", { pattern: "%{NO_SUCH}", string: LINE }, /^extractor_config\.grok_pattern: /);
  const json = assertSchema(JsonTesterResponseSchema, (await h.call("POST", "/tools/json_tester", { body: { string: '{"user":{"name":"ann"},"tags":["a","b"]}', key_prefix: "j_" } })).body);
  assert.deepEqual(json.matches, { j_user_name: "ann", j_tags: "a, b" });
  await refused(h, "/tools/json_tester", { string: "{}", flatten: "yes" }, /flatten must be a boolean/);
});

apiTest("the lookup table tester looks a string up in a table; an unknown table is said", async (h) => {
  const found = assertSchema(LookupTableTesterResponseSchema, (await h.call("POST", "/tools/lookup_table_tester", { body: { lookup_table_name: "http-status-phrases", string: "404" } })).body);
  assert.deepEqual([found.empty, found.error, found.value?.single_value], [false, false, "Not Found"]);
  const unknown = assertSchema(LookupTableTesterResponseSchema, (await h.call("POST", "/tools/lookup_table_tester", { body: { lookup_table_name: "nope", string: "404" } })).body);
  assert.deepEqual([unknown.error, unknown.error_message], [true, "Lookup table <nope> doesn't exist"]);
  await refused(h, "/tools/lookup_table_tester", { string: "404" }, /lookup_table_name is required/);
});
