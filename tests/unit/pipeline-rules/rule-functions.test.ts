import assert from "node:assert/strict";
import { parseRule } from "../../../shared/pipeline-rules/rule-parser.ts";
import type { RuleEnvironment, RuleMessage } from "../../../shared/pipeline-rules/rule-function.ts";
import { RuleDateTime } from "../../../shared/pipeline-rules/rule-types.ts";
import { THREAT_INTEL_DEFAULTS } from "../../../shared/threat-intel-config.ts";

/** A message of plain fields, as the functions see one. */
class FakeMessage implements RuleMessage {
  dropped = false;
  constructor(readonly values: Record<string, unknown> = {}, readonly streams: string[] = ["default"]) {}
  get(field: string) {
    return this.values[field] ?? null;
  }
  has(field: string) {
    return this.get(field) !== null;
  }
  set(field: string, value: unknown) {
    if (value !== null && value !== undefined) this.values[field] = value;
  }
  remove(field: string) {
    delete this.values[field];
  }
  fields() {
    return { ...this.values };
  }
  routeTo(id: string, removeFromDefault: boolean) {
    if (!this.streams.includes(id)) this.streams.push(id);
    if (removeFromDefault) this.removeFrom("default");
  }
  removeFrom(id: string) {
    const at = this.streams.indexOf(id);
    if (at >= 0) this.streams.splice(at, 1);
  }
  drop() {
    this.dropped = true;
  }
}

const NOW = Date.parse("2026-05-04T03:02:01.000Z");
const created: FakeMessage[] = [];
const debugged: string[] = [];
const ENV: RuleEnvironment = {
  lookup: (table, key) =>
    table === "owners"
      ? (key === "web-01" ? { single_value: "Alice", multi_value: { value: "Alice", team: "web" }, has_error: false } : { single_value: null, multi_value: null, has_error: false })
      : null,
  lookupError: () => null,
  threatIntel: () => THREAT_INTEL_DEFAULTS,
  grokPatterns: () => new Map([["INT", "(?:[+-]?(?:[0-9]+))"], ["WORD", "\\b\\w+\\b"]]),
  streamByTitle: (title) => title === "Errors" ? "errors-id" : null,
  debug: (text) => debugged.push(text),
  now: () => NOW,
  createMessage: (message, source) => {
    const m = new FakeMessage({ message, source });
    created.push(m);
    return m;
  },
};
const PARSE_ENV = { hasLookupTable: (name: string) => name === "owners" };

/** Runs `statements` on a message with `fields`; answers the message. */
function run(statements: string, fields: Record<string, unknown> = {}, condition = "true"): FakeMessage {
  const message = new FakeMessage({ ...fields });
  const { compiled } = parseRule(`rule "t"\nwhen ${condition}\nthen\n${statements}\nend`, PARSE_ENV);
  if (compiled.matches({ message, env: ENV })) compiled.execute({ message, env: ENV });
  return message;
}

/** The value of one expression. */
function value(expression: string, fields: Record<string, unknown> = {}): unknown {
  return run(`set_field("r", ${expression});`, fields).values.r ?? null;
}

