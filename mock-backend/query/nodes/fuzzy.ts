import type { FieldedNode, QueryNode } from "../ast.ts";
import {
  type CompileContext,
  type FieldClassTable,
  fieldPredicate,
  tokensOf,
  tokenTextContains,
  tokenTextOf,
  valueOf,
} from "../compile-context.ts";
import { escapeTerm, printField } from "../lucene-escape.ts";
import type { NodeDefinition, PrintContext } from "../node-definition.ts";
import { FALSE_SQL, sql, type SqlFragment } from "../sql-fragment.ts";

/**
 * `term~` (at most 2 edits, Graylog's documented default) and `term~1`: Damerau-Levenshtein distance to a token
 * (analysed text, lower-cased like Elasticsearch normalizes fuzzy terms) or to the whole value (keywords;
 * `source` ignoring case). DuckDB's `damerau_levenshtein` counts UTF-8 bytes; a byte-length window in front
 * keeps it off most rows.
 */
export const FUZZY = "fuzzy";

export interface FuzzyNode extends FieldedNode {
  kind: typeof FUZZY;
  value: string;
  /** 0, 1 or 2. */
  maxEdits: number;
}

export function isFuzzyNode(node: QueryNode): node is FuzzyNode {
  return node.kind === FUZZY;
}

interface FuzzyArgs {
  value: string;
  maxEdits: number;
}

function near(value: SqlFragment, { value: term, maxEdits }: FuzzyArgs): SqlFragment {
  if (maxEdits === 0) return sql`(${value} = ${term})`;
  const bytes = new TextEncoder().encode(term).length;
  return sql`(strlen(${value}) BETWEEN ${bytes - maxEdits} AND ${
    bytes + maxEdits
  } AND damerau_levenshtein(${value}, ${term}) <= ${maxEdits})`;
}

const FUZZY_SQL: FieldClassTable<FuzzyArgs> = {
  analyzed: (field, args) => {
    const term = args.value.toLowerCase();
    const edits = args.maxEdits;
    const text = tokenTextOf(field);
    if (edits === 0) {
      return text && term !== "" && !/\s/.test(term) ? tokenTextContains(text, term) : sql`list_contains(${tokensOf(field)}, ${term})`;
    }
    const bytes = new TextEncoder().encode(term).length;
    // Two filters, so the distance is only computed for tokens of a plausible length.
    return sql`(len(list_filter(list_filter(${tokensOf(field)}, lambda q_tok: strlen(q_tok) BETWEEN ${
      bytes - edits
    } AND ${bytes + edits}), lambda q_tok: damerau_levenshtein(q_tok, ${term}) <= ${edits})) > 0)`;
  },
  "keyword-ci": (field, args) =>
    near(sql`lower(${valueOf(field)})`, { ...args, value: args.value.toLowerCase() }),
  keyword: (field, args) => near(valueOf(field), args),
  ip: (field, args) => near(valueOf(field), args),
  long: () => FALSE_SQL,
  double: () => FALSE_SQL,
  date: () => FALSE_SQL,
  boolean: () => FALSE_SQL,
  "geo-point": () => FALSE_SQL,
};

export function fuzzyToSql(node: FuzzyNode, context: CompileContext): SqlFragment {
  return fieldPredicate(node, context, FUZZY_SQL, { value: node.value, maxEdits: node.maxEdits });
}

export function fuzzyToLucene(node: FuzzyNode, _context: PrintContext): string {
  return `${printField(node.field)}${escapeTerm(node.value)}~${node.maxEdits}`;
}

export const fuzzyNode: NodeDefinition<FuzzyNode> = {
  kind: FUZZY,
  is: isFuzzyNode,
  toSql: fuzzyToSql,
  toLucene: fuzzyToLucene,
  children: () => [],
};
