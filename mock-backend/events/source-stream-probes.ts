import type { Database } from "../database.ts";
import type { CatalogScope } from "../message-store.ts";
import type { QueryNode } from "../query/mod.ts";
import type { SqlPredicate } from "../search/search-context.ts";
import { allOf, timePredicate } from "../search/stream-predicate.ts";
import type { EvaluationWindow } from "./aggregation-windows.ts";
import { requiredFields } from "./required-fields.ts";
import { ALWAYS_PRESENT } from "../store/field-registry.ts";
import { bind, concatSql, type SqlText } from "./sql-text.ts";

/** What probing needs to know of the store besides the database. */
export interface StreamKnowledge {
  db: Database;
  /** The streams a result's messages may be in: the definition's, or every message stream. */
  candidates: readonly string[];
  /** For each field, the indices holding messages with it in `scope`'s streams and time range (MessageStore.fieldIndices). */
  fieldIndices: (scope: CatalogScope) => ReadonlyMap<string, readonly string[]>;
}

/** A result whose source streams are asked for: its window and the group-by predicate of its key. */
export interface ProbedResult {
  window: EvaluationWindow;
  /** `CAST(field AS VARCHAR) = value` for each group-by field; TRUE without group-by. */
  key: SqlText;
}

/**
 * Most probes one evaluation runs; past that (a catch-up over many windows) one scan of the matching messages'
 * stream lists is cheaper, and the caller does that instead.
 */
export const MAX_PROBES = 48;

/**
 * The source streams of each result (in `of` order, each sorted), found without reading every matching message's
 * stream list: that read cost 2–3× the aggregation itself on 1M messages in one window (bench/event-evaluation.ts).
 * A stream is left out at once when its messages in the window never have a field the query needs (the store's
 * field presence, kept at ingest); every other stream is asked whether one matching message of the result is in it,
 * which stops at the first such message (a stream holding many of them answers after reading a few). Null when that
 * would take more than MAX_PROBES probes.
 */
export async function probeSourceStreams(
  knowledge: StreamKnowledge,
  query: QueryNode,
  selection: SqlPredicate,
  of: readonly ProbedResult[],
): Promise<string[][] | null> {
  const needed = requiredFields(query);
  const plausible = new Map<number, string[]>();
  for (const { window } of of) {
    if (!plausible.has(window.k)) plausible.set(window.k, plausibleStreams(knowledge, needed, window));
  }
  const probes = of.reduce((sum, result) => sum + plausible.get(result.window.k)!.length, 0);
  if (probes > MAX_PROBES) return null;
  return await Promise.all(of.map(async (result) => {
    const where = concatSql(allOf(timePredicate(result.window.from, result.window.to), selection), " AND ", result.key);
    const found = await Promise.all(plausible.get(result.window.k)!.map(async (stream) => {
      const probe: SqlText = concatSql(
        "SELECT 1 AS hit FROM messages WHERE ",
        where,
        " AND list_contains(streams, ",
        bind(stream),
        ") LIMIT 1",
      );
      const rows = await knowledge.db.all(probe.sql, [...probe.params]);
      return rows.length > 0 ? [stream] : [];
    }));
    return found.flat().sort();
  }));
}

/**
 * The candidates that may hold a match in the window: those whose messages there have every needed field. Only
 * fields the store tracks per stream decide (not those every message has, nor one it does not know at all, such
 * as `_id`); index ranges are coarser than the window, so a stream is kept whenever it might hold a match.
 */
function plausibleStreams(knowledge: StreamKnowledge, needed: ReadonlySet<string>, window: EvaluationWindow): string[] {
  const range = { from: window.from, to: window.to };
  const known = knowledge.fieldIndices(range);
  const decisive = [...needed].filter((field) => known.has(field) && !UNTRACKED.has(field));
  if (decisive.length === 0) return [...knowledge.candidates];
  return knowledge.candidates.filter((stream) => {
    const fields = knowledge.fieldIndices({ ...range, streams: [stream] });
    return decisive.every((field) => (fields.get(field) ?? []).length > 0);
  });
}

/** Fields the store does not track per stream (every message has them). */
const UNTRACKED = new Set([...ALWAYS_PRESENT, "streams"]);
