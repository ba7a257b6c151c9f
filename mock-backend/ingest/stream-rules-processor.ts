import type { StreamRouter } from "../store/stream-router.ts";
import type { MessageBatch } from "./message-batch.ts";
import type { BatchProcessor } from "./message-processor.ts";

/**
 * Routes each message to the streams whose rules match (Graylog's Stream Rule Processor). The fast path compiles
 * the same rules to SQL (import/sql-stream-routing.ts) and declines rules it cannot compile, so this processor
 * has no work of its own that keeps the fast path out.
 */
export class StreamRulesProcessor implements BatchProcessor {
  readonly kind = "stream_rules";
  readonly javaScriptWork = null;

  constructor(private readonly router: StreamRouter) {}

  process(batch: MessageBatch): void {
    const { messages, streams } = batch;
    for (let i = 0; i < messages.length; i++) {
      const routed = this.router.route(messages[i]);
      const before = streams[i]; // routed by a processor ahead of this one (a pipeline)
      streams[i] = before === undefined ? routed : [...new Set([...before, ...routed])];
    }
  }
}
