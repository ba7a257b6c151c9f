/**
 * `deno run -A bench/pipelines.ts [--count 100000] [--runs 5] [--dry]`: what the pipeline processor adds to the
 * ingest chain per message, and what a cached lookup costs (issue 20 item 5). A pipeline of 3 stages × 10 rules
 * (field tests, string functions, regex, a lookup in a CSV-backed table through its in-memory cache) runs on
 * COUNT generated demo messages through the interpreter the chain calls (PipelineInterpreter.process); the
 * reference, measured in the same run, is the same loop with a runner that does nothing. The lookup is timed in
 * batches of 1,000 warm-cache lookups, beside a plain Map.get as its reference. Medians over the runs go to
 * bench/RESULTS.md ("Pipelines").
 */
import { parseArgs } from "node:util";
import { cpuUsage } from "node:process";
import { loadavg } from "node:os";
import { fileURLToPath } from "node:url";
import { generateDemoMessages } from "../fixtures/demo-messages.ts";
import { LiveLookupTables } from "../mock-backend/lookup/live-lookup-tables.ts";
import { IncomingRuleMessage } from "../mock-backend/pipelines/incoming-rule-message.ts";
import { newRuleCounters, PipelineInterpreter, type RunEnvironment, type RunnablePipeline } from "../mock-backend/pipelines/pipeline-interpreter.ts";
import type { IncomingMessage } from "../mock-backend/store/incoming-message.ts";
import { ThroughputMeter } from "../mock-backend/throughput-meter.ts";
import { parseRule } from "../shared/pipeline-rules/rule-parser.ts";
import { DEFAULT_STREAM_ID } from "../shared/product.ts";
import { THREAT_INTEL_DEFAULTS } from "../shared/threat-intel-config.ts";
import { writeResults } from "./results.ts";
import { round, summarize } from "./stats.ts";

const { values } = parseArgs({
  args: Deno.args,
  options: { count: { type: "string", default: "100000" }, runs: { type: "string", default: "5" }, dry: { type: "boolean", default: false } },
});
const count = Number(values.count);
const runs = Number(values.runs);
const ID = "000000000000000000000abc";

const lookups = new LiveLookupTables({ urlAllowed: () => Promise.resolve(false), now: () => Date.now(), threatIntel: () => THREAT_INTEL_DEFAULTS });
await lookups.load({
  adapters: [{
    id: "0000000000000000000000a1", _scope: "DEFAULT", title: "phrases", description: "", name: "phrases-csv", content_pack: null,
    custom_error_ttl_enabled: null, custom_error_ttl: null, custom_error_ttl_unit: null,
    config: {
      type: "csvfile", path: fileURLToPath(new URL("../fixtures/lookup/http-status-phrases.csv", import.meta.url)), separator: ",", quotechar: '"',
      key_column: "code", value_column: "phrase", check_interval: 3600, case_insensitive_lookup: false,
    },
  }],
  caches: [{
    id: "0000000000000000000000c1", _scope: "DEFAULT", title: "cache", description: "", name: "cache", content_pack: null,
    config: { type: "guava_cache", max_size: 1000, expire_after_access: 3600, expire_after_access_unit: "SECONDS", expire_after_write: 0, expire_after_write_unit: null },
  }],
  tables: [{
    id: "0000000000000000000000b1", _scope: "DEFAULT", title: "HTTP phrases", description: "", name: "http-status-phrases", cache_id: "0000000000000000000000c1",
    data_adapter_id: "0000000000000000000000a1", content_pack: null, default_single_value: "", default_single_value_type: "NULL",
    default_multi_value: "", default_multi_value_type: "NULL",
  }],
});

/** Ten rules per stage: each stage tests fields, transforms strings, matches a regex and looks a value up. */
function stageRules(stage: number): string[] {
  return [
    `rule "s${stage} has code" when has_field("http_response_code") then set_field("s${stage}_coded", true); end`,
    `rule "s${stage} phrase" when has_field("http_response_code") then set_field("s${stage}_phrase", lookup_value("http-status-phrases", to_string($message.http_response_code), "unknown")); end`,
    `rule "s${stage} lower" when has_field("source") then set_field("s${stage}_host", lowercase(to_string($message.source))); end`,
    `rule "s${stage} error" when contains(to_string($message.message), "error", true) then set_field("s${stage}_error", true); end`,
    `rule "s${stage} get" when starts_with(to_string($message.http_method), "GET") then set_field("s${stage}_read", true); end`,
    `rule "s${stage} path" when has_field("http_path") then let m = regex("^/([a-z]+)", to_string($message.http_path)); set_field("s${stage}_area", to_string(m["0"])); end`,
    `rule "s${stage} bytes" when has_field("bytes") then set_field("s${stage}_kb", to_long($message.bytes) / 1024); end`,
    `rule "s${stage} concat" when true then set_field("s${stage}_tag", concat("stage-", "${stage}")); end`,
    `rule "s${stage} slow" when to_long($message.took_ms, 0) > 500 then set_field("s${stage}_slow", true); end`,
    `rule "s${stage} clean" when has_field("s${stage}_tag") then remove_field("s${stage}_tag"); end`,
  ];
}

const environment: RunEnvironment = {
  emit: () => {},
  trace: null,
  lookup: (table, key) => lookups.lookup(table, key),
  lookupError: (table) => lookups.tableError(table),
  threatIntel: () => THREAT_INTEL_DEFAULTS,
  grokPatterns: () => new Map(),
  streamByTitle: () => null,
  debug: () => {},
  now: () => Date.now(),
  createMessage: (message, source, timestamp) => new IncomingRuleMessage({ message, source, timestamp, fields: {} }, [], DEFAULT_STREAM_ID),
};

