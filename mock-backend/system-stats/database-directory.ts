import { tmpdir } from "node:os";
import { dirname, resolve } from "node:path";

/** The directory the database writes: the file's, or for an in-memory database the temporary directory DuckDB spills to. */
export function databaseDirectory(databasePath: string): string {
  return databasePath === ":memory:" || databasePath === "" ? tmpdir() : dirname(resolve(databasePath));
}
