import type { FieldedNode, QueryNode } from "../ast.ts";
import {
  anyToken,
  type CompileContext,
  type FieldClassTable,
  fieldPredicate,
  valueOf,
} from "../compile-context.ts";
import { printField } from "../lucene-escape.ts";
import { luceneRegexToRe2 } from "../lucene-regex.ts";
import type { NodeDefinition, PrintContext } from "../node-definition.ts";
import { FALSE_SQL, sql, type SqlFragment } from "../sql-fragment.ts";

/**
 * `/ethernet[0-9]+/`: Lucene regular expressions match a whole token (analysed text) or the whole value
 * (keywords), so they run through `regexp_full_match`. Like Elasticsearch, the pattern is not lower-cased:
 * on analysed text and `source` (both indexed lower-case) an upper-case pattern finds nothing.
 */
export const REGEX = "regex";

export interface RegexNode extends FieldedNode {
  kind: typeof REGEX;
  /** The Lucene pattern as written between the slashes. */
  pattern: string;
}

export function isRegexNode(node: QueryNode): node is RegexNode {
  return node.kind === REGEX;
}

const REGEX_SQL: FieldClassTable<string> = {
  analyzed: (field, re2) => anyToken(field, (token) => sql`regexp_full_match(${token}, ${re2})`),
  "keyword-ci": (field, re2) => sql`regexp_full_match(lower(${valueOf(field)}), ${re2})`,
  keyword: (field, re2) => sql`regexp_full_match(${valueOf(field)}, ${re2})`,
  ip: (field, re2) => sql`regexp_full_match(${valueOf(field)}, ${re2})`,
  long: () => FALSE_SQL,
  double: () => FALSE_SQL,
  date: () => FALSE_SQL,
  boolean: () => FALSE_SQL,
  "geo-point": () => FALSE_SQL,
};

export function regexToSql(node: RegexNode, context: CompileContext): SqlFragment {
  return fieldPredicate(node, context, REGEX_SQL, luceneRegexToRe2(node.pattern));
}

export function regexToLucene(node: RegexNode, _context: PrintContext): string {
  return `${printField(node.field)}/${node.pattern}/`;
}

export const regexNode: NodeDefinition<RegexNode> = {
  kind: REGEX,
  is: isRegexNode,
  toSql: regexToSql,
  toLucene: regexToLucene,
  children: () => [],
};
