import { type DuckDBConnection, listValue } from "@duckdb/node-api";
import type { Database } from "../database.ts";
import { type PreparedBatch, HOT_CSV_COLUMNS } from "./batch-preparation.ts";
import { CSV_READ_OPTIONS } from "./csv-batch.ts";
import { addExtraFieldColumn, SQL_TYPES } from "./field-registry.ts";
import { quoteIdentifier, quoteLiteral } from "./sql-text.ts";
import { UPSERT_INDEX_SQL, upsertIndexParams } from "./index-sets.ts";

export interface BatchWriteOptions {
  /** This node's id (`gl2_source_node`). */
  nodeId: string;
  /** `gl2_source_input` of messages that name no input. */
  importInputId: string;
  /** DuckDB threads for a batch of at least one row group (MessageStoreOptions.bulkInsertThreads). */
  bulkInsertThreads: number;
  /** Work that must commit with the batch or not at all (an import's ledger entry: import-ledger.ts). */
  alsoInTransaction?: (connection: DuckDBConnection) => Promise<void>;
}

/** DuckDB's rows per row group. */
const ROW_GROUP_SIZE = 122_880;

/** Adds new columns, inserts the batch and records indices, fields and presence, all in one transaction. */
export async function writeBatch(db: Database, batch: PreparedBatch, options: BatchWriteOptions): Promise<void> {
  try {
    await db.transaction(async (connection) => {
      for (const field of batch.newFields) await addExtraFieldColumn(connection, field);
      for (const field of batch.widened) {
        await connection.run(
          `ALTER TABLE messages ALTER COLUMN ${quoteIdentifier(field.column)} SET DATA TYPE ${
            SQL_TYPES[field.type]
          }`,
        );
        await connection.run("UPDATE message_fields SET type = ? WHERE name = ?", [field.type, field.name]);
      }
      const insert = () => insertBatch(connection, batch, options);
      if (batch.count >= ROW_GROUP_SIZE) {
        await withThreads(connection, options.bulkInsertThreads, insert);
      } else await insert();
      for (const index of batch.indices) {
        await connection.run(UPSERT_INDEX_SQL, upsertIndexParams(index));
      }
      await insertPresence(connection, batch.newPresence);
      await options.alsoInTransaction?.(connection);
    });
  } finally {
    await Deno.remove(batch.path).catch(() => {});
  }
}

async function insertBatch(
  connection: DuckDBConnection,
  batch: PreparedBatch,
  { nodeId, importInputId }: BatchWriteOptions,
): Promise<void> {
  // A date field's value is epoch milliseconds: read as a number, stored as a timestamp.
  const spec = [
    ...HOT_CSV_COLUMNS,
    ...batch.columns.map((field) =>
      [field.column, field.type === "date" ? "BIGINT" : SQL_TYPES[field.type]] as [string, string]
    ),
  ]
    .map(([name, type]) => `${quoteIdentifier(name)}: ${quoteLiteral(type)}`)
    .join(", ");
  const extraList = batch.columns.map((field) =>
    field.type === "date"
      ? `, epoch_ms(${quoteIdentifier(field.column)}) AS ${quoteIdentifier(field.column)}`
      : `, ${quoteIdentifier(field.column)}`
  ).join("");
  await connection.run(
    `INSERT INTO messages BY NAME
     SELECT index_name, _id, epoch_ms(ts) AS timestamp, source, message, full_message,
       level, facility, string_split(streams, chr(31)) AS streams, gl2_message_id, coalesce(gl2_source_input, ?) AS gl2_source_input,
       ?::VARCHAR AS gl2_source_node, gl2_remote_ip,
       epoch_ms(?::BIGINT) AS gl2_receive_timestamp, epoch_ms(?::BIGINT) AS gl2_processing_timestamp,
       size AS gl2_accounted_message_size${extraList}
     FROM read_csv(?, columns = {${spec}}, ${CSV_READ_OPTIONS})`,
    [importInputId, nodeId, batch.receivedAt, batch.receivedAt, batch.path],
  );
}

/**
 * The batch's new (index, field, stream) triples in one statement. One INSERT per triple cost ~75 ms each inside
 * the batch's transaction (bench/stream-routing.ts, 5,000 messages: 403 triples took 31 s of the 40 s ingest with
 * 50 streams, 32 triples 2.3 s without): a message routed to many streams brings a triple per field and stream.
 */
async function insertPresence(connection: DuckDBConnection, triples: readonly [string, string, string][]): Promise<void> {
  if (triples.length === 0) return;
  const column = (position: number) => listValue(triples.map((triple) => triple[position]));
  await connection.run(
    `INSERT OR IGNORE INTO field_presence
     SELECT unnest(?::VARCHAR[]) AS index_name, unnest(?::VARCHAR[]) AS field, unnest(?::VARCHAR[]) AS stream_id`,
    [column(0), column(1), column(2)],
  );
}

/**
 * Runs a bulk insert with `wanted` DuckDB threads (MessageStoreOptions.bulkInsertThreads, default one). Measured
 * on 122,880-row batches (bench/measure/ingest-write-variants.ts, 2 shared cores): two threads spent 13–15 µs CPU
 * per row and 13–25 µs wall, one thread 9 µs CPU and 9–11 µs wall (a batch is one row group: a second thread
 * only splits it), leaving the other core to the preparation of the next batch. `threads` is a global setting: a
 * search running meanwhile gets the same number of threads.
 */
async function withThreads<T>(
  connection: DuckDBConnection,
  wanted: number,
  work: () => Promise<T>,
): Promise<T> {
  const reader = await connection.runAndReadAll("SELECT current_setting('threads')");
  const threads = Number(reader.getRows()[0][0]);
  if (!Number.isInteger(wanted) || wanted < 1 || threads === wanted) return await work();
  await connection.run(`SET threads = ${wanted}`);
  try {
    return await work();
  } finally {
    await connection.run(`SET threads = ${threads}`);
  }
}
