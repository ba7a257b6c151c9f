import assert from "node:assert/strict";
import { parsePipeline } from "../../../shared/pipeline-rules/rule-parser.ts";
import { pipelineThroughputMetric } from "../../../shared/pipeline-metrics.ts";
import { draftProblem, nextStageNumber, pipelineSource } from "../../../ui/system/pipelines/logic/pipeline-source.ts";
import { throughputByPipeline, throughputText } from "../../../ui/system/pipelines/logic/pipeline-throughput.ts";
import { diagnosticsOf, parseErrorsOf } from "../../../ui/system/pipelines/logic/rule-diagnostics.ts";
import { functionSignature } from "../../../ui/system/pipelines/logic/rule-functions.ts";
import { counterViews } from "../../../ui/system/pipelines/logic/rule-counters.ts";
import { configProblems, DATA_ADAPTER_FORMS, nameFromTitle } from "../../../ui/system/lookup-tables/logic/adapter-form.ts";
import { lookupPageQuery } from "../../../ui/system/lookup-tables/logic/lookup-list.ts";

Deno.test("the pipeline page's source parses back to the stages chosen, in stage order, quotes escaped", () => {
  const source = pipelineSource({
    title: 'Say "hi"',
    description: "",
    stages: [{ stage: 5, match: "ALL", rules: ["b"] }, { stage: 0, match: "EITHER", rules: ["a \\ 1", "c"] }],
  });
  const parsed = parsePipeline(source);
  assert.equal(parsed.name, 'Say "hi"');
  assert.deepEqual(parsed.stages, [{ stage: 0, match: "EITHER", rules: ["a \\ 1", "c"] }, { stage: 5, match: "ALL", rules: ["b"] }]);
});

Deno.test("a new stage takes the number after the highest; a draft without title or with duplicate numbers is refused", () => {
  assert.equal(nextStageNumber([]), 0);
  assert.equal(nextStageNumber([{ stage: 3, match: "ALL", rules: [] }, { stage: 1, match: "ALL", rules: [] }]), 4);
  assert.equal(draftProblem({ title: " ", description: "", stages: [] }), "A pipeline needs a title.");
  assert.equal(draftProblem({ title: "p", description: "", stages: [{ stage: 1, match: "ALL", rules: [] }, { stage: 1, match: "EITHER", rules: [] }] }), "Two stages have the same number.");
  assert.equal(draftProblem({ title: "p", description: "", stages: [{ stage: 1, match: "ALL", rules: [] }] }), null);
});

Deno.test("a parse error becomes an inline range from its line and column over the word there", () => {
  const source = 'rule "r"\nwhen true\nthen foo(1);\nend';
  const [diagnostic] = diagnosticsOf(source, [{ line: 3, position_in_line: 5, reason: "Unknown function foo" }]);
  assert.equal(source.slice(diagnostic!.from, diagnostic!.to), "foo");
  assert.equal(diagnostic!.message, "Line 3, column 6: Unknown function foo");
  const [past] = diagnosticsOf("x", [{ line: 9, position_in_line: 40, reason: "r" }]);
  assert.ok(past!.from <= 1 && past!.to <= 1);
  assert.deepEqual(parseErrorsOf({ errors: [{ line: 1, position_in_line: 0, reason: "r", type: "t" }, { bad: true }] }), [{ line: 1, position_in_line: 0, reason: "r", type: "t" }]);
  assert.deepEqual(parseErrorsOf({ message: "no" }), []);
});

Deno.test("the throughput of each pipeline comes from its meter; a pipeline without one shows 0", () => {
  const metrics = [{ full_name: pipelineThroughputMetric("p1"), type: "meter", metric: { rate: { one_minute: 2.5, total: 1234 } } }];
  const shown = throughputByPipeline(["p1", "p2"], metrics);
  assert.deepEqual(shown, { p1: { rate: 2.5, total: 1234 }, p2: { rate: 0, total: 0 } });
  assert.equal(throughputText(shown.p1!), "2.5 msg/s (1,234 total)");
});

Deno.test("function signatures bracket optional parameters", () => {
  const signature = functionSignature({ name: "lookup_value", return_type: "Object", params: [{ name: "lookup_table", type: "String", optional: false }, { name: "default", type: "Object", optional: true }] });
  assert.equal(signature, "lookup_value(lookup_table: String, [default: Object]): Object");
});

Deno.test("adapter forms refuse required fields left empty; names follow titles; lists sort unsortable columns by title", () => {
  assert.deepEqual(configProblems(DATA_ADAPTER_FORMS.csvfile, { path: "", separator: ",", quotechar: '"', key_column: "k", value_column: " ", check_interval: 60 }), {
    path: "Field is required.",
    value_column: "Field is required.",
  });
  assert.deepEqual(configProblems(DATA_ADAPTER_FORMS.whois, { connect_timeout: 1.5, read_timeout: 10 }), { connect_timeout: "Must be a whole number, 0 or more." });
  assert.equal(nameFromTitle("My Owners (CSV)"), "my-owners-csv");
  assert.deepEqual(lookupPageQuery({ query: "", page: 2, perPage: 50, sort: { attributeId: "cache_id", direction: "desc" } }), { query: "", page: 2, per_page: 50, sort: "title", order: "desc" });
});

Deno.test("a rule's counters show its runs, errors and last error with its time; an unknown rule shows dashes", () => {
  const view = counterViews([
    { rule_id: "a", executed: 12345, failed: 2, last_error: { message: "abbreviate: the width must be at least 4 but is 2", timestamp: "2026-03-01T10:00:00.123Z" } },
    { rule_id: "b", executed: 0, failed: 0, last_error: null },
  ]);
  assert.deepEqual(view("a"), { executed: "12,345", errors: "2", lastError: "abbreviate: the width must be at least 4 but is 2 (2026-03-01 10:00:00Z)" });
  assert.deepEqual(view("b"), { executed: "0", errors: "0", lastError: null });
  assert.deepEqual(view("c"), { executed: "—", errors: "—", lastError: null });
  assert.deepEqual(counterViews(undefined)("a"), { executed: "—", errors: "—", lastError: null });
});
