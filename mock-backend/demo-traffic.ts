import { createLiveGenerator } from "../fixtures/demo-messages.ts";
import type { MessageStore } from "./message-store.ts";
import type { IncomingMessage } from "./store/incoming-message.ts";

/**
 * A live trickle of demo messages (about `ratePerSecond` a second, with jitter) so that the throughput
 * indicator and the newest search results move like on a real node.
 *
 * At most one write of demo messages waits in the store's ingest queue: what is generated meanwhile goes with the
 * next one. A write a second whatever the store's pace queued without bound when a write took longer than a second
 * (a busy machine: 1–8 s for 3–7 messages), and every message sent to an input waited behind that queue: 400 s
 * after 7 minutes of running (the streams e2e's ~90 s "until searchable").
 */
export class DemoTraffic {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly generate = createLiveGenerator(Date.now() & 0xffff);
  /** Generated while a write was in flight. */
  private pending: IncomingMessage[] = [];
  private writing = false;

  constructor(
    private readonly store: Pick<MessageStore, "ingest">,
    private readonly ratePerSecond: number,
  ) {}

  start(): void {
    if (this.ratePerSecond <= 0 || this.timer !== undefined) return;
    this.timer = setInterval(() => {
      const count = Math.max(0, Math.round(this.ratePerSecond * (0.5 + Math.random())));
      const now = Date.now();
      const messages = Array.from({ length: count }, (_, i) => this.generate(now - 1000 + Math.floor((i * 1000) / count)));
      this.pending.push(...messages);
      if (!this.writing) void this.write();
    }, 1000);
  }

  private async write(): Promise<void> {
    this.writing = true;
    try {
      while (this.pending.length > 0) {
        const messages = this.pending;
        this.pending = [];
        await this.store.ingest(messages).catch((error) => console.error("Demo traffic could not be written", error));
      }
    } finally {
      this.writing = false;
    }
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
