import { z } from "@hono/zod-openapi";

/** Graylog's ProcessingStatusSummary: when the newest message was received, processed and indexed. */
export const ProcessingStatusSummarySchema = z
  .object({
    receive_times: z.object({ pre_journal: z.string(), post_processing: z.string(), post_indexing: z.string() }),
  })
  .openapi("ProcessingStatusSummary");

export type ProcessingStatusSummary = z.infer<typeof ProcessingStatusSummarySchema>;

/** Message processing of this node: paused messages wait (as in Graylog's journal) and are processed on resume. */
export interface ProcessingControl {
  isProcessing(): boolean;
  pause(): Promise<void>;
  resume(): Promise<void>;
  status(): ProcessingStatusSummary;
  /** The status as last written to the database; null before any was. */
  persistedStatus(): Promise<ProcessingStatusSummary | null>;
}
