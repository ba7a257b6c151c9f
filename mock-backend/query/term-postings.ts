import type { StoredField } from "../search/field-catalog.ts";
import {
  ANALYSED_POSTINGS,
  POSTING_KINDS,
  type PostingKind,
  SOURCE_FIELD,
  type TermIndexSource,
} from "../search/term-index-source.ts";
import { FALSE_SQL, sql, type SqlFragment, trusted } from "./sql-fragment.ts";

/**
 * One postings lookup: the postings of this kind whose term is `term` (an SQL expression of the term text), or
 * whose term starts with `prefix` (a kind of PREFIX_KINDS; found through the term dictionary), or the messages
 * with postings of every one of `allTerms` that also satisfy `verify` (a predicate over the message's columns):
 * the postings narrow the candidates, the predicate decides on those alone.
 */
export type PostingsLookup =
  | { kind: PostingKind; term: SqlFragment }
  | { kind: PostingKind; prefix: string }
  | { kind: PostingKind; allTerms: SqlFragment[]; verify: SqlFragment };

/**
 * The terms starting with `prefix` are those in [prefix, bound): DuckDB compares strings by their UTF-8 bytes,
 * i.e. by code point, and `bound` is the prefix with its last character's successor. Only for ASCII prefixes
 * (else null), where the successor is simple and the lower-casing of the store (DuckDB's `lower`) and of the
 * compiler (JavaScript's) agree.
 */
export function prefixBound(prefix: string): string | null {
  if (prefix === "" || [...prefix].some((char) => char.charCodeAt(0) >= 0x7f)) return null;
  return prefix.slice(0, -1) + String.fromCharCode(prefix.charCodeAt(prefix.length - 1) + 1);
}

/**
 * How a leaf kind finds its matches in the postings: per analysed field (given its token and pair kinds, and the
 * field's own scanning predicate for lookups that verify candidates), for `source`, and for every keyword-values
 * field at once. Null: not decidable on postings (then that field is tested as before); an empty list: matches
 * nothing.
 */
export interface PostingsLookups<Args> {
  analysed(kinds: (typeof ANALYSED_POSTINGS)[string], args: Args, scan: SqlFragment): PostingsLookup[] | null;
  source(args: Args): PostingsLookup[] | null;
  keyword(args: Args): PostingsLookup[] | null;
}

/** A field's lookups, or null when the field has no postings or the leaf cannot use them. */
export function fieldLookups<Args>(
  field: StoredField,
  lookups: PostingsLookups<Args>,
  args: Args,
  scan: SqlFragment,
): PostingsLookup[] | null {
  if (field.type !== "string") return null;
  const analysed = Object.hasOwn(ANALYSED_POSTINGS, field.name) ? ANALYSED_POSTINGS[field.name] : undefined;
  if (analysed && field.matching === "analyzed") return lookups.analysed(analysed, args, scan);
  if (field.name === SOURCE_FIELD && field.matching === "keyword-ci") return lookups.source(args);
  return null;
}

/**
 * What one read of the postings finds: the rows of a term, or of the terms starting with a prefix, in any of
 * `kinds`; or a verified intersection (of one kind).
 */
type PostingsRead =
  | { kinds: PostingKind[]; term: SqlFragment }
  | { kinds: PostingKind[]; prefix: string }
  | Extract<PostingsLookup, { allTerms: SqlFragment[] }>;

/**
 * Lookups of one term text (the same SQL and parameters), or of one prefix, as one read of the postings of
 * all their kinds: a bare word is one term in the message, full message, source and keyword postings. A
 * prefix's terms are found in the dictionary of those kinds at once; that finds no more, as a term with
 * postings of a kind is in that kind's dictionary. Over one hour of 1M messages (the filter's statement
 * alone, median of 41), `failed` in four reads of one kind each took 3.6 ms, in one read of four kinds
 * 2.4 ms.
 */
