/**
 * What the message store asks before it processes a batch: while processing is paused, batches wait their turn
 * (in arrival order) and are processed once it resumes, as Graylog's journal holds messages while its process
 * buffer is paused. It is also told when messages arrive and when they are stored (the receive times).
 */
export interface ProcessingGate {
  /** Runs `work` now when processing, else once processing resumes, after every batch that arrived before. */
  admit<T>(work: () => Promise<T>): Promise<T>;
  received(): void;
  /** Told when a batch of `messages` was processed and stored. */
  processed(messages: number): void;
}

export const ALWAYS_PROCESSING: ProcessingGate = {
  admit: (work) => work(),
  received: () => {},
  processed: () => {},
};
