/**
 * The seam between the query compiler and the message store: which fields exist, their types and how to read
 * them in SQL. The store implements it (its columns); the compiler only ever asks it.
 *
 * Semantics (Graylog 5.1 on Elasticsearch, ARCHITECTURE.md): `message` and `full_message` are analysed text
 * (case-insensitive word match, via a lower-case token list); `source` is a case-insensitive keyword; every
 * other string field is an exact, case-sensitive keyword; numbers and dates compare by value.
 */

import type { KeywordValuesColumn } from "./keyword-values.ts";
import type { TermIndexSource } from "./term-index-source.ts";

/** Field types as `/api/views/fields` names them. */
export type FieldType = "string" | "long" | "double" | "date" | "boolean" | "ip" | "geo-point";

export type FieldMatching =
  /** Analysed text: a term matches a word of the value, case-insensitively. */
  | "analyzed"
  /** The whole value, case-insensitively. */
  | "keyword-ci"
  /** The whole value, exactly. */
  | "keyword";

export interface StoredField {
  name: string;
  type: FieldType;
  matching: FieldMatching;
  /** SQL expression reading the value (a quoted column or a typed extraction); never user text. */
  valueSql: string;
  /** For analysed fields: SQL expression of the value's lower-case tokens (`VARCHAR[]`). */
  tokensSql?: string;
  /**
   * Optional, for analysed fields: SQL expression of the same tokens as one `VARCHAR`, joined by single spaces
   * with a space before the first and after the last (` a b c `; no tokens: two spaces). Tokens never contain a
   * space, so a term is `contains(text, ' term ')`, a phrase `contains(text, ' a b ')`, a prefix
   * `contains(text, ' pre')`: measured 2–3× faster than `list_contains` on the token list.
   */
  tokenTextSql?: string;
}

/**
 * A field holding a list of values per message (Graylog's `streams`). It is not searched through the catalog's
 * `field` (a leaf compares scalars); a pivot groups by each of its values, as Elasticsearch's terms aggregation
 * puts a multi-valued document into every value's bucket.
 */
export interface ListField {
  name: string;
  /** The type of each value. */
  type: FieldType;
  /** SQL expression of the values as a list (`VARCHAR[]` …); never user text. */
  valueSql: string;
}

export interface FieldCatalog {
  /** The field, or null when no message has it. */
  field(name: string): StoredField | null;
  /** Every known field, for bare terms (searched in all text fields) and `_exists_`. */
  fields(): StoredField[];
  /** Whether leading wildcards (`*foo`) are allowed (Graylog: off by default). */
  allowLeadingWildcard: boolean;
  /**
   * Optional: one column holding the values of many keyword fields (search/keyword-values.ts), so a leaf that
   * searches all of them (a bare term) tests one column instead of one per field.
   */
  keywordValues?: KeywordValuesColumn;
  /** Optional: the store's term index (search/term-index-source.ts), for leaves that can be decided on postings. */
  termIndex?: TermIndexSource;
  /** Optional: the list-valued field of this name, or null. */
  listField?(name: string): ListField | null;
}

/**
 * Tokenises analysed text like Elasticsearch's standard analyzer (Unicode word boundaries) closely enough for
 * log search: lower-cased runs of letters, digits and `_`, kept together across a single `.` or `'` between
 * them (so `192.168.0.1`, `example.com` and `don't` are one token; `-`, `/`, `:` and spaces split). One function
 * for ingest and for query terms, so both sides agree.
 */
export function analyze(text: string): string[] {
  // On ASCII text the Unicode classes are exactly [a-z0-9_]; that pattern runs about 3× faster (measured at ingest).
  const lower = text.toLowerCase();
  return (ASCII_ONLY.test(lower) ? lower.match(ASCII_TOKEN) : lower.match(TOKEN)) ?? [];
}

const TOKEN = /[\p{L}\p{N}_]+(?:['.][\p{L}\p{N}_]+)*/gu;
const ASCII_TOKEN = /[a-z0-9_]+(?:['.][a-z0-9_]+)*/g;
const ASCII_ONLY = /^[^\u0080-\uffff]*$/;

/** The tokens of `text` with where they stand in it (for highlighting), lower-cased like `analyze`. */
export function tokenSpans(text: string): { token: string; start: number; length: number }[] {
  return [...text.matchAll(TOKEN)].map((match) => ({ token: match[0].toLowerCase(), start: match.index, length: match[0].length }));
}
