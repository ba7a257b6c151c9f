import type { DuckDBConnection } from "@duckdb/node-api";
import type { Database } from "../database.ts";
import type { ExtraField } from "./field-registry.ts";
import type { IndexRotation, IndexSet } from "./index-sets.ts";
import type { StreamRouter } from "./stream-router.ts";
import type { UlidFactory } from "./ulid.ts";

/**
 * Told, inside the transaction that stores a batch, how many messages were taken into it (before any processor
 * dropped some): what commits with the batch (an import's ledger) commits with it or not at all.
 */
export type BatchWrittenHook = (connection: DuckDBConnection, messages: number) => Promise<void>;

/** What `MessageStore.bulkIngest` lends a bulk insert computed in SQL: the store's state, to read and to update. */
export interface BulkIngestAccess {
  db: Database;
  nodeId: string;
  /** Messages per insert (MessageStoreOptions.batchSize); each batch is sorted by time on its own. */
  batchSize: number;
  /** `gl2_source_input` of messages that name no input. */
  importInputId: string;
  router: StreamRouter;
  indexSets: ReadonlyMap<string, IndexSet>;
  defaultIndexSetId(): string;
  rotation: IndexRotation;
  /** Extra fields by name (read only: add through `addField` after its column exists). */
  extras: ReadonlyMap<string, ExtraField>;
  addField(field: ExtraField): void;
  /** Records that `field` occurs in `index` for `stream`; true when that is new. */
  markPresent(index: string, field: string, stream: string): boolean;
  ulids: UlidFactory;
  /** Counts written messages and rows (meters, term index). */
  written(messages: number, rows: number): void;
}
