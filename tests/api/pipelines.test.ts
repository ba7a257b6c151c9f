import assert from "node:assert/strict";
import {
  FunctionDescriptorSchema,
  ParseErrorsAnswerSchema,
  PipelineConnectionsSchema,
  PipelineSourceSchema,
  RuleCounterEntrySchema,
  RuleSourceSchema,
  SimulationResponseSchema,
} from "../../api/schemas/pipelines.ts";
import { UniversalSearchResponseSchema } from "../../api/schemas/search-support.ts";
import { ApiErrorSchema } from "../../api/schemas/errors.ts";
import type { EmbeddedBackend } from "../../mock-backend/embedded-backend.ts";
import type { IncomingMessage } from "../../mock-backend/store/incoming-message.ts";
import { DEFAULT_STREAM_ID } from "../../shared/product.ts";
import { type ApiHarness, apiSuite, FORBIDDEN_BODY } from "../helpers/api-harness.ts";
import { assertSchema } from "../helpers/schema-assert.ts";
import { z } from "zod";

const suite = apiSuite("pipelines, rules, connections and the simulator (/system/pipelines)");

const csvDir = Deno.makeTempDirSync({ prefix: "sluice-pipelines-" });
Deno.writeTextFileSync(`${csvDir}/owners.csv`, "host,owner\nweb-01,Alice\ndb-01,Bob\n");

const ENRICH = `rule "owner from lookup"
when has_field("source")
then
  set_field("owner", lookup_value("owners", $message.source, "nobody"));
end`;
const DROP = `rule "drop debug"
when to_string($message.message) == "debug noise"
then
  drop_message();
end`;
const FAILS = `rule "fails at runtime"
when true
then
  set_field("short", abbreviate(to_string($message.message), 2));
  set_field("after_error", "never");
end`;
const PIPELINE = `pipeline "Enrichment"
stage 0 match either
rule "owner from lookup";
rule "fails at runtime";
stage 1 match all
rule "drop debug";
end`;

async function ok<T>(h: ApiHarness, method: "GET" | "POST" | "PUT" | "DELETE", path: string, schema: z.ZodType<T>, body?: unknown): Promise<T> {
  const answer = await h.call(method, path, body === undefined ? {} : { body });
  assert.equal(answer.status, 200, `${method} ${path}: ${JSON.stringify(answer.body)}`);
  return assertSchema(schema, answer.body);
}

let clock = Date.parse("2026-03-01T10:00:00Z");
const message = (source: string, text: string): IncomingMessage => ({ timestamp: clock++, source, message: text });

suite.test("rules parse on save: the title is the rule's name; errors come at their line and position", async (h) => {
  const adapter = await h.call("POST", "/system/lookup/adapters", {
    body: { name: "owners-csv", title: "Owners", config: { type: "csvfile", path: `${csvDir}/owners.csv`, key_column: "host", value_column: "owner" } },
  });
  const cache = await h.call("POST", "/system/lookup/caches", { body: { name: "owners-cache", title: "Owners cache", config: { type: "none" } } });
  const table = await h.call("POST", "/system/lookup/tables", {
    body: { name: "owners", title: "Owners", cache_id: (cache.body as { id: string }).id, data_adapter_id: (adapter.body as { id: string }).id },
  });
  assert.equal(table.status, 200, JSON.stringify(table.body));

  const rule = await ok(h, "POST", "/system/pipelines/rule", RuleSourceSchema, { source: ENRICH, description: "enrich" });
  assert.equal(rule.title, "owner from lookup");
  assert.equal(rule.errors, null);
  await ok(h, "POST", "/system/pipelines/rule", RuleSourceSchema, { source: DROP });
  await ok(h, "POST", "/system/pipelines/rule", RuleSourceSchema, { source: FAILS });

  const bad = await h.call("POST", "/system/pipelines/rule/parse", { body: { source: 'rule "x"\nwhen true\nthen\n  set_feld("a", 1);\nend' } });
  assert.equal(bad.status, 400);
  const parsed = assertSchema(ParseErrorsAnswerSchema, bad.body);
  assert.deepEqual(parsed.errors, [{ type: "undeclared_function", line: 4, position_in_line: 2, reason: "Unknown function set_feld" }]);
  const duplicate = await h.call("POST", "/system/pipelines/rule", { body: { source: ENRICH } });
  assert.equal(duplicate.status, 400);
  assert.match(assertSchema(ApiErrorSchema, duplicate.body).message, /already exists/);
  const missingSource = await h.call("POST", "/system/pipelines/rule", { body: { description: "x" } });
  assert.equal(missingSource.status, 400);
  assert.match(assertSchema(ApiErrorSchema, missingSource.body).message, /source/);

  const rules = await ok(h, "GET", "/system/pipelines/rule", z.array(RuleSourceSchema));
  assert.deepEqual(rules.map((r) => r.title), ["drop debug", "fails at runtime", "owner from lookup"]);
  const functions = await ok(h, "GET", "/system/pipelines/rule/functions", z.array(FunctionDescriptorSchema));
  for (const name of ["has_field", "set_field", "lookup_value", "grok", "parse_date", "cidr_match", "create_message", "debug"]) {
    assert.ok(functions.some((fn) => fn.name === name), name);
  }
});

