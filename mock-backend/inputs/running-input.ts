import type { IngestJournal } from "../ingest/ingest-journal.ts";
import type { MetricRegistry } from "../metric-registry.ts";
import type { IncomingMessage } from "../store/incoming-message.ts";
import { ThroughputMeter } from "../throughput-meter.ts";
import type { InputCodec } from "./codecs/input-codec.ts";
import type { TransportSink } from "./transports/transport.ts";

export interface RunningInputOptions {
  id: string;
  /** The type's class name: the input's metrics are named `{type}.{id}.…` as in Graylog. */
  type: string;
  codec: InputCodec;
  /** Replaces every message's source when set (Graylog's override_source). */
  overrideSource: string | null;
  /**
   * Stores a batch through the ingest chain with this input's static fields and extractors (`arrivedAt`: when its
   * oldest message arrived, performance.now(); the store gathers batches of all inputs, store/batch-coalescing.ts).
   */
  ingest(messages: IncomingMessage[], arrivedAt: number): Promise<void>;
  registry?: MetricRegistry;
  /** How long received messages wait before they are handed to the store, which gathers them further (ms). */
  flushIntervalMs?: number;
  /** Messages held before stream transports pause reading (back-pressure). */
  backlogLimit?: number;
  /**
   * Where the frames it acknowledges go before the acknowledgement (ingest-journal.ts): what it holds uncommitted is
   * taken again at construction. Without one, an acknowledgement waits until the message is stored.
   */
  journal?: IngestJournal;
}

/**
 * A listening input between its transport and the ingest chain: decodes frames, counts what it received and
 * dropped (with the last reason), and hands messages to the store in batches, which the store gathers further.
 */
export class RunningInput implements TransportSink {
  readonly incoming = new ThroughputMeter();
  readBytesTotal = 0;
  openConnections = 0;
  totalConnections = 0;
  malformedTotal = 0;
  lastMalformedReason: string | null = null;
  /** Messages lost because the store refused a batch (never expected; counted so it would show). */
  failedToStore = 0;
  private buffer: IncomingMessage[] = [];
  /** Settles when the messages in `buffer` are stored (true) or refused (false). */
  private bufferStored = Promise.withResolvers<boolean>();
  private inFlight = 0;
  /** Whether the last batch handed to the store was stored. */
  private lastBatchStored = true;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private flushing: Promise<void> = Promise.resolve();
  private drainWaiters: (() => void)[] = [];
  /** When the oldest message in `buffer` arrived (performance.now()). */
  private bufferArrivedAt = 0;
  /** The journal sequence of the newest message in `buffer` (0: none journaled). */
  private bufferSequence = 0;
  /** Settles once the newest journaled frame is on disk. */
  private lastDurable: Promise<void> = Promise.resolve();
  /** Set when the store refused a batch: its frames stay uncommitted in the journal, to be stored at the next start. */
  private holdCommits = false;
  /** The newest stored journal sequence, and the commit of it in progress. */
  private commitSequence = 0;
  private committing: Promise<void> | null = null;

  constructor(private readonly options: RunningInputOptions) {
    const prefix = `${options.type}.${options.id}`;
    options.registry?.register(`${prefix}.incomingMessages`, { type: "meter", meter: this.incoming });
    options.registry?.register(`${prefix}.read_bytes_total`, { type: "counter", count: () => this.readBytesTotal });
    options.registry?.register(`${prefix}.open_connections`, { type: "gauge", value: () => this.openConnections });
    options.registry?.register(`${prefix}.total_connections`, { type: "gauge", value: () => this.totalConnections });
    options.registry?.register(`${prefix}.malformedMessages`, { type: "counter", count: () => this.malformedTotal });
    // What was acknowledged before a crash or a stop but never stored is stored now.
    for (const journaled of options.journal?.uncommitted() ?? []) {
      const result = options.codec.decode(journaled.frame, journaled.remoteIp, Date.now());
      if (result.kind === "message") this.accept(result.message, journaled.sequence);
    }
  }

