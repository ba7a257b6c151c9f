import assert from "node:assert/strict";
import {
  findLowercaseOperators,
  graylogPosition,
  parseQuery,
  QueryParseError,
  referencedFields,
} from "../../../mock-backend/query/mod.ts";

Deno.test("lower-case and/or/not are found with their positions, upper-case and other spellings are not", () => {
  const found = findLowercaseOperators("ssh and login OR x\nnot y And z");
  assert.deepEqual(
    found.map(({ operator, span }) => [operator, span.start.line, span.start.column, span.end.column]),
    [
      ["and", 1, 5, 8],
      ["not", 2, 1, 4],
    ],
  );
  assert.deepEqual(findLowercaseOperators('"a and b" field:or \\and'), [
    { operator: "or", span: findLowercaseOperators('"a and b" field:or \\and')[0].span },
  ]);
  assert.equal(findLowercaseOperators('"a and b" field:or')[0].span.start.column, 17);
});

Deno.test("finding lower-case operators stops quietly at a lexical error", () => {
  assert.deepEqual(findLowercaseOperators('a or "unterminated').map((found) => found.operator), ["or"]);
});

Deno.test("Graylog's explanation position: 1-based lines, 0-based begin column, end just after the token", () => {
  const [found] = findLowercaseOperators("foo and bar");
  assert.deepEqual(graylogPosition(found.span), {
    begin_line: 1,
    begin_column: 4,
    end_line: 1,
    end_column: 7,
  });
});

Deno.test("referenced fields list every field name with its position, a field group once, and _exists_ targets", () => {
  const references = referencedFields(
    parseQuery("action:login AND type:(a OR b) AND NOT _exists_:user\nhttp_status:>400 ssh"),
  );
  assert.deepEqual(
    references.map((
      reference,
    ) => [
      reference.name,
      reference.span?.start.line,
      reference.span?.start.column,
      reference.span?.end.column,
    ]),
    [
      ["action", 1, 1, 7],
      ["type", 1, 18, 22],
      ["user", 1, 49, 53],
      ["http_status", 2, 1, 12],
    ],
  );
  assert.deepEqual(referencedFields(parseQuery("ssh login")), []);
});

Deno.test("a parse error carries its span, the kind of error, and whether the query just ended", () => {
  try {
    parseQuery("a AND\n(b OR c");
    assert.fail("expected a QueryParseError");
  } catch (error) {
    assert.ok(error instanceof QueryParseError);
    assert.equal(error.code, "unbalanced-parenthesis");
    assert.equal(error.unexpectedEnd, true);
    assert.deepEqual(graylogPosition(error.span), {
      begin_line: 2,
      begin_column: 0,
      end_line: 2,
      end_column: 1,
    });
    assert.match(error.message, /line 2, column 1/);
  }
  try {
    parseQuery("a ]");
    assert.fail("expected a QueryParseError");
  } catch (error) {
    assert.ok(error instanceof QueryParseError);
    assert.equal(error.unexpectedEnd, false);
  }
});

Deno.test("AST nodes carry source positions for explanations", () => {
  const ast = parseQuery('x\n  message:"a b"~2');
  assert.equal(ast.kind, "bool");
  if (ast.kind !== "bool") return;
  const phrase = ast.clauses[1].query;
  assert.deepEqual([phrase.span?.start.line, phrase.span?.start.column, phrase.span?.end.column], [2, 3, 18]);
});
