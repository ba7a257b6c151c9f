/**
 * When live ingest lets the term index catch up (issue 16 item 8). Indexing after every live batch indexed a few
 * thousand rows at a time, each pass with its own count, statements and commit, and every pass queued in front of the
 * next batch's write: at 5,000-message batches it was about half of the store's time per message
 * (bench/ingest-inputs.ts, RESULTS.md "Inputs: live ingest"). Live rows are now indexed once a block's worth waits or
 * once live batches have paused for `quietMs`, in passes of many batches. Searches are right whatever the index holds
 * (unindexed rows are scanned), and `rowsPerPass` stays below the term index's limit of unindexed rows for lookups.
 */
export class TermIndexingPace {
  private waitingRows = 0;
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly catchUp: () => void,
    private readonly options: { rowsPerPass: number; quietMs: number },
  ) {}

  /** A live batch of `rows` rows was written. */
  written(rows: number): void {
    this.waitingRows += rows;
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.waitingRows >= this.options.rowsPerPass) return this.start();
    this.timer = setTimeout(() => this.start(), this.options.quietMs);
  }

  /** Forgets a pass still waiting for quiet (the store is closing). */
  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private start(): void {
    this.stop();
    this.waitingRows = 0;
    this.catchUp();
  }
}
