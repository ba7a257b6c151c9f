import { addExtraFieldColumn } from "../store/field-registry.ts";
import { quoteIdentifier, quoteLiteral } from "../store/sql-text.ts";
import type { ImportPlanner, InOrderBatch, PlannedBatch } from "./sql-import-planning.ts";
import type { ImportStaging } from "./sql-import-staging.ts";
import { UPSERT_INDEX_SQL, upsertIndexParams } from "../store/index-sets.ts";

/**
 * Batches written by one INSERT (writeBatches): 8 of 122,880 rows give DuckDB's threads several row groups to
 * compress at once, and hold the transaction to about a million rows.
 */
const BATCHES_PER_INSERT = 8;

/**
 * The planned batches' spans [from, to) written by one INSERT each: BATCHES_PER_INSERT at a time, and a rest of up
 * to half as many written with the last span rather than alone: an INSERT of one small batch cost 0.2 s of
 * commit and bookkeeping on about one core (bench/RESULTS.md "Seventh round"). Rows and row ids are the same: one
 * INSERT writes its batches one after the other.
 */
export function insertSpans(batches: number): [number, number][] {
  const spans: [number, number][] = [];
  for (let from = 0; from < batches; from += BATCHES_PER_INSERT) {
    spans.push([from, Math.min(from + BATCHES_PER_INSERT, batches)]);
  }
  const last = spans[spans.length - 1];
  if (spans.length > 1 && last[1] - last[0] <= BATCHES_PER_INSERT / 2) {
    spans.pop();
    spans[spans.length - 1][1] = batches;
  }
  return spans;
}


/**
 * The import's last part (sql-import.ts): planned batches inserted into `messages`, several per INSERT, with their
 * new columns, index ranges and field presence, in one transaction per INSERT; then the store's state updated.
 */
export class ImportWriter {
  constructor(private readonly staging: ImportStaging, private readonly planner: ImportPlanner) {}

  /**
   * Planned batches written in one transaction with one INSERT of their rows, batch after batch (rowsOf), so row
   * ids are what one INSERT per batch gives. One INSERT of several row groups from one scan lets DuckDB compress
   * them on all its threads at once; an INSERT per batch of one row group compressed it on ~1.2 cores.
   */
  async writeBatches(batches: PlannedBatch[]): Promise<void> {
    const access = this.staging.access;
    await access.db.transaction(async (connection) => {
      for (const field of batches.flatMap((batch) => batch.newFields)) {
        await addExtraFieldColumn(connection, field);
      }
      await connection.run(`INSERT INTO messages BY NAME ${this.rowsOf(batches)}`);
      this.staging.stages.mark("insert statement");
      for (const index of batches.flatMap((batch) => batch.touched)) {
        await connection.run(UPSERT_INDEX_SQL, upsertIndexParams(index));
      }
      for (const [index, field, stream] of batches.flatMap((batch) => batch.newPresence)) {
        await connection.run("INSERT OR IGNORE INTO field_presence VALUES (?, ?, ?)", [index, field, stream]);
      }
      // The import's ledger counts these batches in the transaction that stores them (import-ledger.ts).
      await this.staging.options.ledger?.advance(connection, batches.reduce((sum, batch) => sum + batch.count, 0));
      this.staging.stages.mark("bookkeeping rows"); // then the commit
    });
    for (const batch of batches) {
      for (const field of batch.newFields) {
        access.addField({ name: field.name, column: field.column, type: field.type });
        this.planner.plannedFields.delete(field.name);
      }
      access.written(batch.count, batch.rows);
      this.staging.report.stored += batch.count;
    }
  }

  /**
   * The rows of consecutive batches in insertion order. With one index set (the usual import) that is one scan of
   * their lines in `staged`, joined to their token texts (`terms`, by line) and their places (`ranks`, narrow, as
   * the hash tables) and sorted by batch and place, each row's batch then giving its index and ULID: DuckDB runs
   * the scan, the sort and the compression of the row groups it feeds on all its threads, and the wide rows are
   * copied once, by the sort (a sorted copy in a table first, then scanned, cost ~3 µs per line more). Otherwise
   * the batches' own SELECTs one after the other (UNION ALL keeps its branches' order for an order-preserving
   * insert), each on about one thread as before.
   */
  private rowsOf(batches: PlannedBatch[]): string {
    const pieces = batches.map((batch) => batch.inOrder);
    if (!this.planner.sortedIntoBatches || !pieces.every((piece): piece is InOrderBatch => piece !== undefined)) {
      return batches.map((batch) => `(${batch.sql})`).join("\n UNION ALL BY NAME ");
    }
    const access = this.staging.access;
    const first = pieces[0].first;
    const last = pieces[pieces.length - 1].last;
    // One expression where every batch's is the same (`ord`): a CASE of n branches costs every row n tests.
    const per = (of: (piece: InOrderBatch) => string) =>
      pieces.every((piece) => of(piece) === of(pieces[0]))
        ? of(pieces[0])
        : `CASE batch ${pieces.map((piece) => `WHEN ${piece.batch} THEN ${of(piece)}`).join(" ")} END`;
    // Fields become known batch by batch; a batch before a field's first has no value of it.
    const extraList = batches[batches.length - 1].fieldColumns.map((field) =>
      `, ${quoteIdentifier(field.name)} AS ${quoteIdentifier(field.column)}`
    ).join("");
    return `SELECT index_name, _id, epoch_ms(ts) AS timestamp, source, message,
        streams, gl2_message_id,
        ${quoteLiteral(access.importInputId)} AS gl2_source_input, ${quoteLiteral(access.nodeId)} AS gl2_source_node,
        epoch_ms(received_at) AS gl2_receive_timestamp, epoch_ms(received_at) AS gl2_processing_timestamp,
        size AS gl2_accounted_message_size${extraList}
      FROM (
        SELECT *, ${per((piece) => piece.ulid)} AS gl2_message_id,
          ${per((piece) => `${quoteLiteral(piece.prefix)} || ${piece.number}`)} AS index_name
        FROM (
          SELECT *, ${per((piece) => piece.ord)} AS ord, ${
      per((piece) => `${piece.receivedAt}::BIGINT`)
    } AS received_at
          FROM (
            SELECT *, ${pieces[0].streams} AS streams, uuid()::VARCHAR AS _id FROM (
              SELECT q_s.* EXCLUDE (ok, file_no, line_no, js, reason, js_line, reject_text)
                  REPLACE (coalesce(q_s.message_terms, q_t.t) AS message_terms),
                q_k.batch, q_k.q_ord
              FROM ${this.staging.table("staged")} AS q_s
              JOIN (SELECT * FROM ${this.staging.table("ranks")} WHERE batch BETWEEN ${pieces[0].batch} AND ${
      pieces[pieces.length - 1].batch
    }) AS q_k ON q_k.n = q_s.n
              JOIN (SELECT rowid + 1 AS n, t FROM ${this.staging.table("terms")} WHERE rowid BETWEEN ${
      first - 1
    } AND ${last - 1}) AS q_t ON q_t.n = q_s.n
              WHERE q_s.ok AND q_s.n BETWEEN ${first} AND ${last}
              ORDER BY q_k.batch, q_k.q_ord) AS q_sorted
          ) AS q_ready) AS q_placed) AS q_rows`;
  }
}