const CASES: [string, unknown, Record<string, unknown>?][] = [
  ['has_field("a")', true, { a: 1 }],
  ['has_field("b")', false, { a: 1 }],
  ["to_string(42)", "42"],
  ["to_string($message.nope, \"n/a\")", "n/a"],
  ['to_long("12")', 12],
  ['to_long("3.5", 7)', 7],
  ["to_long(9.9)", 9],
  ['to_double("2.5")', 2.5],
  ['to_double("x", 1.5)', 1.5],
  ['to_bool("TRUE")', true],
  ["to_bool(0)", false],
  ["is_null($message.nope)", true],
  ["is_not_null($message.nope)", false],
  ['is_not_null("x")', true],
  ['is_null("x")', false],
  ['concat("a", "b")', "ab"],
  ['contains("Hello", "ell")', true],
  ['contains("Hello", "ELL", true)', true],
  ['contains("Hello", "ELL")', false],
  ['starts_with("Hello", "he", true)', true],
  ['ends_with("Hello", "lo")', true],
  ['lowercase("ÀB")', "àb"],
  ['lowercase("TITLE", "tr")', "tıtle"],
  ['uppercase("title", "tr")', "TİTLE"],
  ['uppercase("ab")', "AB"],
  ['abbreviate("abcdefgh", 6)', "abc..."],
  ['abbreviate("abc", 6)', "abc"],
  ['substring("abcdef", 1, 3)', "bc"],
  ['substring("abcdef", -2)', "ef"],
  ['split(",", "a,b,,")', ["a", "b"]],
  ['split(",", "a,b,c", 2)', ["a", "b,c"]],
  ['regex("(\\\\w+)=(\\\\d+)", "took=42")["1"]', "42"],
  ['regex("(\\\\w+)=(\\\\d+)", "took=42", ["key", "val"]).key', "took"],
  ['regex("nomatch", "x").matches', false],
  ['grok("%{WORD:verb} %{INT:n}", "GET 200").n', "200"],
  ['grok("%{INT:n}", "none").matches', false],
  ['key_value("a=1 b=2 a=3").a', "1"],
  ['key_value(value: "a=1;b=;a=3", delimiters: ";", handle_dup_keys: "take_last").a', "3"],
  ['key_value(value: "a=1 a=3", handle_dup_keys: ",").a', "1,3"],
  ['select_jsonpath(parse_json("{\\"user\\":{\\"name\\":\\"ann\\"},\\"ids\\":[1,2]}"), {n: "$.user.name", i: "$.ids[1]"}).n', "ann"],
  ['select_jsonpath(parse_json("{\\"ids\\":[1,2]}"), {i: "$.ids[1]"}).i', 2],
  ['format_date(parse_date("2026-01-02 03:04:05", "yyyy-MM-dd HH:mm:ss"), "dd/MMM/yyyy:HH:mm:ss Z")', "02/Jan/2026:03:04:05 +0000"],
  ['format_date(parse_date("02/Jan/2026:03:04:05 +0100", "dd/MMM/yyyy:HH:mm:ss Z"), "yyyy-MM-dd HH:mm")', "2026-01-02 02:04"],
  ['format_date(parse_date("2026-07-01 12:00", "yyyy-MM-dd HH:mm", "en", "Europe/Berlin"), "HH:mm")', "10:00"],
  ['format_date(now(), "yyyy-MM-dd\'T\'HH:mm:ss.SSS")', "2026-05-04T03:02:01.000"],
  ['format_date(now(), "HH:mm ZZ", "America/New_York")', "23:02 -04:00"],
  ['lookup_value("owners", "web-01")', "Alice"],
  ['lookup_value("owners", "mail-01", "nobody")', "nobody"],
  ['lookup("owners", "web-01").team', "web"],
  ['cidr_match("10.0.0.0/8", to_ip("10.1.2.3"))', true],
  ['cidr_match("10.0.0.0/8", to_ip("11.1.2.3"))', false],
  ['cidr_match("2001:db8::/32", to_ip("2001:db8::1"))', true],
  ['to_string(to_ip("192.168.0.1"))', "192.168.0.1"],
  ["to_long($message.n) * 2 + 1", 21, { n: "10" }],
  ["7 / 2", 3],
  ["7.0 / 2", 3.5],
];

for (const [expression, expected, fields] of CASES) {
  Deno.test(`${expression} is ${JSON.stringify(expected)}`, () => {
    assert.deepEqual(value(expression, fields), expected);
  });
}

Deno.test("set_field takes a prefix and suffix; set_fields copies a map; remove_field and rename_field change names", () => {
  const message = run(`set_field("x", 1, "pre_", "_suf");\nset_fields({a: "1", b: 2}, "kv_");\nremove_field("gone");\nrename_field("old", "new");`, { gone: 1, old: "v" });
  assert.deepEqual(message.values, { pre_x_suf: 1, kv_a: "1", kv_b: 2, new: "v" });
});

Deno.test("set_field with a null value leaves the field alone, unless a default is given", () => {
  assert.deepEqual(run(`set_field("a", $message.nope);\nset_field(field: "b", value: $message.nope, default: "d");`).values, { b: "d" });
});

Deno.test("drop_message drops; route_to_stream and remove_from_stream change the streams", () => {
  assert.equal(run("drop_message();").dropped, true);
  const routed = run(`route_to_stream(name: "Errors", remove_from_default: true);`);
  assert.deepEqual(routed.streams, ["errors-id"]);
  const removed = run(`route_to_stream(id: "other");\nremove_from_stream(id: "default");`);
  assert.deepEqual(removed.streams, ["other"]);
});

Deno.test("create_message hands a new message to the environment; debug writes to it", () => {
  created.length = 0;
  debugged.length = 0;
  run(`let m = create_message("born", "rules");\nset_field("x", "1", "", "", m);\ndebug(concat("seen ", to_string($message.a)));`, { a: "b" });
  assert.deepEqual(created.map((m) => m.values), [{ message: "born", source: "rules", x: "1" }]);
  assert.deepEqual(debugged, ["PIPELINE DEBUG: seen b"]);
});

Deno.test("a runtime error throws out of execute, leaving the later actions undone", () => {
  const message = new FakeMessage({});
  const { compiled } = parseRule(`rule "t"\nwhen true\nthen\n  set_field("a", abbreviate("abcdef", 2));\n  set_field("b", 1);\nend`, PARSE_ENV);
  assert.throws(() => compiled.execute({ message, env: ENV }), /width must be at least 4/);
  assert.deepEqual(message.values, {});
});

Deno.test("conditions: comparisons with a missing value are false, dates compare, and/or/not", () => {
  assert.equal(run(`set_field("m", true);`, {}, "to_long($message.n) > 5 && !is_null($message.n)").values.m, undefined);
  assert.equal(run(`set_field("m", true);`, { n: 6 }, "to_long($message.n) > 5 && !is_null($message.n)").values.m, true);
  assert.equal(run(`set_field("m", true);`, {}, "$message.nope > 5 || now() > parse_date(\"2020\", \"yyyy\")").values.m, true);
  assert.equal(run(`set_field("m", true);`, { ts: new RuleDateTime(NOW) }, "$message.ts == now()").values.m, true);
});
