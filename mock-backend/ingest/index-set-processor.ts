import type { StreamRouter } from "../store/stream-router.ts";
import type { MessageBatch } from "./message-batch.ts";
import type { BatchProcessor } from "./message-processor.ts";

/**
 * The index sets each message is written to: those of its streams, each once. A message no processor routed (the
 * Stream Rule Processor disabled) goes to the streams it names itself and the default stream, by `unrouted`, a
 * router without rules.
 */
export class IndexSetProcessor implements BatchProcessor {
  readonly kind = "index_set";
  readonly javaScriptWork = null;
  /** The one-element list of each stream's index set, shared by the messages of one stream (most of them). */
  private readonly single = new Map<string, readonly string[]>();

  constructor(
    private readonly unrouted: StreamRouter,
    private readonly defaultIndexSetId: string,
  ) {}

  process(batch: MessageBatch): void {
    const { messages, streams, indexSets } = batch;
    for (let i = 0; i < messages.length; i++) {
      const own = streams[i] ??= this.unrouted.route(messages[i]);
      indexSets[i] = own.length === 1 ? this.singleSet(own[0]) : this.setsOf(own);
    }
  }

  private singleSet(stream: string): readonly string[] {
    let sets = this.single.get(stream);
    if (!sets) this.single.set(stream, sets = [this.setOf(stream)]);
    return sets;
  }

  private setsOf(streams: readonly string[]): string[] {
    const sets: string[] = [];
    for (const stream of streams) {
      const set = this.setOf(stream);
      if (!sets.includes(set)) sets.push(set);
    }
    return sets;
  }

  private setOf(stream: string): string {
    return this.unrouted.indexSetOf(stream) ?? this.defaultIndexSetId;
  }
}
