import assert from "node:assert/strict";
import {
  FIELD_REQUIRED,
  NAME_CHARACTERS,
  testResultRows,
  validateName,
  validatePattern,
} from "../../../ui/system/grok-patterns/logic/grok-pattern-form.ts";
import { grokPatternPageQuery, importedText } from "../../../ui/system/grok-patterns/logic/grok-pattern-list.ts";

Deno.test("the list asks for its page with the search, the page size and the user's sort order", () => {
  assert.deepEqual(
    grokPatternPageQuery({ query: "name:IP", page: 2, perPage: 20, sort: { attributeId: "name", direction: "desc" } }),
    { query: "name:IP", page: 2, per_page: 20, sort: "name", order: "desc" },
  );
});

Deno.test("name and pattern are required; a name has only letters, digits and underscores", () => {
  assert.equal(validateName(""), FIELD_REQUIRED);
  assert.equal(validateName("  "), FIELD_REQUIRED);
  assert.equal(validateName("has space"), NAME_CHARACTERS);
  assert.equal(validateName("HTTPD-LOG"), NAME_CHARACTERS);
  assert.equal(validateName("HTTPD_LOG2"), null);
  assert.equal(validatePattern(""), FIELD_REQUIRED);
  assert.equal(validatePattern("%{WORD}"), null);
});

Deno.test("test results list the pattern's whole match first, then the captures in their order", () => {
  assert.deepEqual(testResultRows("T", { client: "1.2.3.4", T: "1.2.3.4 in 5ms", took: 5, ok: true }), [
    ["T", "1.2.3.4 in 5ms"],
    ["client", "1.2.3.4"],
    ["took", "5"],
    ["ok", "true"],
  ]);
  assert.deepEqual(testResultRows("T", {}), []);
});

Deno.test("the import toast counts the patterns", () => {
  assert.equal(importedText(1), "Imported 1 grok pattern.");
  assert.equal(importedText(76), "Imported 76 grok patterns.");
});
