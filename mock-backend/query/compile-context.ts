import type { FieldCatalog, StoredField } from "../search/field-catalog.ts";
import type { FieldedNode, QueryNode } from "./ast.ts";
import { type FieldClass, fieldClass } from "./field-class.ts";
import { allOf, anyOf, isTrue, sql, type SqlFragment, trusted } from "./sql-fragment.ts";
import {
  fieldLookups,
  type PostingsLookup,
  type PostingsLookups,
  postingsPredicate,
} from "./term-postings.ts";

/** What a node's `toSql` sees: the catalog, the fixed `now`, and a way to compile its children. */
export interface CompileContext {
  readonly catalog: FieldCatalog;
  /** Epoch milliseconds that `now` means in date math, fixed per compilation so results are reproducible. */
  readonly now: number;
  /** Inside a NOT: every leaf must be TRUE or FALSE, never NULL, or `NOT` would drop messages missing the field. */
  readonly negated: boolean;
  /** The caller's time range, if any (CompileOptions.timeRange). */
  readonly timeRange?: { from: number; to: number };
  compile(node: QueryNode, negated?: boolean): SqlFragment;
}

/** One SQL predicate per field class for a leaf kind: the exhaustive table each node kind keeps. */
export type FieldClassTable<Args> = Record<
  FieldClass,
  (field: StoredField, args: Args, context: CompileContext) => SqlFragment
>;

/**
 * The fields a leaf searches: every string field for a bare term (Graylog sets no default field, so
 * Elasticsearch searches all text fields), the fields matching a `*` pattern, or the one named field.
 * An unknown field gives none, so the leaf matches nothing.
 */
export function searchedFields(catalog: FieldCatalog, field: string | null): StoredField[] {
  if (field === null) return catalog.fields().filter((candidate) => candidate.type === "string");
  if (field.includes("*")) {
    const pattern = new RegExp(
      `^${field.split("*").map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*")}$`,
      "su",
    );
    return catalog.fields().filter((candidate) => pattern.test(candidate.name));
  }
  const found = catalog.field(field);
  return found ? [found] : [];
}

/**
 * A leaf's predicate over the catalog's keyword-values column (search/keyword-values.ts) standing for every
 * field the column covers, or null when this leaf's arguments cannot be decided on it.
 */
export type KeywordValuesPredicate<Args> = (column: SqlFragment, args: Args) => SqlFragment | null;

/**
 * The leaf's predicate: any searched field matches, per its class. When the leaf searches every field of the
 * catalog's keyword-values column and `keywordValues` can decide it there, those fields become one test. When the
 * catalog has a usable term index and `postings` can decide a field there, that field is looked up in the postings
 * (query/term-postings.ts) instead of having its text scanned: all such fields in one `rowid IN (…)`.
 */
export function fieldPredicate<Args>(
  node: FieldedNode,
  context: CompileContext,
  table: FieldClassTable<Args>,
  args: Args,
  keywordValues?: KeywordValuesPredicate<Args>,
  postings?: PostingsLookups<Args>,
): SqlFragment {
  let fields = searchedFields(context.catalog, node.field);
  let combined: SqlFragment | null = null;
  const column = context.catalog.keywordValues;
  if (column && keywordValues && column.fields.size > 0 && fields.length >= column.fields.size) {
    const searched = new Set(fields.map((field) => field.name));
    combined = [...column.fields].every((name) => searched.has(name))
      ? keywordValues(trusted(column.sql), args)
      : null;
    if (combined) fields = fields.filter((field) => !column.fields.has(field.name));
  }
  const parts: SqlFragment[] = [];
  const lookups: PostingsLookup[] = [];
  const unindexed: SqlFragment[] = [];
  const index = context.catalog.termIndex;
  const usePostings = postings && index?.searchable ? postings : null;
  for (const field of fields) {
    const predicate = table[fieldClass(field)](field, args, context);
    const found = usePostings ? fieldLookups(field, usePostings, args, predicate) : null;
    if (found) (lookups.push(...found), unindexed.push(predicate));
    else parts.push(predicate);
  }
  if (combined) {
    const found = usePostings?.keyword(args) ?? null;
    if (found) (lookups.push(...found), unindexed.push(combined));
    else parts.push(combined);
  }
  if (index && unindexed.length > 0) {
    parts.push(postingsPredicate(index, lookups, anyOf(unindexed), context.timeRange));
  }
  const predicate = anyOf(parts);
  return context.negated ? isTrue(predicate) : predicate;
}