suite.test("a pipeline connected to the Default Stream enriches ingested messages from a CSV lookup table, drops one, and counts a rule's runtime error", async (h) => {
  const pipeline = await ok(h, "POST", "/system/pipelines/pipeline", PipelineSourceSchema, { source: PIPELINE, description: "" });
  assert.equal(pipeline.title, "Enrichment");
  assert.deepEqual(pipeline.stages, [
    { stage: 0, match: "EITHER", rules: ["owner from lookup", "fails at runtime"] },
    { stage: 1, match: "ALL", rules: ["drop debug"] },
  ]);
  const connection = await ok(h, "POST", "/system/pipelines/connections/to_stream", PipelineConnectionsSchema, { stream_id: DEFAULT_STREAM_ID, pipeline_ids: [pipeline.id] });
  assert.deepEqual(connection.pipeline_ids, [pipeline.id]);

  await (h.backend as EmbeddedBackend).messageStore.ingest([message("web-01", "GET /"), message("mail-01", "sent"), message("db-01", "debug noise")]);
  const search = async (query: string) =>
    assertSchema(UniversalSearchResponseSchema, (await h.call("GET", `/search/universal/absolute?query=${encodeURIComponent(query)}&from=2026-03-01T00:00:00Z&to=2026-03-02T00:00:00Z`)).body);
  const all = await search("*");
  assert.equal(all.total_results, 2, "the debug message was dropped");
  const owners = Object.fromEntries(all.messages.map((m) => [m.message.source, m.message.owner]));
  assert.deepEqual(owners, { "web-01": "Alice", "mail-01": "nobody" });
  assert.equal(all.messages.some((m) => "after_error" in m.message), false, "a failing action ends that rule's actions");
  assert.equal((await search("owner:Alice")).total_results, 1);
});

suite.test("each rule counts what it did at ingest: evaluated, matched, executed, failed with the last error; also as Graylog's rule metrics", async (h) => {
  const rules = await ok(h, "GET", "/system/pipelines/rule", z.array(RuleSourceSchema));
  const counters = await ok(h, "GET", "/system/pipelines/rule/counters", z.array(RuleCounterEntrySchema));
  const byTitle = Object.fromEntries(rules.map((rule) => [rule.title, counters.find((entry) => entry.rule_id === rule.id)!]));
  assert.deepEqual(
    { ...byTitle["owner from lookup"], rule_id: undefined },
    { rule_id: undefined, evaluated: 3, matched: 3, executed: 3, failed: 0, last_error: null },
  );
  const failing = byTitle["fails at runtime"];
  assert.deepEqual([failing.evaluated, failing.matched, failing.executed, failing.failed], [3, 3, 0, 3]);
  assert.match(failing.last_error!.message, /abbreviate: the width must be at least 4 but is 2/);
  assert.ok(!Number.isNaN(Date.parse(failing.last_error!.timestamp)));
  assert.deepEqual([byTitle["drop debug"].matched, byTitle["drop debug"].executed], [1, 1]);
  const metrics = await h.call("POST", "/system/metrics/multiple", {
    body: { metrics: [`org.graylog.plugins.pipelineprocessor.ast.Rule.${failing.rule_id}.failed`, `org.graylog.plugins.pipelineprocessor.ast.Rule.${failing.rule_id}.executed`] },
  });
  assert.equal(metrics.status, 200);
  const counts = (metrics.body as { metrics: { full_name: string; metric: { count: number } }[] }).metrics.map((metric) => [metric.full_name.split(".").pop(), metric.metric.count]);
  assert.deepEqual(Object.fromEntries(counts), { failed: 3, executed: 0 });
});

