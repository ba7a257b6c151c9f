import type { Database, SqlParams } from "../../mock-backend/database.ts";

/** One statement the database ran: its SQL, parameters, and start and end (performance.now()). */
export interface ObservedStatement {
  sql: string;
  params: SqlParams;
  start: number;
  end: number;
}

/**
 * Calls `observe` after every statement `db` runs through `all` (rows as objects) or `table` (pages of messages
 * as column arrays, MessageStore.readMessages), failed ones too: measure scripts time the engine's statements so.
 */
export function observeStatements(db: Database, observe: (statement: ObservedStatement) => void): void {
  const timed =
    <R>(run: (sql: string, params?: SqlParams) => Promise<R>) =>
    async (sql: string, params: SqlParams = []): Promise<R> => {
      const start = performance.now();
      try {
        return await run(sql, params);
      } finally {
        observe({ sql, params, start, end: performance.now() });
      }
    };
  db.all = timed(db.all.bind(db)) as typeof db.all;
  db.table = timed(db.table.bind(db));
}
