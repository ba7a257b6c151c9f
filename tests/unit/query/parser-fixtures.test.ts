import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseQuery, printQuery, QueryParseError } from "../../../mock-backend/query/mod.ts";
import { notation, withoutPositions } from "./ast-notation.ts";

/**
 * The golden parser cases in `fixtures/*.txt` (lezer style): `# name`, the query (may span lines), `==>`, then
 * the expected AST in `ast-notation.ts` form, or `error <code> <line>:<column>-<line>:<column>` (1-based, end
 * just after the offending text). Every case that parses also round-trips: printing and parsing again gives the
 * same AST.
 */
interface FixtureCase {
  file: string;
  name: string;
  query: string;
  expected: string;
}

const FIXTURES = join(import.meta.dirname!, "fixtures");

function readCases(file: string): FixtureCase[] {
  const lines = readFileSync(join(FIXTURES, file), "utf8").split("\n");
  const cases: FixtureCase[] = [];
  let index = 0;
  while (index < lines.length) {
    if (!lines[index].startsWith("# ")) {
      assert.equal(lines[index].trim(), "", `${file}:${index + 1}: expected "# name" or a blank line`);
      index++;
      continue;
    }
    const name = lines[index++].slice(2).trim();
    const query: string[] = [];
    while (index < lines.length && lines[index] !== "==>") query.push(lines[index++]);
    assert.ok(index < lines.length, `${file}: case "${name}" has no "==>"`);
    index++;
    const expected: string[] = [];
    while (index < lines.length && lines[index].trim() !== "") expected.push(lines[index++]);
    cases.push({ file, name, query: query.join("\n"), expected: expected.join("\n") });
  }
  return cases;
}

const ERROR = /^error (\S+) (\d+):(\d+)-(\d+):(\d+)$/;

const cases = readdirSync(FIXTURES).filter((file) => file.endsWith(".txt")).sort().flatMap(readCases);

Deno.test("the golden parser fixtures hold at least 150 cases, errors among them", () => {
  assert.ok(cases.length >= 150, `only ${cases.length} cases`);
  assert.ok(cases.filter((fixture) => ERROR.test(fixture.expected)).length >= 40);
  assert.equal(
    new Set(cases.map((fixture) => `${fixture.file}/${fixture.name}`)).size,
    cases.length,
    "case names are unique",
  );
});

for (const fixture of cases) {
  const error = ERROR.exec(fixture.expected);
  Deno.test(`${fixture.file.replace(/\.txt$/, "")}: ${fixture.name}`, () => {
    if (error) {
      const [, code, startLine, startColumn, endLine, endColumn] = error;
      assert.throws(() => parseQuery(fixture.query), (thrown: unknown) => {
        assert.ok(thrown instanceof QueryParseError, `expected a QueryParseError, got ${thrown}`);
        assert.equal(thrown.code, code, thrown.message);
        const { start, end } = thrown.span;
        assert.equal(
          `${start.line}:${start.column}-${end.line}:${end.column}`,
          `${startLine}:${startColumn}-${endLine}:${endColumn}`,
          thrown.message,
        );
        assert.match(thrown.message, /line \d+, column \d+/, "the message says where");
        return true;
      });
      return;
    }
    const ast = parseQuery(fixture.query);
    assert.equal(notation(ast), fixture.expected);
    const printed = printQuery(ast);
    const reparsed = parseQuery(printed, { allowLeadingWildcard: true });
    assert.deepEqual(withoutPositions(reparsed), withoutPositions(ast), `printed as ${printed}`);
  });
}
