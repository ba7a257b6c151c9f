import type { SqlParam } from "../query/mod.ts";

/** SQL text with its bound parameters (`?` in order), as the search code's predicates and compiled queries are. */
export interface SqlText {
  sql: string;
  params: readonly SqlParam[];
}

/**
 * Concatenates statement pieces: strings are our own SQL text (never user input), objects bring their text and
 * parameters along. The query compiler's and the search code's predicates are plain objects, which the `sql`
 * template of the compiler would bind as one value, so statements around them are put together here.
 */
export function concatSql(...parts: (string | SqlText)[]): SqlText {
  return {
    sql: parts.map((part) => (typeof part === "string" ? part : part.sql)).join(""),
    params: parts.flatMap((part) => (typeof part === "string" ? [] : [...part.params])),
  };
}

/** One bound value. */
export function bind(value: SqlParam): SqlText {
  return { sql: "?", params: [value] };
}

/** Pieces joined by `separator`. */
export function joinSql(parts: readonly SqlText[], separator: string): SqlText {
  return {
    sql: parts.map((part) => part.sql).join(separator),
    params: parts.flatMap((part) => [...part.params]),
  };
}
