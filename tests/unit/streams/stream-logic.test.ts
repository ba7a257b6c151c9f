import assert from "node:assert/strict";
import { STREAM_RULE_TYPES } from "../../../api/schemas/streams.ts";
import { bulkOutcomeText, indexSetOptions, rulesText, streamPageQuery, validateTitle } from "../../../ui/streams/logic/stream-list.ts";
import { EMPTY_RULE_FORM, exampleMessageText, parseTestMessage, RULE_TYPE_OPTIONS, ruleBody, ruleSentence, validateRule } from "../../../ui/streams/logic/stream-rules.ts";

Deno.test("the rule type choice offers every Graylog rule type under its number", () => {
  assert.deepEqual(RULE_TYPE_OPTIONS, [
    { value: "1", label: "match exactly" },
    { value: "2", label: "match regular expression" },
    { value: "3", label: "greater than" },
    { value: "4", label: "smaller than" },
    { value: "5", label: "field presence" },
    { value: "6", label: "contain" },
    { value: "7", label: "always match" },
    { value: "8", label: "match input" },
  ]);
});

Deno.test("a rule reads as one sentence, inverted ones with 'must not'", () => {
  const rule = (type: number, value = "", inverted = false) => ({ field: "level", type, value, inverted });
  assert.equal(ruleSentence(rule(STREAM_RULE_TYPES.exact, "3")), 'level must match exactly "3"');
  assert.equal(ruleSentence(rule(STREAM_RULE_TYPES.regex, "^\\d$")), "level must match regular expression /^\\d$/");
  assert.equal(ruleSentence(rule(STREAM_RULE_TYPES.greater, "4", true)), "level must not be greater than 4");
  assert.equal(ruleSentence(rule(STREAM_RULE_TYPES.smaller, "4")), "level must be smaller than 4");
  assert.equal(ruleSentence(rule(STREAM_RULE_TYPES.presence, "", true)), "level must not be present");
  assert.equal(ruleSentence(rule(STREAM_RULE_TYPES.contains, "er")), 'level must contain "er"');
  assert.equal(ruleSentence(rule(STREAM_RULE_TYPES.always_match)), "always match");
  assert.equal(ruleSentence(rule(STREAM_RULE_TYPES.match_input, "input-1")), "the input must be input-1");
  assert.equal(ruleSentence(rule(42)), "unknown rule type 42");
});

Deno.test("the rule form asks for what the type reads, and sends only that", () => {
  assert.deepEqual(validateRule(EMPTY_RULE_FORM), { field: "Field is required.", value: "Value is required." });
  assert.deepEqual(validateRule({ ...EMPTY_RULE_FORM, type: "2", field: "a", value: "(" }), { value: "Value must be a valid regular expression." });
  assert.deepEqual(validateRule({ ...EMPTY_RULE_FORM, type: "3", field: "a", value: "many" }), { value: "Value must be a number." });
  assert.deepEqual(validateRule({ ...EMPTY_RULE_FORM, type: "5", field: "a" }), {});
  assert.deepEqual(validateRule({ ...EMPTY_RULE_FORM, type: "7" }), {});
  assert.deepEqual(
    ruleBody({ type: "7", field: "ignored", value: "ignored", inverted: true, description: "all" }),
    { type: 7, field: "", value: "", inverted: true, description: "all" },
  );
  assert.deepEqual(ruleBody({ type: "1", field: " source ", value: "web", inverted: false, description: "" }), {
    type: 1,
    field: "source",
    value: "web",
    inverted: false,
    description: "",
  });
});

Deno.test("the test message must be a JSON object", () => {
  assert.deepEqual(parseTestMessage('{"source": "a"}'), { message: { source: "a" } });
  assert.ok("error" in parseTestMessage("[1]"));
  assert.ok("error" in parseTestMessage("not json"));
});

Deno.test("the list asks the server for a sort it knows, and words rules and bulk outcomes", () => {
  assert.deepEqual(streamPageQuery({ query: "web", page: 2, perPage: 20, sort: { attributeId: "created_at", direction: "desc" } }), {
    query: "web",
    page: 2,
    per_page: 20,
    sort: "created_at",
    order: "desc",
  });
  assert.equal(streamPageQuery({ query: "", page: 1, perPage: 20, sort: { attributeId: "rules", direction: "asc" } }).sort, "title");
  assert.equal(rulesText({ rules: [], matching_type: "AND", is_default: false }), "No rules");
  assert.equal(rulesText({ rules: [{} as never, {} as never], matching_type: "OR", is_default: false }), "2 rules, one must match");
  assert.equal(rulesText({ rules: [], matching_type: "AND", is_default: true }), "Every message not removed by another stream");
  assert.equal(bulkOutcomeText("paused", { successfully_performed: 1, failures: [] }), "1 stream paused.");
  assert.equal(
    bulkOutcomeText("deleted", {
      successfully_performed: 0,
      failures: [{ failure_explanation: "The default stream cannot be deleted." }, { failure_explanation: "Not enough permissions" }],
    }),
    "0 streams deleted. 2 failed: The default stream cannot be deleted.; Not enough permissions",
  );
  assert.equal(validateTitle(" "), "Title is required.");
  assert.equal(validateTitle("Web"), null);
});

Deno.test("the stream form offers the writable index sets by title, or the ids streams use without indices:read", () => {
  const sets = [
    { id: "b", title: "Security", writable: true },
    { id: "a", title: "Default index set", writable: true },
    { id: "c", title: "Graylog Events", writable: false },
  ];
  assert.deepEqual(indexSetOptions(sets, []), [{ value: "a", label: "Default index set" }, { value: "b", label: "Security" }]);
  assert.deepEqual(indexSetOptions([], [{ index_set_id: "a" }, { index_set_id: "a" }, { index_set_id: "b" }]), [
    { value: "a", label: "a" },
    { value: "b", label: "b" },
  ]);
});

Deno.test("a stored example message is tested with its own fields, without ids, stream lists and internal fields but the input", () => {
  const text = exampleMessageText({
    _id: "m1",
    streams: ["s"],
    gl2_source_node: "n",
    gl2_source_input: "i",
    source: "web-01",
    level: 6,
  });
  assert.deepEqual(JSON.parse(text), { gl2_source_input: "i", source: "web-01", level: 6 });
});
