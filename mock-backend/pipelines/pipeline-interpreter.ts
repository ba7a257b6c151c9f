import type { StageMatch } from "../../shared/pipeline-rules/ast.ts";
import type { CompiledRule } from "../../shared/pipeline-rules/rule-compiler.ts";
import type { RuleEnvironment } from "../../shared/pipeline-rules/rule-function.ts";
import type { PipelineRunner } from "../ingest/pipelines-processor.ts";
import type { ThroughputMeter } from "../throughput-meter.ts";
import type { IncomingMessage } from "../store/incoming-message.ts";
import { IncomingRuleMessage } from "./incoming-rule-message.ts";

/** How often a rule ran, matched, and failed with a runtime error. */
export interface RuleCounters {
  evaluated: number;
  matched: number;
  executed: number;
  failed: number;
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

/** The environment of one message's run, given the chain's `emit` for created messages. */
export type EnvironmentFor = (emit: (created: IncomingMessage) => void, trace: ((text: string) => void) | null) => RuleEnvironment;

/**
 * Graylog's pipeline interpreter: the pipelines connected to a message's streams run their stages in order of
 * stage number, all pipelines' stage N before any stage N+1. In a stage every rule's condition is evaluated, the
 * matching rules' actions run, and the pipeline goes on to its next stage only when the stage's match mode is
 * met (all rules matched, at least one, or pass). Streams a rule routes the message to bring their own
 * pipelines in a further round; a dropped message stops. A runtime error is counted on its rule: a failing
 * condition counts as not matched, a failing action ends that rule's actions.
 */
export class PipelineInterpreter implements PipelineRunner {
  readonly titles: readonly string[];

  constructor(
    private readonly pipelines: ReadonlyMap<string, RunnablePipeline>,
    /** Stream id → ids of the pipelines connected to it. */
    private readonly connections: ReadonlyMap<string, readonly string[]>,
    private readonly defaultStreamId: string,
    private readonly environment: EnvironmentFor,
  ) {
    const connected = new Set([...connections.values()].flat());
    this.titles = [...pipelines.values()].filter((pipeline) => connected.has(pipeline.id)).map((pipeline) => pipeline.title);
  }

  process(message: IncomingMessage, streams: string[], emit: (created: IncomingMessage) => void): boolean {
    return this.run(message, streams, emit, null);
  }

  /** One message's run, telling `trace` each step (the simulator). False when the message was dropped. */
  run(message: IncomingMessage, streams: string[], emit: (created: IncomingMessage) => void, trace: ((text: string) => void) | null): boolean {
    const ruleMessage = new IncomingRuleMessage(message, streams, this.defaultStreamId);
    const context = { message: ruleMessage, env: this.environment(emit, trace) };
    const done = new Set<string>();
    while (true) {
      const round = [...new Set(streams.flatMap((stream) => this.connections.get(stream) ?? []))]
        .filter((id) => !done.has(id))
        .flatMap((id) => this.pipelines.get(id) ?? []);
      if (round.length === 0) return true;
      for (const pipeline of round) {
        done.add(pipeline.id);
        if (trace === null) pipeline.meter.mark();
        trace?.(`Enter Pipeline ${pipeline.title}`);
      }
      const active = new Set(round);
      const numbers = [...new Set(round.flatMap((pipeline) => pipeline.stages.map((stage) => stage.stage)))].sort((a, b) => a - b);
      for (const number of numbers) {
        for (const pipeline of round) {
          if (!active.has(pipeline)) continue;
          const stage = pipeline.stages.find((candidate) => candidate.stage === number);
          if (!stage) continue;
          trace?.(`Enter Stage ${number} of Pipeline ${pipeline.title}`);
          const matched: RunnableRule[] = [];
          for (const rule of stage.rules) {
            rule.counters.evaluated++;
            try {
              if (rule.compiled.matches(context)) {
                rule.counters.matched++;
                matched.push(rule);
                trace?.(`Evaluate Rule ${rule.compiled.name}: matched`);
              } else {
                trace?.(`Evaluate Rule ${rule.compiled.name}: not matched`);
              }
            } catch (error) {
              rule.counters.failed++;
              trace?.(`Evaluate Rule ${rule.compiled.name}: error: ${describe(error)}`);
            }
          }
          for (const rule of matched) {
            try {
              rule.compiled.execute(context);
              rule.counters.executed++;
              trace?.(`Execute Rule ${rule.compiled.name}`);
            } catch (error) {
              rule.counters.failed++;
              trace?.(`Execute Rule ${rule.compiled.name}: error: ${describe(error)}`);
            }
            if (ruleMessage.dropped) {
              trace?.(`Message dropped by Rule ${rule.compiled.name}`);
              return false;
            }
          }
          const met = stage.match === "PASS" || (stage.match === "ALL" ? matched.length === stage.rules.length : matched.length > 0);
          if (!met) {
            active.delete(pipeline);
            trace?.(`Stage ${number} of Pipeline ${pipeline.title} not satisfied: the pipeline stops`);
          } else {
            trace?.(`Completed Stage ${number} of Pipeline ${pipeline.title}`);
          }
        }
      }
    }
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
