import type { Database } from "../database.ts";
import type { NodeKind, QueryNode } from "../query/mod.ts";
import { searchedFields } from "../query/compile-context.ts";
import { definitionOf } from "../query/node-table.ts";
import type { FieldCatalog } from "./field-catalog.ts";
import type { SqlPredicate } from "./search-context.ts";
import { allOf, timePredicate } from "./stream-predicate.ts";
import { SOURCE_FIELD } from "./term-index-source.ts";

/** The table of a query's hits: a row per matching message, its row id `hit` and its `timestamp`. */
export interface HitsTable {
  table: string;
  /** Its rows: the number of hits. */
  count: number;
}

/**
 * Hits shared by the search types of one query: when the query reads message text, its filter is evaluated once
 * into a table of the matching rows' ids and times, and every search type then reads `rowid IN (that table)`
 * instead of evaluating the text predicates again; what needs only the hits' times (the total, where the newest
 * page starts, a histogram of counts) reads the table alone. The search page's job (newest page + total +
 * histogram) evaluated its filter three times; measured on 1M messages (bench/measure/shared-hits.ts, a one-off script kept in git history), a bare term
 * over one day went from 150–240 ms to 90–110 ms, over seven days from 640 to 210 ms, while `http_status:500` over
 * seven days got slower (54 → 79 ms: the semi-join costs more than an integer comparison), so cheap filters keep
 * running as they are.
 *
 * The table lives in an in-memory database attached to the instance (a TEMP table is private to one connection,
 * and the search types run on several of the pool's connections at once). `rowid` is stable here: messages are
 * only ever appended, never deleted or updated after their batch.
 */
export interface SharedHits extends HitsTable {
  /** Time range and `rowid IN (…)`: the same messages as the filter they were taken with. */
  predicate: SqlPredicate;
  /** Drops the table; call once every search type reading `predicate` has finished. */
  release(): Promise<void>;
}

const SCRATCH = "sluice_scratch";

/** Whether a leaf of this kind, as written, compares message text (token texts, LIKE, regular expressions). */
const READS_TEXT: {
  [K in NodeKind]: (node: Extract<QueryNode, { kind: K }>, catalog: FieldCatalog) => boolean;
} = {
  matchAll: () => false,
  exists: () => false,
  // Children decide (below).
  bool: () => false,
  boost: () => false,
  // Equality on keywords and numbers is cheap; analysed fields (and a bare term, which includes them) are not.
  term: (node, catalog) => searchesAnalysed(node.field, catalog),
  phrase: (node, catalog) => searchesAnalysed(node.field, catalog),
  range: (node, catalog) => searchesAnalysed(node.field, catalog),
  wildcard: () => true,
  regex: () => true,
  fuzzy: () => true,
};

/**
 * Whether a leaf on `field` reads analysed text, or `source` through its postings (a semi-join over the term index
 * like a word's: evaluated once into the hits table instead of by the count, the page and the histogram each.
 * `source:web-06.fra.example.net` over 4 hours of 1M messages, the job in the bench process on a loaded machine:
 * about 800 ms of wall time, three semi-joins, issue 21).
 */
function searchesAnalysed(field: string | null, catalog: FieldCatalog): boolean {
  return searchedFields(catalog, field).some((candidate) =>
    candidate.type === "string" &&
    (candidate.matching === "analyzed" ||
      (candidate.name === SOURCE_FIELD && candidate.matching === "keyword-ci" && catalog.termIndex?.searchable === true))
  );
}

/** Whether evaluating `node` reads message text somewhere: then sharing its hits pays. */
export function readsText(node: QueryNode, catalog: FieldCatalog): boolean {
  const own = (READS_TEXT[node.kind] as (node: QueryNode, catalog: FieldCatalog) => boolean)(node, catalog);
  return own || definitionOf(node).children(node).some((child) => readsText(child, catalog));
}

const attached = new WeakMap<Database, Promise<void>>();
let tables = 0;

/**
 * Evaluates `filter` (which must restrict `timestamp` to [from, to]) once into a table of row ids. Fails like the
 * filter would; the caller then runs the search types with the filter itself, so they report their own errors.
 */
export async function shareHits(
  db: Database,
  filter: SqlPredicate,
  from: number,
  to: number,
): Promise<SharedHits> {
  let attaching = attached.get(db);
  if (!attaching) {
    attaching = db.all(`ATTACH IF NOT EXISTS ':memory:' AS ${SCRATCH}`).then(() => {});
    attached.set(db, attaching);
    attaching.catch(() => attached.delete(db));
  }
  await attaching;
  const table = `${SCRATCH}.hits_${++tables}`;
  const [created] = await db.all<{ Count: bigint }>(
    `CREATE TABLE ${table} AS SELECT rowid AS hit, timestamp FROM messages WHERE ${filter.sql}`,
    filter.params,
  );
  // The time range stays in front: zone maps on `timestamp` still skip every row group outside it.
  const predicate = allOf(timePredicate(from, to), {
    sql: `rowid IN (SELECT hit FROM ${table})`,
    params: [],
  });
  return { predicate, table, count: Number(created?.Count ?? 0), release: () => db.all(`DROP TABLE IF EXISTS ${table}`).then(() => {}) };
}
