import { EntityValidationError } from "../../api/schemas/paginated.ts";
import {
  type ConnectPipeline,
  type ConnectStream,
  type FunctionDescriptor,
  type PipelineBody,
  type PipelineConnections,
  type PipelineSource,
  type PipelineStore,
  type RuleBody,
  type RuleCounterEntry,
  type RuleSource,
  RuleSourceError,
  type SimulationRequest,
  type SimulationResponse,
} from "../../api/schemas/pipelines.ts";
import { RULE_FUNCTIONS } from "../../shared/pipeline-rules/function-registry.ts";
import { type ParsedRule, parsePipeline, parseRule } from "../../shared/pipeline-rules/rule-parser.ts";
import type { ParseEnvironment } from "../../shared/pipeline-rules/rule-function.ts";
import { THREAT_INTEL_DEFAULTS, type ThreatIntelConfig } from "../../shared/threat-intel-config.ts";
import { RuleSyntaxError } from "../../shared/pipeline-rules/source-position.ts";
import { pipelineMetricPrefix, pipelineThroughputMetric, ruleMetric, ruleMetricPrefix } from "../../shared/pipeline-metrics.ts";
import { DEFAULT_STREAM_ID } from "../../shared/product.ts";
import type { Database } from "../database.ts";
import type { LiveLookupTables } from "../lookup/live-lookup-tables.ts";
import type { MessageStore } from "../message-store.ts";
import type { MetricRegistry } from "../metric-registry.ts";
import { ThroughputMeter } from "../throughput-meter.ts";
import { objectId } from "../object-id.ts";
import type { FieldValue, IncomingMessage } from "../store/incoming-message.ts";
import { IncomingRuleMessage } from "./incoming-rule-message.ts";
import { newRuleCounters, PipelineInterpreter, type RuleCounters, type RunEnvironment, type RunnablePipeline, type RunnableRule } from "./pipeline-interpreter.ts";

