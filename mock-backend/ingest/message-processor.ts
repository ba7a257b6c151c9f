import type { MessageBatch } from "./message-batch.ts";

/**
 * The processors between the codec and the index set, each governed by one of Graylog's message processors
 * (api/schemas/message-processors.ts), which set their order and enablement. A closed set: ingest-chain.ts has a
 * definition for each.
 */
export type MessageProcessorKind = "static_fields" | "extractors" | "stream_rules" | "pipelines";

/** Every step of the chain, in the order a message passes them when the configuration keeps Graylog's default. */
export type IngestStep = "codec" | MessageProcessorKind | "index_set" | "outputs" | "store";

/** One step of the chain that works on whole batches (a call per batch, never per message). */
export interface BatchProcessor {
  readonly kind: MessageProcessorKind | "index_set" | "outputs";
  /**
   * Why this processor must see every message in JavaScript, or null when it has nothing to do that the DuckDB
   * fast path (import/sql-import.ts) does not do as well. The fast path is taken only when every enabled processor
   * says null.
   */
  readonly javaScriptWork: string | null;
  process(batch: MessageBatch): void;
}
