import type { StageMatch } from "../../shared/pipeline-rules/ast.ts";
import type { CompiledRule } from "../../shared/pipeline-rules/rule-compiler.ts";
import type { EvaluationContext, RuleEnvironment } from "../../shared/pipeline-rules/rule-function.ts";
import type { PipelineRunner } from "../ingest/pipelines-processor.ts";
import type { ThroughputMeter } from "../throughput-meter.ts";
import type { IncomingMessage } from "../store/incoming-message.ts";
import { IncomingRuleMessage } from "./incoming-rule-message.ts";

/** How often a rule ran, matched, and failed with a runtime error; the last such error and when it happened. */
export interface RuleCounters {
  evaluated: number;
  matched: number;
  executed: number;
  failed: number;
  lastError: { message: string; at: number } | null;
}

export function newRuleCounters(): RuleCounters {
  return { evaluated: 0, matched: 0, executed: 0, failed: 0, lastError: null };
}

export interface RunnableRule {
  id: string;
  compiled: CompiledRule;
  counters: RuleCounters;
}

export interface RunnableStage {
  stage: number;
  match: StageMatch;
  rules: RunnableRule[];
}

export interface RunnablePipeline {
  id: string;
  title: string;
  /** By stage number. */
  stages: RunnableStage[];
  /** Messages that entered the pipeline at ingest (simulations are not counted): its throughput. */
  meter: ThroughputMeter;
}

/**
 * What rules reach beyond the message for one message's run: `emit` takes the messages rules create, `trace`
 * (the simulator) each step. The interpreter sets both before each message, so one environment serves them all.
 */
export interface RunEnvironment extends RuleEnvironment {
  emit: (created: IncomingMessage) => void;
  trace: ((text: string) => void) | null;
}

/** One stage number across the pipelines of a round: each pipeline's stage of that number. */
interface StageStep {
  number: number;
  entries: { pipeline: RunnablePipeline; stage: RunnableStage; index: number }[];
}

/** The pipelines one set of streams brings in, and their stages in the order they run. */
interface Round {
  pipelines: RunnablePipeline[];
  ids: ReadonlySet<string>;
  steps: StageStep[];
}

const NO_EMIT = () => {};

/**
 * Graylog's pipeline interpreter: the pipelines connected to a message's streams run their stages in order of
 * stage number, all pipelines' stage N before any stage N+1. In a stage every rule's condition is evaluated, the
 * matching rules' actions run, and the pipeline goes on to its next stage only when the stage's match mode is
 * met (all rules matched, at least one, or pass). Streams a rule routes the message to bring their own
 * pipelines in a further round; a dropped message stops. A runtime error is counted on its rule: a failing
 * condition counts as not matched, a failing action ends that rule's actions.
 *
 * The order of a round is worked out once per set of streams and kept; a message's run allocates only its
 * message view (rules may keep it, through `create_message`).
 */
export class PipelineInterpreter implements PipelineRunner {
  readonly titles: readonly string[];
  private readonly rounds = new Map<string, Round>();
  private readonly context: EvaluationContext;
  /** The matched rules of the stage being run (a stage holds at most as many rules as the largest one). */
  private readonly matched: RunnableRule[] = [];
  /** Per pipeline of the round (by its index there): still running, or stopped by an unmet stage. */
  private active: boolean[] = [];

  constructor(
    private readonly pipelines: ReadonlyMap<string, RunnablePipeline>,
    /** Stream id → ids of the pipelines connected to it. */
    private readonly connections: ReadonlyMap<string, readonly string[]>,
    private readonly defaultStreamId: string,
    private readonly environment: RunEnvironment,
  ) {
    const connected = new Set([...connections.values()].flat());
    this.titles = [...pipelines.values()].filter((pipeline) => connected.has(pipeline.id)).map((pipeline) => pipeline.title);
    this.context = { message: new IncomingRuleMessage({ message: "", source: "", timestamp: 0 }, [], defaultStreamId), env: environment };
  }

  process(message: IncomingMessage, streams: string[], emit: (created: IncomingMessage) => void): boolean {
    return this.run(message, streams, emit, null);
  }

  /** One message's run, telling `trace` each step (the simulator). False when the message was dropped. */
  run(message: IncomingMessage, streams: string[], emit: (created: IncomingMessage) => void, trace: ((text: string) => void) | null): boolean {
    const ruleMessage = new IncomingRuleMessage(message, streams, this.defaultStreamId);
    const context = this.context;
    context.message = ruleMessage;
    this.environment.emit = emit;
    this.environment.trace = trace;
    try {
      let round = this.firstRound(streams);
      let done: Set<string> | null = null;
      while (round !== null) {
        if (!this.runRound(round, ruleMessage, context, trace)) return false;
        // Rules may have routed the message to streams with pipelines of their own: another round.
        if (!this.bringsMore(streams, round.ids, done)) return true;
        done = new Set([...(done ?? []), ...round.ids]);
        round = this.nextRound(streams, done);
      }
      return true;
    } finally {
      this.environment.emit = NO_EMIT;
      this.environment.trace = null;
    }
  }

