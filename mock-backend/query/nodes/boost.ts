import type { NodeBase, QueryNode } from "../ast.ts";
import type { CompileContext } from "../compile-context.ts";
import type { NodeDefinition, PrintContext } from "../node-definition.ts";
import type { SqlFragment } from "../sql-fragment.ts";

/** `clause^2`: a relevance weight. Parsed and kept for printing; matching ignores it (we sort by time). */
export const BOOST = "boost";

export interface BoostNode extends NodeBase {
  kind: typeof BOOST;
  query: QueryNode;
  factor: number;
}

export function isBoostNode(node: QueryNode): node is BoostNode {
  return node.kind === BOOST;
}

export function boostToSql(node: BoostNode, context: CompileContext): SqlFragment {
  return context.compile(node.query, context.negated);
}

export function boostToLucene(node: BoostNode, context: PrintContext): string {
  const inner = node.query.kind === BOOST ? `(${context.atom(node.query)})` : context.atom(node.query);
  return `${inner}^${formatBoost(node.factor)}`;
}

/** Lucene's boost NUMBER is digits with an optional fraction: never an exponent. */
function formatBoost(factor: number): string {
  const text = String(factor);
  return /^\d+(\.\d+)?$/.test(text) ? text : factor.toFixed(20).replace(/0+$/, "").replace(/\.$/, "");
}

export const boostNode: NodeDefinition<BoostNode> = {
  kind: BOOST,
  is: isBoostNode,
  toSql: boostToSql,
  toLucene: boostToLucene,
  children: (node) => [node.query],
};
