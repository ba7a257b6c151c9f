import type { Database } from "../database.ts";
import { keywordValuesSql } from "../search/keyword-values.ts";
import { HOT_KEYWORD_VALUE_FIELDS } from "./field-registry.ts";
import { quoteIdentifier } from "./sql-text.ts";
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
 * Analysed text (`message`, `full_message`) is searched through `…_terms`: its lower-case tokens joined by
 * single spaces, with a space before and after (` a b c `). Measured on 1M messages (2 threads, 1 day / 7 days):
 * a term 20 / 164 ms against 45 / 226 ms with a `VARCHAR[]` token list and `list_contains`, a phrase 23 / 124
 * against 60 / 338, a prefix 38 / 194 against 99 / 412 (bench/measure/token-strategies.ts measured the same
 * direction before). At 10M messages a day's scan is 115–245 ms, so terms also have postings, written after
 * ingest (store/term-index.ts).
 *
 * `keyword_values` holds the values of the exact keyword fields (search/keyword-values.ts), so that a bare term,
 * which searches every string field, tests one column instead of one per field.
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
     message_terms VARCHAR NOT NULL,
     full_message VARCHAR,
     full_message_terms VARCHAR,
     keyword_values VARCHAR,
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

/** Databases written before the message store had its own design held demo messages only: start them afresh. */
export async function migrateMessageStore(db: Database): Promise<void> {
  const columns = await db.all<{ column_name: string }>(
    "SELECT column_name FROM information_schema.columns WHERE table_name = 'messages'",
  );
  if (columns.length > 0 && !columns.some((column) => column.column_name === "index_name")) {
    await db.run("DROP TABLE messages");
    return;
  }
  // Token lists became token texts: convert in place.
  const names = new Set(columns.map((column) => column.column_name));
  for (const [list, text] of [["message_tokens", "message_terms"], ["full_message_tokens", "full_message_terms"]]) {
    if (!names.has(list)) continue;
    await db.run(`ALTER TABLE messages ADD COLUMN IF NOT EXISTS ${text} VARCHAR`);
    await db.run(
      `UPDATE messages SET ${text} = ' ' || array_to_string(${list}, ' ') || ' ' WHERE ${list} IS NOT NULL`,
    );
    await db.run(`ALTER TABLE messages DROP COLUMN ${list}`);
  }
  if (columns.length > 0 && !names.has("keyword_values")) await addKeywordValues(db);
}

/** Fills `keyword_values` for rows written before it existed, from the columns it covers. */
async function addKeywordValues(db: Database): Promise<void> {
  const extras = await db.all<{ column_name: string }>(
    "SELECT column_name FROM message_fields WHERE type = 'string' ORDER BY name",
  ).catch(() => []);
  const columns = [...HOT_KEYWORD_VALUE_FIELDS, ...extras.map((extra) => extra.column_name)].map(quoteIdentifier);
  await db.run("ALTER TABLE messages ADD COLUMN keyword_values VARCHAR");
  await db.run(`UPDATE messages SET keyword_values = ${keywordValuesSql(columns)}`);
}
