import type { NodeBase, QueryNode } from "../ast.ts";
import type { CompileContext } from "../compile-context.ts";
import type { NodeDefinition, PrintContext } from "../node-definition.ts";
import { allOf, anyOf, not, type SqlFragment, TRUE_SQL } from "../sql-fragment.ts";

/**
 * A Lucene BooleanQuery: clauses that must, should or must not match. This is what `AND`, `OR`, `NOT`, `+`, `-`,
 * `!` and grouping turn into, with Lucene's own rules (default operator OR): `a AND b OR c` is `+a +b c`, so `c`
 * is optional and the query matches `a AND b`; `a OR NOT b` is `a -b`. When some clause must match, the should
 * clauses only score; without one, at least one should clause must match; a group of only must-not clauses
 * matches everything else (Elasticsearch adds match_all to purely negative queries).
 */
export const BOOL = "bool";

export type Occur = "must" | "should" | "mustNot";

export interface Clause {
  occur: Occur;
  query: QueryNode;
}

export interface BoolNode extends NodeBase {
  kind: typeof BOOL;
  clauses: Clause[];
}

export function isBoolNode(node: QueryNode): node is BoolNode {
  return node.kind === BOOL;
}

export function boolToSql(node: BoolNode, context: CompileContext): SqlFragment {
  const of = (occur: Occur) =>
    node.clauses.filter((clause) => clause.occur === occur).map((clause) => clause.query);
  const musts = of("must");
  const shoulds = of("should");
  const positive = musts.length > 0
    ? allOf(musts.map((query) => context.compile(query)))
    : shoulds.length > 0
    ? anyOf(shoulds.map((query) => context.compile(query)))
    : TRUE_SQL;
  return allOf([positive, ...of("mustNot").map((query) => not(context.compile(query, true)))]);
}

const PREFIX: Record<Occur, string> = { must: "+", should: "", mustNot: "-" };

export function boolToLucene(node: BoolNode, context: PrintContext): string {
  const occurs = new Set(node.clauses.map((clause) => clause.occur));
  const atoms = node.clauses.map((clause) => context.atom(clause.query));
  if (occurs.size === 1 && occurs.has("must")) return atoms.join(" AND ");
  if (occurs.size === 1 && occurs.has("should")) return atoms.join(" OR ");
  return node.clauses.map((clause, index) => `${PREFIX[clause.occur]}${atoms[index]}`).join(" ");
}

export const boolNode: NodeDefinition<BoolNode> = {
  kind: BOOL,
  is: isBoolNode,
  toSql: boolToSql,
  toLucene: boolToLucene,
  children: (node) => node.clauses.map((clause) => clause.query),
};