suite.test("the simulator runs a message through a stream's pipelines and shows each stage", async (h) => {
  const result = await ok(h, "POST", "/system/pipelines/simulate", SimulationResponseSchema, {
    stream_id: DEFAULT_STREAM_ID,
    message: { message: "hello", source: "db-01" },
  });
  assert.equal(result.messages.length, 1);
  assert.equal(result.messages[0].message.owner, "Bob");
  assert.ok(result.simulation_trace.some((step) => step.message === "Evaluate Rule owner from lookup: matched"));
  assert.ok(result.simulation_trace.some((step) => /Execute Rule fails at runtime: error: abbreviate/.test(step.message)));
  assert.ok(result.simulation_trace.some((step) => step.message === "Completed Stage 0 of Pipeline Enrichment"));
  // "drop debug" does not match "hello": stage 1 (match all) is not satisfied.
  assert.ok(result.simulation_trace.some((step) => step.message === "Stage 1 of Pipeline Enrichment not satisfied: the pipeline stops"));
  const dropped = await ok(h, "POST", "/system/pipelines/simulate", SimulationResponseSchema, { stream_id: DEFAULT_STREAM_ID, message: { message: "debug noise", source: "x" } });
  assert.deepEqual(dropped.messages, []);
  const unknown = await h.call("POST", "/system/pipelines/simulate", { body: { stream_id: "0123456789abcdef01234567", message: {} } });
  assert.equal(unknown.status, 400);
});

suite.test("pipelines and rules are read, changed and deleted; connections follow", async (h) => {
  const [pipeline] = await ok(h, "GET", "/system/pipelines/pipeline", z.array(PipelineSourceSchema));
  const changed = await ok(h, "PUT", `/system/pipelines/pipeline/${pipeline.id}`, PipelineSourceSchema, { source: PIPELINE.replace('"Enrichment"', '"Enriched"') });
  assert.equal(changed.title, "Enriched");
  const badPipeline = await h.call("PUT", `/system/pipelines/pipeline/${pipeline.id}`, { body: { source: 'pipeline "x"\nstage 0 match some\nend' } });
  assert.equal(assertSchema(ParseErrorsAnswerSchema, badPipeline.body).errors[0].reason, "Expected 'all', 'either' or 'pass' but found 'some'");
  const [rule] = await ok(h, "GET", "/system/pipelines/rule", z.array(RuleSourceSchema));
  assert.equal((await ok(h, "GET", `/system/pipelines/rule/${rule.id}`, RuleSourceSchema)).title, rule.title);
  const updated = await ok(h, "PUT", `/system/pipelines/rule/${rule.id}`, RuleSourceSchema, { source: DROP.replace("drop debug", "drop noise") });
  assert.equal(updated.title, "drop noise");
  assert.equal((await h.call("DELETE", `/system/pipelines/rule/${rule.id}`)).status, 204);
  assert.equal((await h.call("GET", `/system/pipelines/rule/${rule.id}`)).status, 404);
  const connections = await ok(h, "GET", `/system/pipelines/connections/${DEFAULT_STREAM_ID}`, PipelineConnectionsSchema);
  assert.deepEqual(connections.pipeline_ids, [pipeline.id]);
  const reverse = await ok(h, "POST", "/system/pipelines/connections/to_pipeline", z.array(PipelineConnectionsSchema), { pipeline_id: pipeline.id, stream_ids: [] });
  assert.deepEqual(reverse, []);
  assert.deepEqual((await ok(h, "GET", "/system/pipelines/connections", z.array(PipelineConnectionsSchema)))[0].pipeline_ids, []);
  assert.equal((await h.call("DELETE", `/system/pipelines/pipeline/${pipeline.id}`)).status, 204);
  assert.equal((await h.call("GET", `/system/pipelines/pipeline/${pipeline.id}`)).status, 404);
  const unknown = await h.call("POST", "/system/pipelines/connections/to_stream", { body: { stream_id: DEFAULT_STREAM_ID, pipeline_ids: [pipeline.id] } });
  assert.equal(unknown.status, 400);
  assert.match(assertSchema(ApiErrorSchema, unknown.body).message, /No pipeline with id/);
});

