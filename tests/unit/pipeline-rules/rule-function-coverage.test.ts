import assert from "node:assert/strict";
import { RULE_FUNCTIONS } from "../../../shared/pipeline-rules/function-registry.ts";

/**
 * The unit tests of the rule functions: every registered function must be called in one of them (rule source in
 * the tests is written in strings, so a call may follow an escaped line break).
 */
const TEST_FILES = ["rule-functions.test.ts", "threat-intel-functions.test.ts"];

Deno.test("every function of the rule language is called by a unit test", () => {
  const sources = TEST_FILES.map((file) => Deno.readTextFileSync(new URL(file, import.meta.url))).join("\n");
  const untested = RULE_FUNCTIONS.list().map((fn) => fn.name).filter((name) => !new RegExp(`(^|[^A-Za-z0-9_]|\\\\n)${name}\\(`).test(sources));
  assert.deepEqual(untested, []);
});
