/**
 * The seam between the query compiler and the message store: which fields exist, their types and how to read
 * them in SQL. The store implements it (its columns); the compiler only ever asks it.
 *
 * Semantics (Graylog 5.1 on Elasticsearch, ARCHITECTURE.md): `message` and `full_message` are analysed text
 * (case-insensitive word match, via a lower-case token list); `source` is a case-insensitive keyword; every
 * other string field is an exact, case-sensitive keyword; numbers and dates compare by value.
 */

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

export interface FieldCatalog {
  /** The field, or null when no message has it. */
  field(name: string): StoredField | null;
  /** Every known field, for bare terms (searched in all text fields) and `_exists_`. */
  fields(): StoredField[];
  /** Whether leading wildcards (`*foo`) are allowed (Graylog: off by default). */
  allowLeadingWildcard: boolean;
}

/**
 * Tokenises analysed text like Elasticsearch's standard analyzer (Unicode word boundaries) closely enough for
 * log search: lower-cased runs of letters, digits and `_`, kept together across a single `.` or `'` between
 * them (so `192.168.0.1`, `example.com` and `don't` are one token; `-`, `/`, `:` and spaces split). One function
 * for ingest and for query terms, so both sides agree.
 */
export function analyze(text: string): string[] {
  return text.toLowerCase().match(TOKEN) ?? [];
}

const TOKEN = /[\p{L}\p{N}_]+(?:['.][\p{L}\p{N}_]+)*/gu;

/** The tokens of `text` with where they stand in it (for highlighting), lower-cased like `analyze`. */
export function tokenSpans(text: string): { token: string; start: number; length: number }[] {
  return [...text.matchAll(TOKEN)].map((match) => ({ token: match[0].toLowerCase(), start: match.index, length: match[0].length }));
}