  private firstRound(streams: readonly string[]): Round | null {
    const key = streams.length === 1 ? streams[0] : streams.join("\u0000");
    let round = this.rounds.get(key);
    if (round === undefined) {
      round = this.roundOf(streams, null);
      if (this.rounds.size > 10_000) this.rounds.clear();
      this.rounds.set(key, round);
    }
    return round.pipelines.length > 0 ? round : null;
  }

  private nextRound(streams: readonly string[], done: ReadonlySet<string>): Round | null {
    const round = this.roundOf(streams, done);
    return round.pipelines.length > 0 ? round : null;
  }

  private bringsMore(streams: readonly string[], ran: ReadonlySet<string>, done: ReadonlySet<string> | null): boolean {
    for (let s = 0; s < streams.length; s++) {
      const ids = this.connections.get(streams[s]);
      if (ids === undefined) continue;
      for (let i = 0; i < ids.length; i++) {
        if (!ran.has(ids[i]) && !(done?.has(ids[i]) ?? false) && this.pipelines.has(ids[i])) return true;
      }
    }
    return false;
  }

  /** The pipelines the streams bring in (less those done) and their stages by number. */
  private roundOf(streams: readonly string[], done: ReadonlySet<string> | null): Round {
    const ids = [...new Set(streams.flatMap((stream) => this.connections.get(stream) ?? []))].filter((id) => !(done?.has(id) ?? false));
    const pipelines = ids.flatMap((id) => this.pipelines.get(id) ?? []);
    const numbers = [...new Set(pipelines.flatMap((pipeline) => pipeline.stages.map((stage) => stage.stage)))].sort((a, b) => a - b);
    const steps = numbers.map((number) => ({
      number,
      entries: pipelines.flatMap((pipeline, index) => {
        const stage = pipeline.stages.find((candidate) => candidate.stage === number);
        return stage ? [{ pipeline, stage, index }] : [];
      }),
    }));
    return { pipelines, ids: new Set(pipelines.map((pipeline) => pipeline.id)), steps };
  }

  /** Runs one round's stages; false when a rule dropped the message. */
  private runRound(round: Round, ruleMessage: IncomingRuleMessage, context: EvaluationContext, trace: ((text: string) => void) | null): boolean {
    const { pipelines, steps } = round;
    const active = this.active.length >= pipelines.length ? this.active : (this.active = new Array(pipelines.length));
    for (let p = 0; p < pipelines.length; p++) {
      active[p] = true;
      if (trace === null) pipelines[p].meter.mark();
      else trace(`Enter Pipeline ${pipelines[p].title}`);
    }
    const matched = this.matched;
    for (let s = 0; s < steps.length; s++) {
      const { number, entries } = steps[s];
      for (let e = 0; e < entries.length; e++) {
        const { pipeline, stage, index } = entries[e];
        if (!active[index]) continue;
        trace?.(`Enter Stage ${number} of Pipeline ${pipeline.title}`);
        const rules = stage.rules;
        let count = 0;
        for (let r = 0; r < rules.length; r++) {
          const rule = rules[r];
          const counters = rule.counters;
          counters.evaluated++;
          try {
            if (rule.compiled.matches(context)) {
              counters.matched++;
              matched[count++] = rule;
              trace?.(`Evaluate Rule ${rule.compiled.name}: matched`);
            } else {
              trace?.(`Evaluate Rule ${rule.compiled.name}: not matched`);
            }
          } catch (error) {
            failed(counters, error);
            trace?.(`Evaluate Rule ${rule.compiled.name}: error: ${describe(error)}`);
          }
        }
        for (let m = 0; m < count; m++) {
          const rule = matched[m];
          matched[m] = undefined as unknown as RunnableRule;
          try {
            rule.compiled.execute(context);
            rule.counters.executed++;
            trace?.(`Execute Rule ${rule.compiled.name}`);
          } catch (error) {
            failed(rule.counters, error);
            trace?.(`Execute Rule ${rule.compiled.name}: error: ${describe(error)}`);
          }
          if (ruleMessage.dropped) {
            for (let rest = m + 1; rest < count; rest++) matched[rest] = undefined as unknown as RunnableRule;
            trace?.(`Message dropped by Rule ${rule.compiled.name}`);
            return false;
          }
        }
        const met = stage.match === "PASS" || (stage.match === "ALL" ? count === rules.length : count > 0);
        if (!met) {
          active[index] = false;
          trace?.(`Stage ${number} of Pipeline ${pipeline.title} not satisfied: the pipeline stops`);
        } else {
          trace?.(`Completed Stage ${number} of Pipeline ${pipeline.title}`);
        }
      }
    }
    return true;
  }
}

function failed(counters: RuleCounters, error: unknown): void {
  counters.failed++;
  counters.lastError = { message: describe(error), at: Date.now() };
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
