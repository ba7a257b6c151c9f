/** A DuckDB identifier in double quotes (embedded quotes doubled): the one way column names reach SQL. */
export function quoteIdentifier(name: string): string {
  if (name.length === 0 || name.includes("\u0000")) {
    throw new Error(`Not a valid identifier: ${JSON.stringify(name)}`);
  }
  return `"${name.replaceAll('"', '""')}"`;
}
