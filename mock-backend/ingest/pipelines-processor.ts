import type { IncomingMessage } from "../store/incoming-message.ts";
import type { MessageBatch } from "./message-batch.ts";
import type { BatchProcessor } from "./message-processor.ts";

/** A processing pipeline connected to streams: it sees the messages of those streams. */
export interface Pipeline {
  readonly title: string;
  readonly streams: readonly string[];
  /** Runs the pipeline's stages on `message`, which is in `streams` so far; it may add streams to that list. */
  apply(message: IncomingMessage, streams: string[]): void;
}

/**
 * The pipelines connected to each message's streams (Graylog's Pipeline Processor). A message not routed yet
 * (this processor ahead of the stream rules) is in the default stream only, as in Graylog.
 */
export class PipelinesProcessor implements BatchProcessor {
  readonly kind = "pipelines";
  readonly javaScriptWork: string | null;

  constructor(private readonly pipelines: readonly Pipeline[], private readonly defaultStreamId: string) {
    this.javaScriptWork = pipelines.length > 0
      ? `pipelines (${pipelines.map((pipeline) => pipeline.title).join(", ")})`
      : null;
  }

  process(batch: MessageBatch): void {
    if (this.pipelines.length === 0) return;
    const { messages, streams } = batch;
    for (let i = 0; i < messages.length; i++) {
      const own = streams[i] ??= [this.defaultStreamId];
      for (const pipeline of this.pipelines) {
        if (pipeline.streams.some((stream) => own.includes(stream))) pipeline.apply(messages[i], own);
      }
    }
  }
}