  frame(bytes: Uint8Array, remoteIp: string): string | null {
    const result = this.options.codec.decode(bytes, remoteIp, Date.now());
    switch (result.kind) {
      case "pending":
        return null;
      case "malformed":
        this.malformed(result.reason);
        return result.reason;
      case "message": {
        const journaled = this.options.journal?.append(bytes, remoteIp);
        if (journaled) this.lastDurable = journaled.durable;
        this.accept(result.message, journaled?.sequence ?? 0);
        return null;
      }
    }
  }

  malformed(reason: string): void {
    this.malformedTotal++;
    this.lastMalformedReason = reason;
  }

  readBytes(count: number): void {
    this.readBytesTotal += count;
  }

  connectionOpened(): void {
    this.openConnections++;
    this.totalConnections++;
  }

  connectionClosed(): void {
    this.openConnections--;
  }

  backlogged(): boolean {
    return this.buffer.length + this.inFlight >= (this.options.backlogLimit ?? 50_000);
  }

  whenDrained(resume: () => void): void {
    this.drainWaiters.push(resume);
  }

  stored(): Promise<boolean> {
    if (this.buffer.length === 0) return this.flushing.then(() => this.lastBatchStored);
    // A sender waits: its message is handed to the store with the buffer, within flushIntervalMs.
    return this.bufferStored.promise;
  }

  acknowledgeable(): Promise<boolean> {
    if (!this.options.journal) return this.stored();
    return this.lastDurable.then(() => true, (error) => {
      console.error(`Input ${this.options.id} could not journal a message`, error);
      return false;
    });
  }

  /** Resolves once every message received so far is stored. */
  async settled(): Promise<void> {
    while (this.buffer.length > 0 || this.inFlight > 0) {
      this.flushNow();
      await this.flushing;
    }
  }

  /** Stores what is still buffered and forgets the input's metrics. */
  async close(): Promise<void> {
    clearTimeout(this.timer);
    await this.settled();
    await this.committing;
    await this.options.journal?.close();
    this.options.registry?.unregister(`${this.options.type}.${this.options.id}.`);
  }

  private accept(message: IncomingMessage, sequence: number): void {
    if (sequence > 0) this.bufferSequence = sequence;
    if (this.buffer.length === 0) this.bufferArrivedAt = performance.now();
    message.inputId = this.options.id;
    if (this.options.overrideSource) message.source = this.options.overrideSource;
    this.buffer.push(message);
    this.incoming.mark();
    this.timer ??= setTimeout(() => this.flushNow(), this.options.flushIntervalMs ?? 10);
  }

  private flushNow(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.buffer.length === 0) return;
    const batch = this.buffer;
    const stored = this.bufferStored;
    const sequence = this.bufferSequence;
    const arrivedAt = this.bufferArrivedAt;
    this.buffer = [];
    this.bufferSequence = 0;
    this.bufferStored = Promise.withResolvers<boolean>();
    this.inFlight += batch.length;
    // Handed to the store at once: batches waiting there go in one store write (store/batch-coalescing.ts). Their
    // outcomes are taken in order, so that the journal is committed only up to what is stored.
    const storing = this.options.ingest(batch, arrivedAt).then(() => null, (error: unknown) => ({ error }));
    this.flushing = this.flushing.then(async () => {
      const refused = await storing;
      if (refused) {
        this.failedToStore += batch.length;
        this.lastBatchStored = false;
        this.holdCommits = true;
        console.error(`Input ${this.options.id} could not store ${batch.length} messages`, refused.error);
      } else {
        this.lastBatchStored = true;
        if (sequence > 0 && !this.holdCommits) this.commit(sequence);
      }
      stored.resolve(this.lastBatchStored);
      this.inFlight -= batch.length;
      if (!this.backlogged()) for (const resume of this.drainWaiters.splice(0)) resume();
    });
  }

  /** Commits the journal up to `sequence`, stored; batches stored while a commit runs are committed by one more. */
  private commit(sequence: number): void {
    this.commitSequence = sequence;
    this.committing ??= (async () => {
      for (let committed = 0; committed < this.commitSequence;) {
        committed = this.commitSequence;
        await this.options.journal?.commit(committed);
      }
      this.committing = null;
    })();
  }
}
