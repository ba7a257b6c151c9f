import type { Database } from "../database.ts";
import { TERM_INDEX_STATEMENTS } from "./term-index.ts";

/**
 * Tables of the message store. `messages` holds every message of every index (the index is a column, so one
 * scan serves a search over many indices, and zone maps on `timestamp` prune by time because rows are inserted
 * in time order). Hot fields are typed columns; every other field gets its own typed column (`f_…`), added
 * with ALTER TABLE when the field first appears and listed in `message_fields`.
 *
 * Measured before choosing (bench/measure/store-design.ts, 500k messages, file DB, 2 threads): typed columns
 * against a MAP(VARCHAR, VARCHAR) and a JSON column — field:value 13 / 22 / 23 ms, range 3.7 / 26 / 38 ms,
 * top-15 values over 7 days 15 / 101 / 158 ms, `_exists_` 6 / 80 / 89 ms — at the same insert cost.
 * No primary key or ART index: both slow bulk inserts, and zone maps on `timestamp` do the pruning.
 *
 * Nothing derived is stored beside the text it comes from: the analysed text's tokens (store/derived-text.ts)
 * and the keyword fields' values as one text (search/keyword-values.ts) are SQL over the stored columns. Until
 * 2026-11-28 they were columns (`message_terms`, `full_message_terms`, `keyword_values`): 133 of the 285 bytes
 * per message of the table (1M generated messages), while searches read them only where the term index does not
 * answer (bench/RESULTS.md "Storage").
 */
export const MESSAGE_STORE_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS index_sets (
     id VARCHAR PRIMARY KEY, title VARCHAR NOT NULL, description VARCHAR NOT NULL, index_prefix VARCHAR NOT NULL UNIQUE,
     is_default BOOLEAN NOT NULL, max_docs_per_index BIGINT NOT NULL, creation_date TIMESTAMP NOT NULL)`,
  /** Index ranges as Graylog keeps them: what each index holds, for listing and for pruning by time. */
  `CREATE TABLE IF NOT EXISTS indices (
     name VARCHAR PRIMARY KEY, index_set_id VARCHAR NOT NULL, number INTEGER NOT NULL, doc_count BIGINT NOT NULL,
     begin_ms BIGINT, end_ms BIGINT, created_at TIMESTAMP NOT NULL)`,
  /** Rotation, retention and the other settings of an index set as Graylog's IndexSetSummary writes them. */
  `ALTER TABLE index_sets ADD COLUMN IF NOT EXISTS config JSON`,
  `ALTER TABLE indices ADD COLUMN IF NOT EXISTS size_bytes BIGINT DEFAULT 0`,
  /** open, closed (not searched, can be reopened) or deleted (never searched again; rows stay: row ids must not move). */
  `ALTER TABLE indices ADD COLUMN IF NOT EXISTS status VARCHAR DEFAULT 'open'`,
  `CREATE TABLE IF NOT EXISTS message_fields (
     name VARCHAR PRIMARY KEY, column_name VARCHAR NOT NULL UNIQUE, type VARCHAR NOT NULL)`,
  /** Which fields occur in which index for which stream: the basis of the field list for streams and a time range. */
  `CREATE TABLE IF NOT EXISTS field_presence (
     index_name VARCHAR NOT NULL, field VARCHAR NOT NULL, stream_id VARCHAR NOT NULL,
     PRIMARY KEY (index_name, field, stream_id))`,
  `CREATE TABLE IF NOT EXISTS stream_rules (
     id VARCHAR PRIMARY KEY, stream_id VARCHAR NOT NULL, field VARCHAR NOT NULL, type INTEGER NOT NULL,
     value VARCHAR NOT NULL, inverted BOOLEAN NOT NULL, description VARCHAR NOT NULL)`,
  `CREATE TABLE IF NOT EXISTS messages (
     index_name VARCHAR NOT NULL,
     _id VARCHAR NOT NULL,
     timestamp TIMESTAMP NOT NULL,
     source VARCHAR NOT NULL,
     message VARCHAR NOT NULL,
     full_message VARCHAR,
     level BIGINT,
     facility VARCHAR,
     streams VARCHAR[] NOT NULL,
     gl2_message_id VARCHAR NOT NULL,
     gl2_source_input VARCHAR,
     gl2_source_node VARCHAR,
     gl2_remote_ip VARCHAR,
     gl2_receive_timestamp TIMESTAMP,
     gl2_processing_timestamp TIMESTAMP,
     gl2_accounted_message_size BIGINT)`,
  ...TERM_INDEX_STATEMENTS,
];

/** Columns earlier versions stored, each derived from the columns kept (token lists, token texts, keyword values). */
const DERIVED_COLUMNS = [
  "message_tokens",
  "full_message_tokens",
  "message_terms",
  "full_message_terms",
  "keyword_values",
] as const;

/**
 * Databases written before the message store had its own design held demo messages only: start them afresh.
 * Databases of earlier versions lose their derived columns (the term index stays valid: its terms are the same).
 */
export async function migrateMessageStore(db: Database): Promise<void> {
  const columns = await db.all<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'messages'",
  );
  if (columns.length > 0 && !columns.some((column) => column.column_name === "index_name")) {
    await db.run("DROP TABLE messages");
    return;
  }
  const names = new Set(columns.map((column) => column.column_name));
  const dropped = DERIVED_COLUMNS.filter((column) => names.has(column));
  for (const column of dropped) await db.run(`ALTER TABLE messages DROP COLUMN ${column}`);
  // The dropped columns' blocks are free once checkpointed (and are reused by later writes).
  if (dropped.length > 0) await db.run("CHECKPOINT");
}
