import type { IncomingMessage } from "../store/incoming-message.ts";
import type { MessageBatch } from "./message-batch.ts";
import type { BatchProcessor } from "./message-processor.ts";

/** The outputs attached to streams (System → Outputs), as the ingest chain forwards to them. */
export interface OutputRouter {
  /** The titles of the outputs attached to some stream (none: nothing to forward). */
  attachedTitles(): string[];
  /** The ids of the outputs attached to the stream. */
  outputsOf(streamId: string): readonly string[];
  /** Hands each output the messages routed to its streams (each message once per output). */
  forward(byOutput: ReadonlyMap<string, readonly IncomingMessage[]>): void;
}

export const NO_OUTPUTS: OutputRouter = { attachedTitles: () => [], outputsOf: () => [], forward: () => {} };

/**
 * The last step before the store: each message goes to the outputs of the streams it was routed to. Runs after
 * the index set processor, which routes the messages no processor routed.
 */
export class OutputsProcessor implements BatchProcessor {
  readonly kind = "outputs";
  readonly javaScriptWork: string | null;

  constructor(private readonly outputs: OutputRouter) {
    const titles = outputs.attachedTitles();
    this.javaScriptWork = titles.length > 0 ? `the streams' outputs (${titles.join(", ")})` : null;
  }

  process(batch: MessageBatch): void {
    if (this.javaScriptWork === null) return;
    const byOutput = new Map<string, IncomingMessage[]>();
    for (let i = 0; i < batch.messages.length; i++) {
      const forwardedTo = new Set<string>();
      for (const stream of batch.streams[i] ?? []) {
        for (const output of this.outputs.outputsOf(stream)) {
          if (forwardedTo.has(output)) continue;
          forwardedTo.add(output);
          let messages = byOutput.get(output);
          if (!messages) byOutput.set(output, messages = []);
          messages.push(batch.messages[i]);
        }
      }
    }
    if (byOutput.size > 0) this.outputs.forward(byOutput);
  }
}