suite.test("threat intelligence: the configuration's three switches choose the sources of threat_intel_lookup_ip; an unreachable source says so", async (h) => {
  const CONFIG = "/system/cluster_config/org.graylog.plugins.threatintel.ThreatIntelPluginConfiguration";
  assert.deepEqual((await h.call("GET", CONFIG)).body, { tor_enabled: false, spamhaus_enabled: false, abusech_ransom_enabled: false });
  const badSwitch = await h.call("PUT", CONFIG, { body: { tor_enabled: "yes", spamhaus_enabled: false, abusech_ransom_enabled: false } });
  assert.equal(badSwitch.status, 400);
  assert.match(assertSchema(ApiErrorSchema, badSwitch.body).message, /tor_enabled/);

  await ok(h, "POST", "/system/pipelines/rule", RuleSourceSchema, {
    source: 'rule "threat intel"\nwhen true\nthen\n  set_fields(threat_intel_lookup_ip(to_string($message.src_ip), "src"));\nend',
  });
  const pipeline = await ok(h, "POST", "/system/pipelines/pipeline", PipelineSourceSchema, { source: 'pipeline "Threats"\nstage 0 match either\nrule "threat intel";\nend' });
  await ok(h, "POST", "/system/pipelines/connections/to_pipeline", z.array(PipelineConnectionsSchema), { pipeline_id: pipeline.id, stream_ids: [DEFAULT_STREAM_ID] });
  const simulate = () => ok(h, "POST", "/system/pipelines/simulate", SimulationResponseSchema, { stream_id: DEFAULT_STREAM_ID, message: { message: "x", src_ip: "8.8.8.8" } });

  // Every source switched off: nothing is asked, nothing is indicated.
  assert.equal((await simulate()).messages[0].message.src_threat_indicated, false);

  // Tor switched on: the threat intel plugin's shipped table answers at once that its source cannot be reached.
  await ok(h, "PUT", CONFIG, z.unknown(), { tor_enabled: true, spamhaus_enabled: false, abusech_ransom_enabled: false });
  const started = performance.now();
  const unreachable = await simulate();
  assert.ok(performance.now() - started < 5_000, "nothing waits for the internet");
  assert.ok(
    unreachable.simulation_trace.some((step) => /threat_intel_lookup_ip: The source of this data adapter \(https:\/\/check\.torproject\.org\/exit-addresses\) cannot be reached/.test(step.message)),
    JSON.stringify(unreachable.simulation_trace),
  );
  // Private addresses are never looked up.
  const privateNet = await ok(h, "POST", "/system/pipelines/simulate", SimulationResponseSchema, { stream_id: DEFAULT_STREAM_ID, message: { message: "x", src_ip: "10.1.2.3" } });
  assert.equal(privateNet.messages[0].message.src_threat_indicated, false);

  // The table deleted: the rule fails, saying which table it needs.
  assert.equal((await h.call("DELETE", "/system/lookup/tables/tor-exit-node-list")).status, 200);
  const missing = await simulate();
  assert.ok(
    missing.simulation_trace.some((step) => /Execute Rule threat intel: error: threat_intel_lookup_ip: the lookup table tor-exit-node-list does not exist/.test(step.message)),
    JSON.stringify(missing.simulation_trace),
  );
  await ok(h, "PUT", CONFIG, z.unknown(), { tor_enabled: false, spamhaus_enabled: false, abusech_ransom_enabled: false });
  assert.equal((await h.call("DELETE", `/system/pipelines/pipeline/${pipeline.id}`)).status, 204);
});

suite.test("threat intelligence: the plugin's functions find their shipped tables; a source switched off says so, switched on says it cannot be reached", async (h) => {
  const CONFIG = "/system/cluster_config/org.graylog.plugins.threatintel.ThreatIntelPluginConfiguration";
  await ok(h, "POST", "/system/pipelines/rule", RuleSourceSchema, {
    source: 'rule "spamhaus"\nwhen true\nthen\n  set_fields(spamhaus_lookup_ip(to_string($message.src_ip)));\nend',
  });
  const pipeline = await ok(h, "POST", "/system/pipelines/pipeline", PipelineSourceSchema, { source: 'pipeline "Spamhaus"\nstage 0 match either\nrule "spamhaus";\nend' });
  await ok(h, "POST", "/system/pipelines/connections/to_pipeline", z.array(PipelineConnectionsSchema), { pipeline_id: pipeline.id, stream_ids: [DEFAULT_STREAM_ID] });
  const trace = async () =>
    (await ok(h, "POST", "/system/pipelines/simulate", SimulationResponseSchema, { stream_id: DEFAULT_STREAM_ID, message: { message: "x", src_ip: "45.14.224.9" } }))
      .simulation_trace.map((step) => step.message).join("\n");

  assert.match(await trace(), /Execute Rule spamhaus: error: spamhaus_lookup_ip: Spamhaus \(E\)DROP lookups are switched off, so this data adapter does not start\. Switch them on under System → Configurations/);
  await ok(h, "PUT", CONFIG, z.unknown(), { tor_enabled: false, spamhaus_enabled: true, abusech_ransom_enabled: false });
  assert.match(await trace(), /spamhaus_lookup_ip: The source of this data adapter \(https:\/\/www\.spamhaus\.org\/drop\/edrop\.txt\) cannot be reached/);
  await ok(h, "PUT", CONFIG, z.unknown(), { tor_enabled: false, spamhaus_enabled: false, abusech_ransom_enabled: false });
  assert.equal((await h.call("DELETE", `/system/pipelines/pipeline/${pipeline.id}`)).status, 204);
});

suite.test("a reader may not read or change pipelines", async (h) => {
  for (const [method, path] of [["GET", "/system/pipelines/rule"], ["GET", "/system/pipelines/pipeline"], ["POST", "/system/pipelines/rule"]] as const) {
    const answer = await h.call(method, path, { cookie: h.readerCookie, body: method === "POST" ? { source: ENRICH } : undefined });
    assert.equal(answer.status, 403, `${method} ${path}`);
    assert.deepEqual(answer.body, FORBIDDEN_BODY);
  }
});
