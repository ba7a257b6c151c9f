import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseRule } from "../../../shared/pipeline-rules/rule-parser.ts";
import { RuleSyntaxError } from "../../../shared/pipeline-rules/source-position.ts";
import { ruleNotation } from "./rule-notation.ts";

/**
 * The golden rule parser cases in `fixtures/*.txt`: `# name`, the rule source (lines up to `==>`), then either
 * the checked AST in rule-notation.ts form, or one line per error: `error <type> <line>:<column> <reason>`
 * (line 1-based, column 0-based as Graylog's position_in_line).
 */
interface FixtureCase {
  file: string;
  name: string;
  source: string;
  expected: string;
}

const FIXTURES = join(import.meta.dirname!, "fixtures");
/** Lookup tables the fixtures may name. */
const PARSE_ENV = { hasLookupTable: (name: string) => ["http-status-phrases", "owners"].includes(name) };

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
    const source: string[] = [];
    while (index < lines.length && lines[index] !== "==>") source.push(lines[index++]);
    assert.ok(index < lines.length, `${file}: case "${name}" has no "==>"`);
    index++;
    const expected: string[] = [];
    while (index < lines.length && lines[index].trim() !== "") expected.push(lines[index++]);
    cases.push({ file, name, source: source.join("\n"), expected: expected.join("\n") });
  }
  return cases;
}

const cases = readdirSync(FIXTURES).filter((file) => file.endsWith(".txt")).sort().flatMap(readCases);

Deno.test("the golden rule fixtures hold cases that parse and cases with errors, each name once", () => {
  assert.ok(cases.length >= 40, `only ${cases.length} cases`);
  assert.ok(cases.filter((fixture) => fixture.expected.startsWith("error ")).length >= 15);
  assert.equal(new Set(cases.map((fixture) => `${fixture.file}/${fixture.name}`)).size, cases.length);
});

for (const fixture of cases) {
  Deno.test(`${fixture.file.replace(/\.txt$/, "")}: ${fixture.name}`, () => {
    let actual: string;
    try {
      actual = ruleNotation(parseRule(fixture.source, PARSE_ENV).ast);
    } catch (error) {
      if (!(error instanceof RuleSyntaxError)) throw error;
      actual = error.errors.map((e) => `error ${e.type} ${e.line}:${e.position_in_line} ${e.reason}`).join("\n");
    }
    assert.equal(actual, fixture.expected);
  });
}
