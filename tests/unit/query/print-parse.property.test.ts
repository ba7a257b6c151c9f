import assert from "node:assert/strict";
import fc from "fast-check";
import {
  compileQuery,
  findLowercaseOperators,
  parseQuery,
  printQuery,
  QueryParseError,
  referencedFields,
} from "../../../mock-backend/query/mod.ts";
import { notation, withoutPositions } from "./ast-notation.ts";
import { testCatalog } from "./message-fixture.ts";
import { astArbitrary } from "./query-arbitraries.ts";

const CATALOG = testCatalog();
const parseLenient = (text: string) => parseQuery(text, { allowLeadingWildcard: true });

Deno.test("printing any AST and parsing the text gives the same AST back", () => {
  fc.assert(
    fc.property(astArbitrary(), (ast) => {
      const printed = printQuery(ast);
      assert.deepEqual(
        withoutPositions(parseLenient(printed)),
        withoutPositions(ast),
        `printed: ${printed}\nexpected: ${notation(ast)}`,
      );
    }),
    { numRuns: 3000, seed: 7 },
  );
});

const QUERY_CHARS = [
  "a",
  "b",
  "x",
  "A",
  "N",
  "D",
  "O",
  "R",
  "T",
  "0",
  "1",
  "5",
  " ",
  " ",
  "\n",
  "+",
  "-",
  "!",
  "(",
  ")",
  ":",
  "^",
  "[",
  "]",
  "{",
  "}",
  '"',
  "~",
  "*",
  "?",
  "\\",
  "/",
  "&",
  "|",
  "<",
  ">",
  "=",
  ".",
  "_",
  "é",
  "\u3000",
];
const queryText = fc.oneof(
  fc.string({ unit: fc.constantFrom(...QUERY_CHARS), maxLength: 30 }),
  fc.array(
    fc.constantFrom(
      "a",
      "b:",
      "AND",
      "OR",
      "NOT",
      "(",
      ")",
      "[1 TO 5]",
      "{",
      "TO",
      '"x y"',
      "~2",
      "^3",
      "/a.*/",
      "*",
      "?",
      "-",
      "+",
      "&&",
      "||",
      "_exists_:",
    ),
    { maxLength: 10 },
  ).map((parts) => parts.join(" ")),
  fc.string({ unit: "binary", maxLength: 20 }),
);

Deno.test("random text either parses (and compiles, prints and re-parses) or throws a QueryParseError, nothing else", () => {
  fc.assert(
    fc.property(queryText, (text) => {
      let ast;
      try {
        ast = parseQuery(text);
      } catch (error) {
        assert.ok(error instanceof QueryParseError, `"${text}" threw ${error}`);
        assert.ok(
          error.span.start.offset <= error.span.end.offset && error.span.end.offset <= text.length,
          `span of "${text}"`,
        );
        return;
      }
      compileQuery(ast, CATALOG, { now: 0 });
      referencedFields(ast);
      assert.deepEqual(
        withoutPositions(parseLenient(printQuery(ast))),
        withoutPositions(ast),
        `"${text}" printed as ${printQuery(ast)}`,
      );
    }),
    { numRuns: 5000, seed: 11 },
  );
});

Deno.test("finding lower-case operators never throws, whatever the text", () => {
  fc.assert(fc.property(queryText, (text) => Array.isArray(findLowercaseOperators(text))), {
    numRuns: 2000,
    seed: 13,
  });
});

Deno.test("very deep nesting is a QueryParseError, not a stack overflow", () => {
  assert.throws(
    () => parseQuery("(".repeat(5000) + "a" + ")".repeat(5000)),
    (error: unknown) => error instanceof QueryParseError && error.code === "too-deep",
  );
  assert.throws(
    () => parseQuery(`a${"^2".repeat(50)}`),
    (error: unknown) => error instanceof QueryParseError && error.code === "too-deep",
  );
  assert.equal(notation(parseQuery("(".repeat(100) + "a" + ")".repeat(100))), 'Term("a")');
});
