/**
 * The two ways text reaches the SQL that ingest builds itself (the rest goes as bound parameters): identifiers in
 * double quotes and string literals in single quotes, embedded quotes doubled. Built SQL (the import's planned
 * statements, batch inserts, stream routing) goes through these alone (tests/unit/store/sql-text.test.ts).
 */

/** A DuckDB identifier in double quotes (embedded quotes doubled): the one way column names reach SQL. */
export function quoteIdentifier(name: string): string {
  if (name.length === 0 || name.includes("\u0000")) {
    throw new Error(`Not a valid identifier: ${JSON.stringify(name)}`);
  }
  return `"${name.replaceAll('"', '""')}"`;
}

/** A DuckDB string literal in single quotes (embedded quotes doubled; backslashes are plain characters in SQL). */
export function quoteLiteral(text: string): string {
  if (text.includes("\u0000")) throw new Error(`A SQL string cannot hold NUL: ${JSON.stringify(text)}`);
  return `'${text.replaceAll("'", "''")}'`;
}
