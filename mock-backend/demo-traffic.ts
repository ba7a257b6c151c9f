import { createLiveGenerator } from "../fixtures/demo-messages.ts";
import type { MessageStore } from "./message-store.ts";

/**
 * A live trickle of demo messages (about `ratePerSecond` a second, with jitter) so that the throughput
 * indicator and the newest search results move like on a real node.
 */
export class DemoTraffic {
  private timer: ReturnType<typeof setInterval> | undefined;
  private readonly generate = createLiveGenerator(Date.now() & 0xffff);

  constructor(private readonly store: MessageStore, private readonly ratePerSecond: number) {}

  start(): void {
    if (this.ratePerSecond <= 0 || this.timer !== undefined) return;
    this.timer = setInterval(() => {
      const count = Math.max(0, Math.round(this.ratePerSecond * (0.5 + Math.random())));
      const now = Date.now();
      const messages = Array.from({ length: count }, (_, i) => this.generate(now - 1000 + Math.floor((i * 1000) / count)));
      this.store.ingest(messages).catch((error) => console.error("Demo traffic could not be written", error));
    }, 1000);
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }
}
