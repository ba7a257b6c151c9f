import {
  completeProcessorOrder,
  MESSAGE_PROCESSORS_CONFIG_DEFAULTS,
  type MessageProcessorClass,
  type MessageProcessorsConfig,
} from "../../api/schemas/message-processors.ts";
import type { RoutedStream } from "../store/stream-router.ts";
import { StreamRouter } from "../store/stream-router.ts";
import { type Extractor, ExtractorsProcessor } from "./extractors-processor.ts";
import { IndexSetProcessor } from "./index-set-processor.ts";
import type { MessageBatch } from "./message-batch.ts";
import { type OutputRouter, OutputsProcessor } from "./outputs-processor.ts";
import type { BatchProcessor, IngestStep, MessageProcessorKind } from "./message-processor.ts";
import { type PipelineRunner, PipelinesProcessor } from "./pipelines-processor.ts";
import { type StaticField, StaticFieldsProcessor } from "./static-fields-processor.ts";
import { StreamRulesProcessor } from "./stream-rules-processor.ts";

/** What the input that received the messages adds to them (a file import: nothing yet; live inputs: issue 16). */
export interface IngestInput {
  staticFields: readonly StaticField[];
  extractors: readonly Extractor[];
}

export const PLAIN_INPUT: IngestInput = { staticFields: [], extractors: [] };

/** What the processors work with: the streams and their rules, index sets, pipelines. */
export interface ChainContext {
  router: StreamRouter;
  defaultStreamId: string;
  defaultIndexSetId: string;
  /** The pipelines connected to streams (System → Pipelines). */
  pipelines: PipelineRunner;
  /** The outputs attached to streams, forwarded to last (System → Outputs). */
  outputs: OutputRouter;
}

interface MessageProcessorDefinition {
  /** Graylog's message processor whose place in the configured order and enablement this processor takes. */
  governedBy: MessageProcessorClass;
  create(context: ChainContext, input: IngestInput): BatchProcessor;
}

/** Each processor between the codec and the index set, in the order they run within one Graylog processor. */
const MESSAGE_PROCESSOR_KINDS: Record<MessageProcessorKind, MessageProcessorDefinition> = {
  static_fields: {
    governedBy: "org.graylog2.messageprocessors.MessageFilterChainProcessor",
    create: (_context, input) => new StaticFieldsProcessor(input.staticFields),
  },
  extractors: {
    governedBy: "org.graylog2.messageprocessors.MessageFilterChainProcessor",
    create: (_context, input) => new ExtractorsProcessor(input.extractors),
  },
  stream_rules: {
    governedBy: "org.graylog2.messageprocessors.StreamMatcherFilterProcessor",
    create: (context) => new StreamRulesProcessor(context.router),
  },
  pipelines: {
    governedBy: "org.graylog.plugins.pipelineprocessor.processors.PipelineInterpreter",
    create: (context) => new PipelinesProcessor(context.pipelines, context.defaultStreamId),
  },
};

/**
 * The ingest chain every message passes, from a file import or a live input: parse (the codec) → input static
 * fields → extractors → stream rules → pipelines → index set → outputs → store. The message processors configuration
 * (`/system/messageprocessors/config`) orders and enables the middle four, as Graylog's message processors; the
 * codec comes first and the index set, outputs and store last, always. The codec is the input's (import/import-codec.ts),
 * the store MessageStore's `prepare` and `write`; this module runs the steps between on each batch.
 */
export class IngestChain {
  private config: MessageProcessorsConfig = MESSAGE_PROCESSORS_CONFIG_DEFAULTS;

  /** Takes a new message processors configuration: the next batch passes the processors in its order. */
  configure(config: MessageProcessorsConfig): void {
    this.config = config;
  }

  /** The enabled processors governed by Graylog's message processors, in the configured order. */
  messageProcessors(): MessageProcessorKind[] {
    const disabled = new Set(this.config.disabled_processors);
    const kinds = Object.keys(MESSAGE_PROCESSOR_KINDS) as MessageProcessorKind[];
    return completeProcessorOrder(this.config.processor_order)
      .filter((className) => !disabled.has(className))
      .flatMap((className) => kinds.filter((kind) => MESSAGE_PROCESSOR_KINDS[kind].governedBy === className));
  }

  /** Every step a message passes now, in order. */
  steps(): IngestStep[] {
    return ["codec", ...this.messageProcessors(), "index_set", "outputs", "store"];
  }

  /** The processors for messages of `input`, made for one ingest (each holds what it caches for it). */
  processors(context: ChainContext, input: IngestInput): BatchProcessor[] {
    const processors = this.messageProcessors().map((kind) => MESSAGE_PROCESSOR_KINDS[kind].create(context, input));
    processors.push(new IndexSetProcessor(withoutRules(context.router.streams), context.defaultIndexSetId));
    processors.push(new OutputsProcessor(context.outputs));
    return processors;
  }

  /** Whether stream rules route messages (else only the streams a message names, and the default stream). */
  routesByRules(): boolean {
    return this.messageProcessors().includes("stream_rules");
  }

  /**
   * Why the messages of `input` must pass the processors in JavaScript, or null when every enabled processor
   * has nothing to do that the DuckDB fast path does not do too.
   */
  javaScriptWork(context: ChainContext, input: IngestInput): string | null {
    for (const processor of this.processors(context, input)) {
      if (processor.javaScriptWork !== null) return processor.javaScriptWork;
    }
    return null;
  }
}

/** Runs `processors` on `batch`, in order. */
export function processBatch(processors: readonly BatchProcessor[], batch: MessageBatch): void {
  for (const processor of processors) processor.process(batch);
}

/** A router over `streams` with no rules: a message goes to the streams it names and the default stream. */
export function withoutRules(streams: readonly RoutedStream[]): StreamRouter {
  return new StreamRouter(streams.map((stream) => ({ ...stream, rules: [] })));
}
