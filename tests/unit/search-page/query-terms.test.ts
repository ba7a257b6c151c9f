import assert from "node:assert/strict";
import {
  addTermToQuery,
  escapeFieldName,
  escapePhrase,
  fieldTerm,
} from "../../../ui/view/query-terms.ts";

Deno.test("a field term quotes the value", () => {
  assert.equal(fieldTerm("http_method", "GET"), 'http_method:"GET"');
});

Deno.test("quotes and backslashes in a value are escaped inside the phrase", () => {
  assert.equal(escapePhrase('say "hi" \\o/'), 'say \\"hi\\" \\\\o/');
  assert.equal(fieldTerm("message", 'a "b"'), 'message:"a \\"b\\""');
});

Deno.test("Lucene specials in a field name are escaped", () => {
  assert.equal(escapeFieldName("a-b:c"), "a\\-b\\:c");
});

Deno.test("an excluded value becomes a NOT term", () => {
  assert.equal(fieldTerm("source", "web-01", true), 'NOT source:"web-01"');
});

Deno.test("a term replaces an empty or match-all query and is ANDed to any other", () => {
  assert.equal(addTermToQuery("", 'a:"1"'), 'a:"1"');
  assert.equal(addTermToQuery(" * ", 'a:"1"'), 'a:"1"');
  assert.equal(addTermToQuery("message:refused", 'a:"1"'), 'message:refused AND a:"1"');
});

Deno.test("a query with OR is parenthesised before the AND", () => {
  assert.equal(addTermToQuery("a:1 OR b:2", 'c:"3"'), '(a:1 OR b:2) AND c:"3"');
});
