import type { SqlPredicate } from "./search-context.ts";

/**
 * Messages of any of `streams` (null = every stream). An OR of `list_contains` measured several times faster
 * than `list_has_any` on DuckDB.
 */
export function streamPredicate(streams: readonly string[] | null): SqlPredicate {
  if (streams === null) return { sql: "TRUE", params: [] };
  if (streams.length === 0) return { sql: "FALSE", params: [] };
  return { sql: `(${streams.map(() => "list_contains(streams, ?)").join(" OR ")})`, params: [...streams] };
}

/** Joins predicates with AND, keeping their parameters in order. */
export function allOf(...parts: SqlPredicate[]): SqlPredicate {
  const relevant = parts.filter((part) => part.sql !== "TRUE");
  if (relevant.length === 0) return { sql: "TRUE", params: [] };
  return { sql: relevant.map((part) => `(${part.sql})`).join(" AND "), params: relevant.flatMap((part) => part.params) };
}

/** Messages in [from, to] (UTC ms, inclusive): zone maps on `timestamp` prune everything else. */
export function timePredicate(from: number, to: number): SqlPredicate {
  return { sql: "timestamp BETWEEN epoch_ms(?::BIGINT) AND epoch_ms(?::BIGINT)", params: [from, to] };
}
