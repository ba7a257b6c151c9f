import type { ProcessingControl, ProcessingStatusSummary } from "../../api/schemas/processing.ts";
import type { Database } from "../database.ts";
import type { ProcessingGate } from "./processing-gate.ts";

export const PROCESSING_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS processing_status (
     id INTEGER PRIMARY KEY, paused BOOLEAN NOT NULL, pre_journal TIMESTAMP NOT NULL, post_processing TIMESTAMP NOT NULL,
     post_indexing TIMESTAMP NOT NULL, updated_at TIMESTAMP NOT NULL)`,
];

type StatusRow = { paused: boolean; pre_journal: Date; post_processing: Date; post_indexing: Date };

export interface ProcessingControlOptions {
  /** Told when processing is paused or resumed (a system message). */
  changed?: (processing: boolean) => void;
  /** Told of each processed batch (a debug line of the server log). */
  processedBatch?: (messages: number) => void;
  /** How often the receive times are written to the database (Graylog: every second). */
  persistEveryMs?: number;
}

/**
 * Pausing and resuming message processing on this node, and its receive times. The paused state is stored, so a
 * node paused before a restart starts paused; batches that arrive meanwhile wait in memory, in order.
 */
export class EmbeddedProcessingControl implements ProcessingControl, ProcessingGate {
  private paused = false;
  private resumed: Promise<void> = Promise.resolve();
  private release: () => void = () => {};
  /** The last batch admitted or waiting: later ones wait behind it. */
  private waiting: Promise<unknown> = Promise.resolve();
  private waitingCount = 0;
  private times = { preJournal: 0, postProcessing: 0, postIndexing: 0 };
  private dirty = false;
  private readonly timer: ReturnType<typeof setInterval>;

  private constructor(private readonly db: Database, private readonly options: ProcessingControlOptions) {
    this.timer = setInterval(() => void this.persistIfChanged(), options.persistEveryMs ?? 5_000);
  }

  static async open(db: Database, options: ProcessingControlOptions = {}): Promise<EmbeddedProcessingControl> {
    const control = new EmbeddedProcessingControl(db, options);
    const row = await db.first<StatusRow>("SELECT * FROM processing_status WHERE id = 1");
    if (row) {
      control.times = { preJournal: row.pre_journal.getTime(), postProcessing: row.post_processing.getTime(), postIndexing: row.post_indexing.getTime() };
      if (row.paused) control.hold();
    }
    return control;
  }

  isProcessing(): boolean {
    return !this.paused;
  }

  async pause(): Promise<void> {
    if (this.paused) return;
    this.hold();
    await this.persist();
    this.options.changed?.(false);
  }

  async resume(): Promise<void> {
    if (!this.paused) return;
    this.paused = false;
    this.release();
    await this.persist();
    this.options.changed?.(true);
  }

  admit<T>(work: () => Promise<T>): Promise<T> {
    if (!this.paused && this.waitingCount === 0) return work();
    this.waitingCount++;
    const gate = this.waiting.then(() => this.resumed);
    this.waiting = gate;
    return gate.then(() => {
      this.waitingCount--;
      return work();
    });
  }

  received(): void {
    this.times.preJournal = Date.now();
    this.dirty = true;
  }

  processed(messages: number): void {
    this.options.processedBatch?.(messages);
    const now = Date.now();
    this.times.postProcessing = now;
    this.times.postIndexing = now;
    this.dirty = true;
  }

  status(): ProcessingStatusSummary {
    return summary(this.times);
  }

  async persistedStatus(): Promise<ProcessingStatusSummary | null> {
    const row = await this.db.first<StatusRow>("SELECT * FROM processing_status WHERE id = 1");
    return row
      ? summary({ preJournal: row.pre_journal.getTime(), postProcessing: row.post_processing.getTime(), postIndexing: row.post_indexing.getTime() })
      : null;
  }

  /**
   * Writes the status one last time and stops the timer; batches still waiting are let through so that the
   * shutdown can finish (the stored state stays paused: the node starts paused again).
   */
  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.persistIfChanged();
    this.release();
  }

  private hold(): void {
    this.paused = true;
    this.resumed = new Promise((resolve) => (this.release = resolve));
  }

  private async persistIfChanged(): Promise<void> {
    if (this.dirty) await this.persist().catch(() => {});
  }

  private async persist(): Promise<void> {
    this.dirty = false;
    const at = (ms: number) => new Date(ms).toISOString();
    await this.db.run(
      `INSERT INTO processing_status VALUES (1, ?, ?::TIMESTAMP, ?::TIMESTAMP, ?::TIMESTAMP, current_timestamp::TIMESTAMP)
       ON CONFLICT (id) DO UPDATE SET paused = excluded.paused, pre_journal = excluded.pre_journal,
         post_processing = excluded.post_processing, post_indexing = excluded.post_indexing, updated_at = excluded.updated_at`,
      [this.paused, at(this.times.preJournal), at(this.times.postProcessing), at(this.times.postIndexing)],
    );
  }
}

function summary(times: { preJournal: number; postProcessing: number; postIndexing: number }): ProcessingStatusSummary {
  const at = (ms: number) => new Date(ms).toISOString();
  return { receive_times: { pre_journal: at(times.preJournal), post_processing: at(times.postProcessing), post_indexing: at(times.postIndexing) } };
}
