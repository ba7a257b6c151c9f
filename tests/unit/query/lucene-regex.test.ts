import assert from "node:assert/strict";
import { luceneRegexToRe2, RegexSyntaxError } from "../../../mock-backend/query/lucene-regex.ts";

const full = (pattern: string) => new RegExp(`^(?:${luceneRegexToRe2(pattern)})$`, "u");

Deno.test("Lucene regular expressions translate to equivalent anchored patterns", () => {
  const cases: [string, string[], string[]][] = [
    ["ethernet[0-9]+", ["ethernet0", "ethernet42"], ["ethernet", "xethernet1", "ethernet1x"]],
    ["a.c", ["abc", "a\nc", "a日c"], ["ac", "abbc"]],
    ["(get|post)_.*", ["get_", "post_x"], ["put_x"]],
    ["[^a-c]x", ["dx", "Zx"], ["ax", "cx"]],
    ["x\\d{2,3}", ["x12", "x123"], ["x1", "x1234"]],
    ["\\w+\\s\\S", ["a_1 b"], ["a  b"]],
    ['"a.b"', ["a.b"], ["axb"]],
    ["a@", ["a", "abc"], ["b"]],
    ["#", [], ["", "a"]],
    ["a**", ["", "aaa"], ["b"]],
    ["\\/var\\/log", ["/var/log"], ["var/log"]],
    ["a\\.b", ["a.b"], ["axb"]],
    ["[]a]", ["]", "a"], ["b"]],
    ["()", [""], ["a"]],
  ];
  for (const [pattern, yes, no] of cases) {
    for (const text of yes) {
      assert.ok(full(pattern).test(text), `/${pattern}/ should match ${JSON.stringify(text)}`);
    }
    for (const text of no) {
      assert.ok(!full(pattern).test(text), `/${pattern}/ should not match ${JSON.stringify(text)}`);
    }
  }
});

Deno.test("invalid or unsupported Lucene regular expressions are refused with a reason", () => {
  for (
    const pattern of [
      "",
      "a[b",
      "a(b",
      "*a",
      "a{2",
      "a{3,2}",
      "a{1001}",
      "a&b",
      "~a",
      "<1-5>",
      "a|",
      "(|a)",
      '"abc',
      "a)",
    ]
  ) {
    assert.throws(() => luceneRegexToRe2(pattern), RegexSyntaxError, pattern);
  }
});
