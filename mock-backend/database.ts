import { DuckDBConnection, DuckDBInstance, type DuckDBValue } from "@duckdb/node-api";
import { currentSearchDeadline } from "../shared/search-deadline.ts";

export type SqlParams = DuckDBValue[];
export type Row = Record<string, unknown>;

/** A result as column names and rows of values in their order (Database.table). */
export interface Table {
  columns: string[];
  rows: unknown[][];
}

export interface DatabaseOptions {
  /** A file path, or ":memory:" for a database that lives only as long as the process. */
  path: string;
  threads?: number;
  /** Connections used concurrently; each runs one statement at a time. */
  connections?: number;
}

/**
 * The embedded backend's DuckDB: a small pool of connections, statements only with bound parameters.
 * Nothing outside `mock-backend/` sees DuckDB.
 */
export class Database {
  private readonly idle: DuckDBConnection[] = [];
  private readonly waiting: ((connection: DuckDBConnection) => void)[] = [];
  /** Writes run one after another: concurrent transactions touching one row fail in DuckDB ("Conflict on update"). */
  private writes: Promise<unknown> = Promise.resolve();

  private constructor(private readonly instance: DuckDBInstance, connections: DuckDBConnection[]) {
    this.idle.push(...connections);
  }

  static async open({ path, threads = 2, connections = 4 }: DatabaseOptions): Promise<Database> {
    const instance = await DuckDBInstance.create(path, {
      threads: String(threads),
      // A top-N (the newest 150 messages) reads only its sort keys and fetches the winners' other columns by
      // row id; DuckDB does that only up to 50 rows by default (150 rows with every column: 164 → 45 ms).
      late_materialization_max_rows: "10000",
    });
    const pool = await Promise.all(Array.from({ length: connections }, () => instance.connect()));
    return new Database(instance, pool);
  }

  /** Rows as plain JS values (BIGINT becomes bigint, TIMESTAMP becomes Date, lists become arrays). */
  async all<T extends Row = Row>(sql: string, params: SqlParams = []): Promise<T[]> {
    return await this.withConnection(async (connection) => {
      const reader = await connection.runAndReadAll(sql, params);
      return reader.getRowObjectsJS() as T[];
    });
  }

  /**
   * Rows as arrays of JS values, in the order of `columns`. For wide rows read whole (a page of messages): an
   * object per row with some 45 keys costs more to build and to walk than the rows themselves (150 rows of 44
   * columns: ~1.2 ms of `Object.entries` alone).
   */
  async table(sql: string, params: SqlParams = []): Promise<Table> {
    return await this.withConnection(async (connection) => {
      const reader = await connection.runAndReadAll(sql, params);
      return { columns: reader.columnNames(), rows: reader.getRowsJS() };
    });
  }

  async first<T extends Row = Row>(sql: string, params: SqlParams = []): Promise<T | null> {
    return (await this.all<T>(sql, params))[0] ?? null;
  }

  async run(sql: string, params: SqlParams = []): Promise<void> {
    await this.serialized(() => this.withConnection((connection) => connection.run(sql, params)));
  }

  /**
   * Rows in chunks as DuckDB produces them (each a list of JS value arrays), holding one connection until the
   * consumer finishes or stops: results are never held in memory as a whole.
   */
  async *stream(sql: string, params: SqlParams = []): AsyncGenerator<unknown[][]> {
    const connection = this.idle.pop() ?? (await new Promise<DuckDBConnection>((resolve) => this.waiting.push(resolve)));
    try {
      const result = await connection.stream(sql, params);
      for await (const rows of result.yieldRowsJs()) yield rows;
    } finally {
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.idle.push(connection);
    }
  }

  /** A write that returns rows (`… RETURNING`), serialized like `run`. */
  async write<T extends Row = Row>(sql: string, params: SqlParams = []): Promise<T[]> {
    return await this.serialized(() => this.all<T>(sql, params));
  }

  /** Runs `work` inside BEGIN/COMMIT on one connection; rolls back on any error so nothing is half-written. */
  async transaction<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    return await this.serialized(() => this.withConnection(async (connection) => {
      await connection.run("BEGIN TRANSACTION");
      try {
        const result = await work(connection);
        await connection.run("COMMIT");
        return result;
      } catch (error) {
        await connection.run("ROLLBACK");
        throw error;
      }
    }));
  }

  private serialized<T>(work: () => Promise<T>): Promise<T> {
    const result = this.writes.then(work);
    this.writes = result.catch(() => {});
    return result;
  }

  /**
   * Runs `work` on a connection of the pool. Under a search's deadline (shared/search-deadline.ts) a statement is
   * interrupted when the deadline passes, and none starts after it: the search's time-out cuts the work off.
   */
  async withConnection<T>(work: (connection: DuckDBConnection) => Promise<T>): Promise<T> {
    const deadline = currentSearchDeadline();
    deadline?.throwIfAborted();
    const connection = this.idle.pop() ?? (await new Promise<DuckDBConnection>((resolve) => this.waiting.push(resolve)));
    const interrupt = () => connection.interrupt();
    deadline?.addEventListener("abort", interrupt);
    try {
      deadline?.throwIfAborted();
      return await work(connection);
    } catch (error) {
      throw deadline?.aborted ? deadline.reason : error;
    } finally {
      deadline?.removeEventListener("abort", interrupt);
      const next = this.waiting.shift();
      if (next) next(connection);
      else this.idle.push(connection);
    }
  }

  close(): void {
    for (const connection of this.idle) connection.closeSync();
    this.idle.length = 0;
    this.instance.closeSync();
  }
}