function mergedReads(lookups: PostingsLookup[]): PostingsRead[] {
  const byKey = new Map<string, { kinds: PostingKind[] }>();
  const reads: PostingsRead[] = [];
  for (const lookup of lookups) {
    if ("allTerms" in lookup) {
      reads.push(lookup);
      continue;
    }
    const key = "term" in lookup
      ? JSON.stringify(["term", lookup.term.sql, lookup.term.params])
      : JSON.stringify(["prefix", lookup.prefix]);
    const same = byKey.get(key);
    if (same) {
      if (!same.kinds.includes(lookup.kind)) same.kinds.push(lookup.kind);
      continue;
    }
    const read = "term" in lookup
      ? { kinds: [lookup.kind], term: lookup.term }
      : { kinds: [lookup.kind], prefix: lookup.prefix };
    byKey.set(key, read);
    reads.push(read);
  }
  return reads;
}

/** `kind = …` or `kind IN (…)`. */
function kindsSql(kinds: PostingKind[]): SqlFragment {
  const codes = kinds.map((kind) => POSTING_KINDS[kind]);
  return trusted(codes.length === 1 ? `kind = ${codes[0]}` : `kind IN (${codes.join(", ")})`);
}

/** The rows of the postings `read` finds among the rows in `[first, last]`. */
function readSql(read: PostingsRead, [first, last]: [number, number]): SqlFragment {
  // Postings are sorted by row within each block, so the row range also skips other blocks by their zone maps.
  const rows = trusted(`message_row BETWEEN ${first} AND ${last}`);
  const termRows = (term: SqlFragment, kinds: SqlFragment) =>
    sql`SELECT message_row FROM term_postings WHERE term_hash = hash(${term}) AND ${kinds} AND ${rows}`;
  if ("allTerms" in read) {
    const kind = kindsSql([read.kind]);
    const candidates = read.allTerms.map((term) => termRows(term, kind)).reduce((all, part) =>
      sql`${all} INTERSECT ${part}`
    );
    // `OR c.message_row < 0` (never true) names both sides of the join, so DuckDB cannot push the test below it
    // into the scan of every message in the range: it reads the columns of the candidates alone. Measured on 1M
    // messages over one day (bench/measure/sql-timing.ts, a one-off script kept in git history): "failed password for" 41 → 16 ms, a rare three-word
    // phrase 29 → 14 ms; without the never-true term the test ran on every row first (117 ms).
    return sql`SELECT c.message_row FROM (${candidates}) c JOIN messages m ON m.rowid = c.message_row WHERE (${read.verify}) OR c.message_row < 0`;
  }
  const kinds = kindsSql(read.kinds);
  if ("term" in read) return termRows(read.term, kinds);
  // Few terms share a prefix as a rule; DuckDB then pushes them into the postings scan as an IN list.
  const bound = prefixBound(read.prefix);
  if (bound === null) throw new Error(`No dictionary range for the prefix ${JSON.stringify(read.prefix)}`);
  return sql`SELECT message_row FROM term_postings WHERE ${kinds} AND ${rows} AND term_hash IN (SELECT hash(term) FROM term_dictionary WHERE ${kinds} AND term >= ${read.prefix} AND term < ${bound})`;
}

/**
 * The messages matching some lookup: `rowid` among the postings' rows, or among the rows not indexed yet (when
 * the index knows of any) that satisfy `unindexed` (the same fields tested the scanning way). The scan of those
 * rows sits inside the IN list with `rowid >= …` of its own, which DuckDB prunes by row group, so the outer scan
 * never reads message text.
 * With the caller's `timeRange`, only the postings of blocks overlapping it are read.
 */
export function postingsPredicate(
  index: TermIndexSource,
  lookups: PostingsLookup[],
  unindexed: SqlFragment,
  timeRange?: { from: number; to: number },
): SqlFragment {
  const rows = timeRange
    ? index.rowsInTime(timeRange.from, timeRange.to)
    : [0, index.indexedRows - 1] as [number, number];
  const sources = rows === null ? [] : mergedReads(lookups).map((read) => readSql(read, rows));
  if (unindexed.sql !== FALSE_SQL.sql && index.writtenRows > index.indexedRows) {
    sources.push(
      sql`SELECT rowid FROM messages WHERE rowid >= ${trusted(String(index.indexedRows))} AND ${unindexed}`,
    );
  }
  if (sources.length === 0) return FALSE_SQL;
  return sql`(rowid IN (${
    sources.reduce((all, part, position) => position === 0 ? part : sql`${all} UNION ALL ${part}`)
  }))`;
}