const pipeline: RunnablePipeline = {
  id: ID,
  title: "bench",
  meter: new ThroughputMeter(),
  stages: [0, 1, 2].map((stage) => ({
    stage,
    match: "PASS" as const,
    rules: stageRules(stage).map((source, index) => ({
      id: `${stage}-${index}`,
      compiled: parseRule(source, { hasLookupTable: (name) => lookups.hasTable(name) }).compiled,
      counters: newRuleCounters(),
    })),
  })),
};
const interpreter = new PipelineInterpreter(new Map([[ID, pipeline]]), new Map([[DEFAULT_STREAM_ID, [ID]]]), DEFAULT_STREAM_ID, environment);
const nothing = { titles: [], process: () => true };

const generated = [...generateDemoMessages({ count, end: Date.parse("2026-01-01T00:00:00Z"), spanMs: 86_400_000 })];
const copies = (from: number, to: number): IncomingMessage[] => generated.slice(from, to).map((message) => ({ ...message, fields: { ...message.fields } }));

type Runner = { process(message: IncomingMessage, streams: string[], emit: (created: IncomingMessage) => void): boolean };
type Time = { wall: number; cpu: number };
const BATCH = 500;

/**
 * One run over every message, in batches as the chain hands them over: each batch is copied (untimed) for the
 * reference and for the pipelines, then each is timed on its copy, in turns, so that the collection of the
 * copies' garbage falls on both alike. Wall time and the process's CPU time (user + system, GC included) per
 * message, in µs.
 */
function timeRun(runners: readonly Runner[]): Time[] {
  const totals = runners.map(() => ({ wall: 0, cpu: 0 }));
  for (let start = 0; start < generated.length; start += BATCH) {
    runners.forEach((runner, index) => {
      const messages = copies(start, start + BATCH);
      const cpuBefore = cpuUsage();
      const started = performance.now();
      for (const message of messages) runner.process(message, [DEFAULT_STREAM_ID], () => {});
      totals[index]!.wall += (performance.now() - started) * 1000;
      const cpu = cpuUsage(cpuBefore);
      totals[index]!.cpu += cpu.user + cpu.system;
    });
  }
  return totals.map((total) => ({ wall: total.wall / generated.length, cpu: total.cpu / generated.length }));
}

timeRun([interpreter]); // warm-up: the JIT and the lookup cache
const withPipelines: Time[] = [];
const reference: Time[] = [];
const loadBefore = loadavg();
for (let run = 0; run < runs; run++) {
  const [none, pipelines] = timeRun([nothing, interpreter]);
  reference.push(none!);
  withPipelines.push(pipelines!);
}
const loadAfter = loadavg();
const failures = pipeline.stages.flatMap((stage) => stage.rules).reduce((sum, rule) => sum + rule.counters.failed, 0);
const added = withPipelines.map((time, index) => time.wall - reference[index]!.wall);
const addedCpu = withPipelines.map((time, index) => time.cpu - reference[index]!.cpu);

const keys = ["200", "404", "500", "301", "503", "418", "201", "302"];
const map = new Map(keys.map((key) => [key, key]));
const lookupNs: number[] = [];
const mapNs: number[] = [];
let sink = 0;
for (let batch = 0; batch < 400; batch++) {
  let started = performance.now();
  for (let i = 0; i < 1000; i++) sink += lookups.lookup("http-status-phrases", keys[i & 7]!)?.single_value === null ? 0 : 1;
  lookupNs.push((performance.now() - started) * 1000);
  started = performance.now();
  for (let i = 0; i < 1000; i++) sink += map.get(keys[i & 7]!) === undefined ? 0 : 1;
  mapNs.push((performance.now() - started) * 1000);
}

const perMessage = summarize(added);
const perMessageCpu = summarize(addedCpu);
const lookup = summarize(lookupNs);
const plain = summarize(mapNs);
const rows = [
  ["pipeline of 3 stages × 10 rules, added per message", `${round(perMessage.median, 2)} µs`, `${round(perMessage.p95, 2)} µs`, "≤ 10 µs", `${round(perMessage.median / 10, 2)}× the budget`],
  ["the same, CPU time (user + system, GC included)", `${round(perMessageCpu.median, 2)} µs`, `${round(perMessageCpu.p95, 2)} µs`, "≤ 10 µs", `${round(perMessageCpu.median / 10, 2)}× the budget`],
  ["the same loop without pipelines (reference)", `${round(summarize(reference.map((time) => time.wall)).median, 3)} µs`, `${round(summarize(reference.map((time) => time.wall)).p95, 3)} µs`, "", ""],
  ["cached lookup (CSV table, in-memory cache)", `${round(lookup.median, 0)} ns`, `${round(lookup.p95, 0)} ns`, "≤ 1 µs", `${round(lookup.median / plain.median, 1)}× a Map.get (${round(plain.median, 0)} ns)`],
];
console.log(rows.map((row) => row.join(" | ")).join("\n"));
const load = `load average ${loadBefore.map((value) => value.toFixed(2)).join(" ")} before, ${loadAfter.map((value) => value.toFixed(2)).join(" ")} after`;
console.log(`rule runtime errors: ${failures}; checksum ${sink}; ${load}`);
if (!values.dry) {
  await writeResults(
    "Pipelines",
    ["measure", "median", "p95", "target", "ratio"],
    rows,
    `${count.toLocaleString("en-US")} demo messages, ${runs} runs, single thread (the chain runs pipelines on one JS thread); rule runtime errors: ${failures}; ${load} (2 shared cores: the CPU time is the steadier figure).`,
  );
}
