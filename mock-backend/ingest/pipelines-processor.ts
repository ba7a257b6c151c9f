import type { IncomingMessage } from "../store/incoming-message.ts";
import type { MessageBatch } from "./message-batch.ts";
import type { BatchProcessor } from "./message-processor.ts";

/** The processing pipelines as the chain runs them (mock-backend/pipelines/ builds them from the stored ones). */
export interface PipelineRunner {
  /** The titles of the pipelines connected to a stream (none: nothing to do). */
  readonly titles: readonly string[];
  /**
   * Runs the pipelines connected to the message's `streams` (which rules may change); false when a rule dropped
   * it. Messages rules create are handed to `emit`. A rule's runtime error is counted on the rule, never thrown.
   */
  process(message: IncomingMessage, streams: string[], emit: (created: IncomingMessage) => void): boolean;
}

/** No pipelines are connected. */
export const NO_PIPELINES: PipelineRunner = { titles: [], process: () => true };

/** The most messages rules may create per batch: a rule creating a message per created message must end. */
const MAX_CREATED_PER_BATCH = 10_000;

/**
 * The pipelines connected to each message's streams (Graylog's Pipeline Processor). A message not routed yet
 * (this processor ahead of the stream rules) is in the default stream only, as in Graylog. Dropped messages
 * leave the batch; created ones join it (after the others, passing the pipelines in turn).
 */
export class PipelinesProcessor implements BatchProcessor {
  readonly kind = "pipelines";
  readonly javaScriptWork: string | null;

  constructor(private readonly runner: PipelineRunner, private readonly defaultStreamId: string) {
    this.javaScriptWork = runner.titles.length > 0 ? `pipelines (${runner.titles.join(", ")})` : null;
  }

  process(batch: MessageBatch): void {
    if (this.runner.titles.length === 0) return;
    const { messages, streams, indexSets } = batch;
    const dropped: number[] = [];
    let created = 0;
    const emit = (message: IncomingMessage) => {
      if (created++ >= MAX_CREATED_PER_BATCH) return;
      messages.push(message);
      streams.push(undefined);
      indexSets.push([]);
    };
    for (let i = 0; i < messages.length; i++) {
      const own = streams[i] ??= [this.defaultStreamId];
      if (!this.runner.process(messages[i], own, emit)) dropped.push(i);
    }
    for (let d = dropped.length - 1; d >= 0; d--) {
      messages.splice(dropped[d], 1);
      streams.splice(dropped[d], 1);
      indexSets.splice(dropped[d], 1);
    }
  }
}