export const PIPELINE_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS pipeline_rules (
     id VARCHAR PRIMARY KEY, title VARCHAR UNIQUE NOT NULL, description VARCHAR NOT NULL, source VARCHAR NOT NULL,
     created_at TIMESTAMP NOT NULL, modified_at TIMESTAMP NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS pipelines (
     id VARCHAR PRIMARY KEY, title VARCHAR NOT NULL, description VARCHAR NOT NULL, source VARCHAR NOT NULL,
     created_at TIMESTAMP NOT NULL, modified_at TIMESTAMP NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS pipeline_connections (stream_id VARCHAR PRIMARY KEY, id VARCHAR NOT NULL, pipeline_ids VARCHAR[] NOT NULL)`,
];

interface SourceRow extends Record<string, unknown> {
  id: string;
  title: string;
  description: string;
  source: string;
  created_at: Date;
  modified_at: Date;
}

const SOURCE_COLUMNS = "id, title, description, source, created_at, modified_at";

/**
 * Pipelines, rules and stream connections on DuckDB, and the interpreter the ingest chain runs: rebuilt after
 * every write (and handed to the message store), with each rule's counters kept across rebuilds while its
 * source is unchanged.
 */
export class EmbeddedPipelineStore implements PipelineStore {
  private grok: ReadonlyMap<string, string> = new Map();
  private interpreter: PipelineInterpreter | null = null;
  private readonly counters = new Map<string, { source: string; counters: RuleCounters }>();
  readonly debugLog: string[] = [];
  private threatIntelConfig: ThreatIntelConfig = THREAT_INTEL_DEFAULTS;

  /** Each pipeline's throughput, by pipeline id, kept across rebuilds. */
  private readonly meters = new Map<string, ThroughputMeter>();

  constructor(
    private readonly db: Database,
    private readonly messages: MessageStore,
    private readonly lookups: LiveLookupTables,
    private readonly registry: MetricRegistry,
  ) {}

  /** Builds the interpreter from what is stored; call once when the backend opens. */
  async start(): Promise<void> {
    await this.rebuild();
  }

  private get parseEnv(): ParseEnvironment {
    return { hasLookupTable: (name) => this.lookups.hasTable(name) };
  }

  async rules(): Promise<RuleSource[]> {
    return (await this.db.all<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM pipeline_rules ORDER BY title`)).map((row) => this.ruleSource(row));
  }

  async rule(id: string): Promise<RuleSource | null> {
    const row = await this.db.first<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM pipeline_rules WHERE id = ?`, [id]);
    return row ? this.ruleSource(row) : null;
  }

  parseRule(body: RuleBody): Promise<RuleSource> {
    const parsed = this.parsedRule(body.source);
    return Promise.resolve({ id: null, title: parsed.ast.name, description: body.description, source: body.source, created_at: null, modified_at: null, errors: null });
  }

  async createRule(body: RuleBody): Promise<RuleSource> {
    const parsed = this.parsedRule(body.source);
    await this.assertUniqueRuleTitle(parsed.ast.name, null);
    const id = objectId();
    await this.db.run("INSERT INTO pipeline_rules VALUES (?, ?, ?, ?, now(), now())", [id, parsed.ast.name, body.description, body.source]);
    await this.rebuild();
    return (await this.rule(id))!;
  }

  async updateRule(id: string, body: RuleBody): Promise<RuleSource | null> {
    if (!(await this.rule(id))) return null;
    const parsed = this.parsedRule(body.source);
    await this.assertUniqueRuleTitle(parsed.ast.name, id);
    await this.db.run("UPDATE pipeline_rules SET title = ?, description = ?, source = ?, modified_at = now() WHERE id = ?", [parsed.ast.name, body.description, body.source, id]);
    await this.rebuild();
    return await this.rule(id);
  }

  async deleteRule(id: string): Promise<boolean> {
    const deleted = (await this.db.write("DELETE FROM pipeline_rules WHERE id = ? RETURNING id", [id])).length > 0;
    if (deleted) await this.rebuild();
    return deleted;
  }

  functions(): FunctionDescriptor[] {
    return RULE_FUNCTIONS.list().map((fn) => ({
      name: fn.name,
      pure: false,
      return_type: fn.returnType,
      params: fn.params.map((p) => ({ type: p.type, transformed_type: p.type, name: p.name, optional: p.optional === true, description: p.description })),
      description: fn.description,
    }));
  }

  async pipelines(): Promise<PipelineSource[]> {
    return (await this.db.all<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM pipelines ORDER BY title`)).map(pipelineSource);
  }

  async pipeline(id: string): Promise<PipelineSource | null> {
    const row = await this.db.first<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM pipelines WHERE id = ?`, [id]);
    return row ? pipelineSource(row) : null;
  }

  parsePipeline(body: PipelineBody): Promise<PipelineSource> {
    const ast = parsedPipeline(body.source);
    return Promise.resolve({ id: null, title: ast.name, description: body.description, source: body.source, created_at: null, modified_at: null, stages: ast.stages, errors: null });
  }

  async createPipeline(body: PipelineBody): Promise<PipelineSource> {
    const ast = parsedPipeline(body.source);
    const id = objectId();
    await this.db.run("INSERT INTO pipelines VALUES (?, ?, ?, ?, now(), now())", [id, ast.name, body.description, body.source]);
    await this.rebuild();
    return (await this.pipeline(id))!;
  }

  async updatePipeline(id: string, body: PipelineBody): Promise<PipelineSource | null> {
    if (!(await this.pipeline(id))) return null;
    const ast = parsedPipeline(body.source);
    await this.db.run("UPDATE pipelines SET title = ?, description = ?, source = ?, modified_at = now() WHERE id = ?", [ast.name, body.description, body.source, id]);
    await this.rebuild();
    return await this.pipeline(id);
  }

  async deletePipeline(id: string): Promise<boolean> {
    const deleted = (await this.db.write("DELETE FROM pipelines WHERE id = ? RETURNING id", [id])).length > 0;
    if (!deleted) return false;
    // Graylog removes the pipeline from every stream connection too.
    await this.db.run("UPDATE pipeline_connections SET pipeline_ids = list_filter(pipeline_ids, p -> p <> ?)", [id]);
    await this.rebuild();
    return true;
  }

  async connections(): Promise<PipelineConnections[]> {
    const rows = await this.db.all<{ id: string; stream_id: string; pipeline_ids: string[] }>(
      "SELECT id, stream_id, pipeline_ids FROM pipeline_connections ORDER BY stream_id",
    );
    return rows.map((row) => ({ id: row.id, stream_id: row.stream_id, pipeline_ids: [...row.pipeline_ids] }));
  }

  async connectStream(body: ConnectStream): Promise<PipelineConnections> {
    await this.assertStreams([body.stream_id]);
    await this.assertPipelines(body.pipeline_ids);
    const pipelineIds = [...new Set(body.pipeline_ids)];
    const existing = (await this.connections()).find((connection) => connection.stream_id === body.stream_id);
    const id = existing?.id ?? objectId();
    await this.db.run("INSERT OR REPLACE INTO pipeline_connections VALUES (?, ?, ?::VARCHAR[])", [body.stream_id, id, JSON.stringify(pipelineIds)]);
    await this.rebuild();
    return { id, stream_id: body.stream_id, pipeline_ids: pipelineIds };
  }

  async connectPipeline(body: ConnectPipeline): Promise<PipelineConnections[]> {
    await this.assertPipelines([body.pipeline_id]);
    await this.assertStreams(body.stream_ids);
    const wanted = new Set(body.stream_ids);
    const current = await this.connections();
    const changed: PipelineConnections[] = [];
    await this.db.transaction(async (connection) => {
      const streams = new Set([...current.map((c) => c.stream_id), ...wanted]);
      for (const stream of streams) {
        const existing = current.find((c) => c.stream_id === stream);
        const ids = new Set(existing?.pipeline_ids ?? []);
        if (wanted.has(stream)) ids.add(body.pipeline_id);
        else ids.delete(body.pipeline_id);
        const entry = { id: existing?.id ?? objectId(), stream_id: stream, pipeline_ids: [...ids] };
        await connection.run("INSERT OR REPLACE INTO pipeline_connections VALUES (?, ?, ?::VARCHAR[])", [entry.stream_id, entry.id, JSON.stringify(entry.pipeline_ids)]);
        if (wanted.has(stream)) changed.push(entry);
      }
    });
    await this.rebuild();
    return changed;
  }

  async simulate(request: SimulationRequest): Promise<SimulationResponse> {
    await this.assertStreams([request.stream_id]);
    const started = performance.now();
    const trace: { time: number; message: string }[] = [];
    const note = (text: string) => trace.push({ time: Math.round((performance.now() - started) * 1000), message: text });
    const created: IncomingMessage[] = [];
    const message = incomingFrom(request.message);
    const streams = [request.stream_id];
    note("Starting message processing");
    const kept = this.interpreter!.run(message, streams, (m) => created.push(m), note);
    note("Finished message processing");
    const results = kept ? [{ message: { ...new IncomingRuleMessage(message, streams, DEFAULT_STREAM_ID).fields(), streams }, index: null }] : [];
    for (const extra of created) {
      results.push({ message: { ...new IncomingRuleMessage(extra, [DEFAULT_STREAM_ID], DEFAULT_STREAM_ID).fields(), streams: [DEFAULT_STREAM_ID] }, index: null });
    }
    return { messages: results, simulation_trace: trace, took_microseconds: Math.round((performance.now() - started) * 1000) };
  }

  /** Each rule's counters by rule id (runtime errors among them). */
  ruleCounters(): Map<string, RuleCounters> {
    return new Map([...this.counters.entries()].map(([id, entry]) => [id, { ...entry.counters }]));
  }

  /** Each stored rule's counters, zero for a rule that never ran (GET /system/pipelines/rule/counters). */
  async counterList(): Promise<RuleCounterEntry[]> {
    const ids = await this.db.all<{ id: string }>("SELECT id FROM pipeline_rules ORDER BY title");
    return ids.map(({ id }) => {
      const counters = this.counters.get(id)?.counters ?? newRuleCounters();
      return {
        rule_id: id,
        evaluated: counters.evaluated,
        matched: counters.matched,
        executed: counters.executed,
        failed: counters.failed,
        last_error: counters.lastError ? { message: counters.lastError.message, timestamp: new Date(counters.lastError.at).toISOString() } : null,
      };
    });
  }

  /** The threat-intelligence configuration the combined lookups follow (System → Configurations). */
  useThreatIntel(config: ThreatIntelConfig): void {
    this.threatIntelConfig = config;
  }

  private ruleSource(row: SourceRow): RuleSource {
    let errors: RuleSource["errors"] = null;
    try {
      parseRule(row.source, this.parseEnv);
    } catch (error) {
      if (!(error instanceof RuleSyntaxError)) throw error;
      errors = [...error.errors];
    }
    return { id: row.id, title: row.title, description: row.description, source: row.source, created_at: iso(row.created_at), modified_at: iso(row.modified_at), errors };
  }

  private parsedRule(source: string): ParsedRule {
    try {
      return parseRule(source, this.parseEnv);
    } catch (error) {
      if (error instanceof RuleSyntaxError) throw new RuleSourceError([...error.errors]);
      throw error;
    }
  }

  private async assertUniqueRuleTitle(title: string, selfId: string | null): Promise<void> {
    const taken = await this.db.first("SELECT 1 AS taken FROM pipeline_rules WHERE title = ? AND id IS DISTINCT FROM ?", [title, selfId]);
    if (taken) throw new EntityValidationError(`A rule with title "${title}" already exists`);
  }

  private async assertStreams(ids: readonly string[]): Promise<void> {
    const known = new Set(this.messages.streams().map((stream) => stream.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new EntityValidationError(`No stream with id ${unknown.join(", ")}`);
  }

  private async assertPipelines(ids: readonly string[]): Promise<void> {
    const known = new Set((await this.pipelines()).map((pipeline) => pipeline.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length > 0) throw new EntityValidationError(`No pipeline with id ${unknown.join(", ")}`);
  }

  /** The interpreter over what is stored now, handed to the message store. Rules that no longer parse are left out. */
  private async rebuild(): Promise<void> {
    this.grok = new Map((await this.db.all<{ name: string; pattern: string }>("SELECT name, pattern FROM grok_patterns")).map((row) => [row.name, row.pattern]));
    const rulesByTitle = new Map<string, RunnableRule>();
    const rows = await this.db.all<SourceRow>(`SELECT ${SOURCE_COLUMNS} FROM pipeline_rules`);
    const stored = new Set(rows.map((row) => row.id));
    for (const id of [...this.counters.keys()].filter((id) => !stored.has(id))) {
      this.counters.delete(id);
      this.registry.unregister(ruleMetricPrefix(id));
    }
    for (const row of rows) {
      let parsed: ParsedRule;
      try {
        parsed = parseRule(row.source, this.parseEnv);
      } catch {
        continue;
      }
      const kept = this.counters.get(row.id);
      const counters = kept && kept.source === row.source ? kept.counters : newRuleCounters();
      this.counters.set(row.id, { source: row.source, counters });
      if (counters !== kept?.counters) this.registerRuleMetrics(row.id, counters);
      rulesByTitle.set(row.title, { id: row.id, compiled: parsed.compiled, counters });
    }
    const pipelines = new Map<string, RunnablePipeline>();
    for (const pipeline of await this.pipelines()) {
      pipelines.set(pipeline.id!, {
        id: pipeline.id!,
        title: pipeline.title,
        meter: this.meterOf(pipeline.id!),
        stages: pipeline.stages.map((stage) => ({ stage: stage.stage, match: stage.match, rules: stage.rules.flatMap((title) => rulesByTitle.get(title) ?? []) })),
      });
    }
    for (const id of [...this.meters.keys()].filter((id) => !pipelines.has(id))) {
      this.meters.delete(id);
      this.registry.unregister(pipelineMetricPrefix(id));
    }
    const connections = new Map((await this.connections()).map((connection) => [connection.stream_id, connection.pipeline_ids]));
    const defaultStreamId = this.messages.streams().find((stream) => stream.isDefault)?.id ?? DEFAULT_STREAM_ID;
    this.interpreter = new PipelineInterpreter(pipelines, connections, defaultStreamId, this.environment);
    this.messages.usePipelines(this.interpreter);
  }

  /** A rule's counters under Graylog's metric names (`…ast.Rule.<id>.executed`, `.failed`, …). */
  private registerRuleMetrics(id: string, counters: RuleCounters): void {
    this.registry.register(ruleMetric(id, "executed"), { type: "counter", count: () => counters.executed });
    this.registry.register(ruleMetric(id, "failed"), { type: "counter", count: () => counters.failed });
    this.registry.register(ruleMetric(id, "matched"), { type: "counter", count: () => counters.matched });
    this.registry.register(ruleMetric(id, "not-matched"), { type: "counter", count: () => counters.evaluated - counters.matched });
  }

  /** The pipeline's meter, registered under Graylog's metric name on first use. */
  private meterOf(id: string): ThroughputMeter {
    let meter = this.meters.get(id);
    if (!meter) {
      meter = new ThroughputMeter();
      this.meters.set(id, meter);
      this.registry.register(pipelineThroughputMetric(id), { type: "meter", meter });
    }
    return meter;
  }

  /** What rules reach: one environment for every run (the interpreter sets `emit` and `trace` per message). */
  private readonly environment: RunEnvironment = {
    emit: () => {},
    trace: null,
    lookup: (table, key) => this.lookups.lookup(table, key),
    lookupError: (table) => this.lookups.tableError(table),
    threatIntel: () => this.threatIntelConfig,
    grokPatterns: () => this.grok,
    streamByTitle: (title) => this.messages.streams().find((stream) => stream.title === title)?.id ?? null,
    debug: (text) => {
      this.environment.trace?.(text);
      this.debugLog.push(text);
      if (this.debugLog.length > 100) this.debugLog.shift();
    },
    now: () => Date.now(),
    createMessage: (message, source, timestamp) => {
      const created: IncomingMessage = { message, source, timestamp, fields: {} };
      this.environment.emit(created);
      return new IncomingRuleMessage(created, [], DEFAULT_STREAM_ID);
    },
  };
}

function parsedPipeline(source: string) {
  try {
    return parsePipeline(source);
  } catch (error) {
    if (error instanceof RuleSyntaxError) throw new RuleSourceError([...error.errors]);
    throw error;
  }
}

function pipelineSource(row: SourceRow): PipelineSource {
  let stages: PipelineSource["stages"] = [];
  let errors: PipelineSource["errors"] = null;
  try {
    stages = parsePipeline(row.source).stages;
  } catch (error) {
    if (!(error instanceof RuleSyntaxError)) throw error;
    errors = [...error.errors];
  }
  return { id: row.id, title: row.title, description: row.description, source: row.source, created_at: iso(row.created_at), modified_at: iso(row.modified_at), stages, errors };
}

function iso(value: Date): string {
  return new Date(value).toISOString();
}

/** A simulated message from its fields (a pasted raw message becomes `message`; the time is now unless given). */
function incomingFrom(fields: Record<string, unknown>): IncomingMessage {
  const { message, source, timestamp, full_message, level, facility, _id, streams: _streams, ...rest } = fields;
  const time = typeof timestamp === "number" ? timestamp : typeof timestamp === "string" && !Number.isNaN(Date.parse(timestamp)) ? Date.parse(timestamp) : Date.now();
  const extra: Record<string, FieldValue> = {};
  for (const [name, value] of Object.entries(rest)) {
    if (value === null || value === undefined) continue;
    extra[name] = typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? value : JSON.stringify(value);
  }
  return {
    timestamp: time,
    message: typeof message === "string" ? message : String(message ?? ""),
    source: typeof source === "string" ? source : String(source ?? "simulator"),
    ...(typeof full_message === "string" ? { fullMessage: full_message } : {}),
    ...(typeof level === "number" ? { level } : {}),
    ...(typeof facility === "string" ? { facility } : {}),
    ...(typeof _id === "string" ? { id: _id } : {}),
    fields: extra,
  };
}
