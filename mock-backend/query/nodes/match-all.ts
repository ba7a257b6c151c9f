import type { NodeBase, QueryNode } from "../ast.ts";
import type { CompileContext } from "../compile-context.ts";
import type { NodeDefinition, PrintContext } from "../node-definition.ts";
import { type SqlFragment, TRUE_SQL } from "../sql-fragment.ts";

/** `*`, `*:*` or an empty query: every message (Graylog sends `match_all`). */
export const MATCH_ALL = "matchAll";

export interface MatchAllNode extends NodeBase {
  kind: typeof MATCH_ALL;
}

export function isMatchAllNode(node: QueryNode): node is MatchAllNode {
  return node.kind === MATCH_ALL;
}

export function matchAllToSql(_node: MatchAllNode, _context: CompileContext): SqlFragment {
  return TRUE_SQL;
}

export function matchAllToLucene(_node: MatchAllNode, _context: PrintContext): string {
  return "*";
}

export const matchAllNode: NodeDefinition<MatchAllNode> = {
  kind: MATCH_ALL,
  is: isMatchAllNode,
  toSql: matchAllToSql,
  toLucene: matchAllToLucene,
  children: () => [],
};
