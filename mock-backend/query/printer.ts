import type { QueryNode } from "./ast.ts";
import { definitionOf } from "./node-table.ts";
import type { PrintContext } from "./node-definition.ts";

/** Query text for an AST; parsing it gives the same AST (positions aside). */
export function printQuery(node: QueryNode): string {
  return definitionOf(node).toLucene(node, CONTEXT);
}

const CONTEXT: PrintContext = {
  atom: (node) => (node.kind === "bool" ? `(${printQuery(node)})` : printQuery(node)),
};
