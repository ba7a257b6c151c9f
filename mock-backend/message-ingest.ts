import type { DemoMessage } from "../fixtures/demo-messages.ts";
import type { Database } from "./database.ts";
import type { MetricRegistry } from "./metric-registry.ts";

/**
 * Writes messages to the store in batches, counting them on the throughput meters. A batch goes through a
 * temporary NDJSON file read by DuckDB's own JSON reader: measured ~0.5 s per 200k rows, where the row
 * appender of @duckdb/node-api under Deno stalled for tens of seconds at random batches.
 */
export class MessageIngest {
  constructor(private readonly db: Database, private readonly registry: MetricRegistry) {}

  /** Appends `messages` (in time order) and returns how many were written. */
  async write(messages: Iterable<DemoMessage>, batchSize = 50_000): Promise<number> {
    let written = 0;
    let batch: DemoMessage[] = [];
    for (const message of messages) {
      batch.push(message);
      if (batch.length >= batchSize) {
        written += await this.writeBatch(batch);
        batch = [];
      }
    }
    if (batch.length > 0) written += await this.writeBatch(batch);
    return written;
  }

  private async writeBatch(batch: DemoMessage[]): Promise<number> {
    this.registry.input.mark(batch.length);
    const path = await Deno.makeTempFile({ prefix: "sluice-ingest-", suffix: ".ndjson" });
    try {
      const lines = batch.map((m) =>
        JSON.stringify({ _id: m.id, ts: m.timestamp, source: m.source, message: m.message, level: m.level, facility: m.facility, streams: m.streams, fields: JSON.stringify(m.fields) })
      );
      await Deno.writeTextFile(path, lines.join("\n"));
      await this.db.run(
        `INSERT INTO messages
         SELECT _id, make_timestamp(ts * 1000), source, message, level, facility, streams, fields
         FROM read_ndjson(?, columns = {_id: 'VARCHAR', ts: 'BIGINT', source: 'VARCHAR', message: 'VARCHAR',
           level: 'INTEGER', facility: 'VARCHAR', streams: 'VARCHAR[]', fields: 'VARCHAR'})`,
        [path],
      );
    } finally {
      await Deno.remove(path).catch(() => {});
    }
    this.registry.output.mark(batch.length);
    return batch.length;
  }
}
