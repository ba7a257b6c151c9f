import type { IngestInput } from "../ingest/ingest-chain.ts";
import type { IncomingMessage } from "./incoming-message.ts";

/** Messages one live input handed over, with what that input adds to them (its static fields and extractors). */
export interface IngestGroup {
  readonly messages: IncomingMessage[];
  readonly input: IngestInput;
}

export interface BatchCoalescingOptions {
  /** Stores the groups taken, as one store batch (one preparation, one transaction). */
  write(groups: readonly IngestGroup[]): Promise<unknown>;
  /** A batch is written once it holds this many messages (a bigger group still goes whole). */
  maxMessages: number;
  /** Or once its oldest message arrived this long ago (ms). */
  lingerMs: number;
}

interface WaitingGroup extends IngestGroup {
  readonly done: PromiseWithResolvers<void>;
}

/**
 * Gathers what the live inputs hand over into store batches (issue 16 item 8): each store batch pays a fixed cost
 * (processors, a CSV file, a transaction, index and field-presence bookkeeping, bench/ingest-batch-cost.ts) that
 * one batch per request or per frame would pay many times over. A batch is written when it holds `maxMessages` or
 * when its oldest message has waited `lingerMs`, whichever comes first; one batch is written at a time and whatever
 * arrives meanwhile goes with the next. Each group's promise settles once the batch it went with is stored (or
 * refused), so that an input acknowledges or commits its journal only then.
 */
export class BatchCoalescer {
  private waiting: WaitingGroup[] = [];
  private waitingCount = 0;
  /** When the oldest waiting message arrived (performance.now()). */
  private oldestArrival = Infinity;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> | null = null;

  constructor(private readonly options: BatchCoalescingOptions) {}

  /** Hands over `messages` whose oldest arrived at `arrivedAt` (performance.now()); settles once they are stored. */
  add(messages: IncomingMessage[], input: IngestInput, arrivedAt: number = performance.now()): Promise<void> {
    if (messages.length === 0) return Promise.resolve();
    const done = Promise.withResolvers<void>();
    this.waiting.push({ messages, input, done });
    this.waitingCount += messages.length;
    this.oldestArrival = Math.min(this.oldestArrival, arrivedAt);
    this.schedule();
    return done.promise;
  }

  /** Settles once everything handed over so far is stored (or refused). */
  async flush(): Promise<void> {
    while (this.waiting.length > 0 || this.writing) {
      if (!this.writing) this.writeNext();
      await this.writing;
    }
  }

  private schedule(): void {
    if (this.writing || this.waiting.length === 0) return;
    const wait = this.oldestArrival + this.options.lingerMs - performance.now();
    if (this.waitingCount >= this.options.maxMessages || wait <= 0) return this.writeNext();
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      this.schedule();
    }, wait);
  }

  private writeNext(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    const taken: WaitingGroup[] = [];
    let count = 0;
    while (this.waiting.length > 0 && (taken.length === 0 || count + this.waiting[0].messages.length <= this.options.maxMessages)) {
      const group = this.waiting.shift()!;
      taken.push(group);
      count += group.messages.length;
    }
    this.waitingCount -= count;
    // What stays waiting arrived after what was taken, never before: the oldest arrival is now unknown, so it is due.
    this.oldestArrival = this.waiting.length > 0 ? -Infinity : Infinity;
    this.writing = this.options.write(taken).then(
      () => taken.forEach((group) => group.done.resolve()),
      (error) => taken.forEach((group) => group.done.reject(error)),
    ).finally(() => {
      this.writing = null;
      this.schedule();
    });
  }
}
