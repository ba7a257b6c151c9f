import assert from "node:assert/strict";
import { parseEntityQuery } from "../../../mock-backend/entity-list/entity-query.ts";

Deno.test("free text terms are split at white space", () => {
  assert.deepEqual(parseEntityQuery("  apache   error "), [
    { field: null, value: "apache", negated: false },
    { field: null, value: "error", negated: false },
  ]);
});

Deno.test("field:value terms name their field; quotes keep spaces and escaped quotes", () => {
  assert.deepEqual(parseEntityQuery('name:WORD pattern:"a \\"b\\" c" "two words"'), [
    { field: "name", value: "WORD", negated: false },
    { field: "pattern", value: 'a "b" c', negated: false },
    { field: null, value: "two words", negated: false },
  ]);
});

Deno.test("a leading minus negates a term", () => {
  assert.deepEqual(parseEntityQuery("-name:cisco -windows"), [
    { field: "name", value: "cisco", negated: true },
    { field: null, value: "windows", negated: true },
  ]);
});

Deno.test("an empty query or an empty value gives no terms; a value may hold colons", () => {
  assert.deepEqual(parseEntityQuery(""), []);
  assert.deepEqual(parseEntityQuery('name:""'), []);
  assert.deepEqual(parseEntityQuery("pattern:%{HOUR}:%{MINUTE}"), [{ field: "pattern", value: "%{HOUR}:%{MINUTE}", negated: false }]);
});