export function valueOf(field: StoredField): SqlFragment {
  return trusted(field.valueSql);
}

/** The analysed field's lower-case token list (the store's column, or the shared tokenizer's rule in SQL). */
export function tokensOf(field: StoredField): SqlFragment {
  return trusted(
    field.tokensSql ??
      `regexp_extract_all(lower(${field.valueSql}), '[\\p{L}\\p{N}_]+(?:[''.][\\p{L}\\p{N}_]+)*')`,
  );
}

/**
 * An analysed field's token text (` a b `) and its lower-cased value: every token is a piece of the lower-cased
 * value, so a cheap `contains` on that value rules out most rows before the token text is made of it (the store
 * derives the text from the value per row: 10× the cost of the `contains` on 1M messages, bench/RESULTS.md
 * "Storage").
 */
export interface TokenText {
  text: SqlFragment;
  lowerValue: SqlFragment;
}

/** The analysed field's token text when the store has one (`StoredField.tokenTextSql`), else null. */
export function tokenTextOf(field: StoredField): TokenText | null {
  return field.tokenTextSql
    ? { text: trusted(field.tokenTextSql), lowerValue: trusted(`lower(${field.valueSql})`) }
    : null;
}

/**
 * Whether `text` (space-free tokens, or a run of them joined by single spaces) occurs in the token text:
 * `contains(text, ' a b ')`, after each of its pieces in the lower-cased value. `before`/`after` false leave that
 * end open (a prefix or suffix of a token).
 */
export function tokenTextContains(
  tokenText: TokenText,
  text: string,
  before = true,
  after = true,
): SqlFragment {
  const pieces = [...new Set(text.split(" ").filter((piece) => piece !== ""))];
  return allOf([
    ...pieces.map((piece) => sql`contains(${tokenText.lowerValue}, ${piece})`),
    sql`contains(${tokenText.text}, ${`${before ? " " : ""}${text}${after ? " " : ""}`})`,
  ]);
}

const TOKEN = trusted("q_tok");

/** Some token satisfies `predicate` (given the lambda's variable). */
export function anyToken(field: StoredField, predicate: (token: SqlFragment) => SqlFragment): SqlFragment {
  return sql`(len(list_filter(${tokensOf(field)}, lambda q_tok: ${predicate(TOKEN)})) > 0)`;
}

/**
 * `value LIKE pattern` (or ILIKE). The ESCAPE clause only when the pattern escapes something: DuckDB turns a plain
 * LIKE/ILIKE into a prefix/contains/equality scan but runs the ESCAPE form several times slower (measured).
 */
export function likeMatch(value: SqlFragment, pattern: string, caseInsensitive: boolean): SqlFragment {
  const operator = trusted(caseInsensitive ? "ILIKE" : "LIKE");
  return pattern.includes("\\")
    ? sql`(${value} ${operator} ${pattern} ESCAPE '\\')`
    : sql`(${value} ${operator} ${pattern})`;
}

/** Lucene wildcard pattern (`*`, `?`, backslash escapes) as a LIKE pattern with `\` as the escape character. */
export function likePattern(pattern: string): string {
  let like = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") {
      i++;
      like += escapeLikeChar(pattern[i] ?? "\\");
    } else if (char === "*") like += "%";
    else if (char === "?") like += "_";
    else like += escapeLikeChar(char);
  }
  return like;
}

/** A literal for LIKE/ILIKE with `\` as the escape character. */
export function escapeLike(text: string): string {
  return [...text].map(escapeLikeChar).join("");
}

function escapeLikeChar(char: string): string {
  return char === "%" || char === "_" || char === "\\" ? `\\${char}` : char;
}
