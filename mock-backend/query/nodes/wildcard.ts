import type { FieldedNode, QueryNode } from "../ast.ts";
import {
  anyToken,
  type CompileContext,
  type FieldClassTable,
  fieldPredicate,
  likeMatch,
  likePattern,
  valueOf,
} from "../compile-context.ts";
import { printField, printWildcardPattern } from "../lucene-escape.ts";
import type { NodeDefinition, PrintContext } from "../node-definition.ts";
import { FALSE_SQL, sql, type SqlFragment } from "../sql-fragment.ts";

/**
 * `foo*`, `f?o`: `*` any run of characters, `?` one character. On analysed text it matches single tokens and is
 * lower-cased first (Elasticsearch normalizes wildcard terms); `source` ignores case; other strings are exact;
 * numbers and dates never match (Elasticsearch refuses wildcards on them). Becomes LIKE with an escaped bound
 * pattern, which DuckDB turns into prefix/contains scans; never a per-row regular expression.
 */
export const WILDCARD = "wildcard";

export interface WildcardNode extends FieldedNode {
  kind: typeof WILDCARD;
  /** Unescaped `*` and `?` are wildcards; `\*`, `\?` and `\\` are those characters literally. */
  pattern: string;
}

export function isWildcardNode(node: QueryNode): node is WildcardNode {
  return node.kind === WILDCARD;
}

const WILDCARD_SQL: FieldClassTable<string> = {
  analyzed: (field, pattern) =>
    anyToken(field, (token) => likeMatch(token, likePattern(pattern.toLowerCase()), false)),
  "keyword-ci": (field, pattern) => likeMatch(valueOf(field), likePattern(pattern), true),
  keyword: (field, pattern) => likeMatch(valueOf(field), likePattern(pattern), false),
  ip: (field, pattern) => likeMatch(valueOf(field), likePattern(pattern), false),
  long: () => FALSE_SQL,
  double: () => FALSE_SQL,
  date: () => FALSE_SQL,
  boolean: () => FALSE_SQL,
  "geo-point": () => FALSE_SQL,
};

export function wildcardToSql(node: WildcardNode, context: CompileContext): SqlFragment {
  return fieldPredicate(node, context, WILDCARD_SQL, node.pattern);
}

export function wildcardToLucene(node: WildcardNode, _context: PrintContext): string {
  return `${printField(node.field)}${printWildcardPattern(node.pattern)}`;
}

export const wildcardNode: NodeDefinition<WildcardNode> = {
  kind: WILDCARD,
  is: isWildcardNode,
  toSql: wildcardToSql,
  toLucene: wildcardToLucene,
  children: () => [],
};
