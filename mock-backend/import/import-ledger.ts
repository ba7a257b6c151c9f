import { createHash } from "node:crypto";
import type { DuckDBConnection } from "@duckdb/node-api";
import type { Database } from "../database.ts";
import type { ImportOptions } from "./import-report.ts";

/**
 * The import ledger (issue 22 item 3): how far an import of given files has come, written in the same transaction
 * as each batch it counts, so that a killed import leaves whole batches and a ledger that agrees with them. Run
 * again on the same files, an import skips what the ledger counts: a finished import adds nothing, a killed one
 * goes on after its last whole batch. Progress is counted in accepted messages in file order, which is what both
 * import paths batch by (a batch is the next `batchSize` of them).
 */
export const IMPORT_LEDGER_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS import_ledger (
     import_key VARCHAR PRIMARY KEY, files VARCHAR NOT NULL, messages BIGINT NOT NULL, completed BOOLEAN NOT NULL,
     updated_at TIMESTAMP NOT NULL)`,
];

/** What the ledger holds for one import: messages stored so far, and whether the import ran to its end. */
export interface LedgerProgress {
  messages: number;
  completed: boolean;
}

/** One import's entry in the ledger: read when opened, then advanced batch by batch inside the batches' transactions. */
export class ImportLedger {
  private constructor(
    private readonly db: Database,
    private readonly key: string,
    private readonly files: string,
    /** What earlier runs of this import stored, as the ledger held it when this run began. */
    readonly earlier: LedgerProgress,
  ) {}

  /**
   * The entry of these files' contents imported in this format with these options: the same bytes imported the
   * same way are the same import, wherever the files lie and whatever their names.
   */
  static async open(db: Database, options: Pick<ImportOptions, "format" | "files" | "stream" | "year">): Promise<ImportLedger> {
    const hash = createHash("sha256");
    hash.update(JSON.stringify({ format: options.format, stream: options.stream ?? null, year: options.year ?? null }));
    for (const file of options.files) {
      hash.update(`\0${Deno.statSync(file).size}\0`);
      for await (const chunk of (await Deno.open(file)).readable) hash.update(chunk);
    }
    const key = hash.digest("hex");
    const [row] = await db.all<{ messages: bigint; completed: boolean }>(
      "SELECT messages, completed FROM import_ledger WHERE import_key = ?",
      [key],
    );
    const earlier = row ? { messages: Number(row.messages), completed: row.completed } : { messages: 0, completed: false };
    return new ImportLedger(db, key, options.files.join("\n"), earlier);
  }

  /** Counts `messages` more as stored; run inside the transaction that stores them. */
  async advance(connection: DuckDBConnection, messages: number): Promise<void> {
    await connection.run(
      `INSERT INTO import_ledger VALUES (?, ?, ?, false, now())
       ON CONFLICT (import_key) DO UPDATE SET messages = import_ledger.messages + excluded.messages, updated_at = now()`,
      [this.key, this.files, messages],
    );
  }

  /** Marks the import as run to its end: running it again adds nothing. */
  async complete(): Promise<void> {
    await this.db.run(
      `INSERT INTO import_ledger VALUES (?, ?, 0, true, now())
       ON CONFLICT (import_key) DO UPDATE SET completed = true, updated_at = now()`,
      [this.key, this.files],
    );
  }
}
