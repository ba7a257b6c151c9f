/**
 * The seam between the query compiler and the store's term index (store/term-index.ts): which postings exist and
 * how far they reach. The compiler turns a leaf into postings lookups plus a scan of the rows not yet indexed.
 */

/** What a posting's term is: a token or a token pair of an analysed field, the lower-cased source, a keyword value. */
export const POSTING_KINDS = {
  message: 0,
  full_message: 1,
  source: 2,
  /** Any value of the fields the keyword-values column covers (search/keyword-values.ts), escaped as it holds them. */
  keyword: 3,
  message_pair: 4,
  full_message_pair: 5,
} as const;

export type PostingKind = keyof typeof POSTING_KINDS;

/** The kinds whose terms the dictionary lists, so a prefix (`refus*`) finds its terms: single terms, not pairs. */
export const PREFIX_KINDS: readonly PostingKind[] = ["message", "full_message", "source", "keyword"];

/** The analysed fields with postings: their tokens' kind and their token pairs' kind. */
export const ANALYSED_POSTINGS: Readonly<Record<string, { token: PostingKind; pair: PostingKind }>> = {
  message: { token: "message", pair: "message_pair" },
  full_message: { token: "full_message", pair: "full_message_pair" },
};

/** The case-insensitive keyword field whose lower-cased value has postings. */
export const SOURCE_FIELD = "source";

export interface TermIndexSource {
  /** Messages with `rowid` below this have postings; the others must be scanned. Only ever grows. */
  readonly indexedRows: number;
  /**
   * Messages written as far as the index knows: when none is past `indexedRows`, a search reads no unindexed rows
   * and leaves their scanning predicate out (a token text made per row costs its regular expression's compilation,
   * 7–45 ms, even over no rows: bench/RESULTS.md "nothing derived is stored").
   */
  readonly writtenRows: number;
  /**
   * The span of row ids (first, last; inclusive) of the indexed messages that may lie in [from, to] (UTC ms), or
   * null when none does: a lookup for a search of that range reads only these postings.
   */
  rowsInTime(from: number, to: number): [number, number] | null;
  /** Whether lookups pay now: few enough messages are left unindexed to scan them whatever the time range. */
  readonly searchable: boolean;
}
