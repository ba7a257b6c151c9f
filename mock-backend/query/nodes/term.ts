import { analyze } from "../../search/field-catalog.ts";
import { escapeKeywordValue, keywordEqualsNeedle } from "../../search/keyword-values.ts";
import type { FieldedNode, QueryNode } from "../ast.ts";
import {
  type CompileContext,
  escapeLike,
  type FieldClassTable,
  fieldPredicate,
  type KeywordValuesPredicate,
  likeMatch,
  tokensOf,
  tokenTextContains,
  tokenTextOf,
  valueOf,
} from "../compile-context.ts";
import { formatTimestamp, parseDateBound } from "../date-math.ts";
import { parseBoolean, parseLong, parseNumber } from "../field-class.ts";
import { escapeTerm, printField } from "../lucene-escape.ts";
import type { NodeDefinition, PrintContext } from "../node-definition.ts";
import { anyOf, FALSE_SQL, sql, type SqlFragment } from "../sql-fragment.ts";
import type { PostingsLookups } from "../term-postings.ts";

/**
 * `value` or `field:value`. Analysed text matches by its tokens (a value the analyzer splits, like `foo-bar`,
 * matches any of them: Elasticsearch joins them with the default operator OR); `source` by the whole value
 * ignoring case; other strings exactly; numbers, dates and booleans by value (a value that is no number, date
 * or boolean matches nothing).
 */
export const TERM = "term";

export interface TermNode extends FieldedNode {
  kind: typeof TERM;
  /** The term with escapes removed. */
  value: string;
}

export function isTermNode(node: QueryNode): node is TermNode {
  return node.kind === TERM;
}

/** Equality of one field with query text, shared by terms, phrases on keywords and numbers, and fuzzy `~0`. */
export const VALUE_EQUALS: FieldClassTable<string> = {
  analyzed: (field, value) => {
    const text = tokenTextOf(field);
    return anyOf(
      analyze(value).map((token) =>
        text ? tokenTextContains(text, token) : sql`list_contains(${tokensOf(field)}, ${token})`
      ),
    );
  },
  "keyword-ci": (field, value) => likeMatch(valueOf(field), escapeLike(value), true),
  keyword: (field, value) => sql`(${valueOf(field)} = ${value})`,
  ip: (field, value) => sql`(${valueOf(field)} = ${value})`,
  long: (field, value) => {
    const long = parseLong(value);
    if (long === null) return FALSE_SQL;
    return long.kind === "number"
      ? sql`(${valueOf(field)} = ${long.value})`
      : sql`(${valueOf(field)} = CAST(${long.value} AS BIGINT))`;
  },
  double: (field, value) => {
    const number = parseNumber(value);
    return number === null ? FALSE_SQL : sql`(${valueOf(field)} = ${number})`;
  },
  date: (field, value, context) => {
    const from = parseDateBound(value, context.now, false);
    const to = parseDateBound(value, context.now, true);
    if (from === null || to === null) return FALSE_SQL;
    return sql`(${valueOf(field)} BETWEEN CAST(${formatTimestamp(from)} AS TIMESTAMP) AND CAST(${
      formatTimestamp(to)
    } AS TIMESTAMP))`;
  },
  boolean: (field, value) => {
    const bool = parseBoolean(value);
    return bool === null ? FALSE_SQL : sql`(${valueOf(field)} = ${bool})`;
  },
  "geo-point": () => FALSE_SQL,
};

/** `VALUE_EQUALS.keyword` for every field of the keyword-values column at once. */
export const KEYWORD_VALUES_EQUAL: KeywordValuesPredicate<string> = (column, value) =>
  sql`contains(${column}, ${keywordEqualsNeedle(value)})`;

/** `VALUE_EQUALS` on postings: each token of an analysed field, the lower-cased source, the escaped keyword value. */
export const VALUE_POSTINGS: PostingsLookups<string> = {
  analysed: (kinds, value) => analyze(value).map((token) => ({ kind: kinds.token, term: sql`${token}` })),
  // ASCII text lower-cased here is what DuckDB's `lower` gives, and then the same term as the other
  // kinds' (one read of the postings for them all, query/term-postings.ts); other text is lower-cased the
  // store's way.
  source: (value) => [{ kind: "source", term: sourceTerm(value) }],
  keyword: (value) => [{ kind: "keyword", term: sql`${escapeKeywordValue(value)}` }],
};

function sourceTerm(value: string): SqlFragment {
  return /^\p{ASCII}*$/u.test(value) ? sql`${value.toLowerCase()}` : sql`lower(${value})`;
}

export function termToSql(node: TermNode, context: CompileContext): SqlFragment {
  return fieldPredicate(node, context, VALUE_EQUALS, node.value, KEYWORD_VALUES_EQUAL, VALUE_POSTINGS);
}

export function termToLucene(node: TermNode, _context: PrintContext): string {
  return `${printField(node.field)}${escapeTerm(node.value)}`;
}

export const termNode: NodeDefinition<TermNode> = {
  kind: TERM,
  is: isTermNode,
  toSql: termToSql,
  toLucene: termToLucene,
  children: () => [],
};
