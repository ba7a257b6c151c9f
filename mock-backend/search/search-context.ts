import type { Database } from "../database.ts";
import type { MessageStore } from "../message-store.ts";
import type { SqlParam } from "../query/mod.ts";
import type { FieldCatalog } from "./field-catalog.ts";
import type { HitsTable } from "./shared-hits.ts";

/** A WHERE clause over the `messages` table with its bound parameters (`?` in order). */
export interface SqlPredicate {
  sql: string;
  params: SqlParam[];
}

/**
 * Everything a search type needs to run against the message store: the `filter` already restricts time range,
 * streams and the query (so every search type of a query sees the same messages), plus the catalog to resolve
 * field names and the resolved time range for time buckets.
 */
export interface SearchTypeContext {
  db: Database;
  store: MessageStore;
  catalog: FieldCatalog;
  filter: SqlPredicate;
  /** The effective time range, UTC ms inclusive. */
  from: number;
  to: number;
  /** What `now` meant for this search. */
  now: number;
  /**
   * Whether evaluating `filter` per message is expensive: it reads message text, or it is the semi-join over hits
   * shared from such a filter (shared-hits.ts). Then the messages search type reads its page from the few time
   * buckets that hold it; otherwise a top-N over every hit, beside the count, is cheaper. Absent: cheap.
   */
  costlyFilter?: boolean;
  /**
   * When `filter` is the semi-join over hits shared from a text filter (shared-hits.ts): their table (`hit`,
   * `timestamp`) and count. Work that needs only the hits' times reads it instead of the messages.
   */
  sharedHits?: HitsTable;
}
