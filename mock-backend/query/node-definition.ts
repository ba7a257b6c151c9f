import type { QueryNode } from "./ast.ts";
import type { CompileContext } from "./compile-context.ts";
import type { SqlFragment } from "./sql-fragment.ts";

/** Printing a child so it can stand where a single clause goes (groups get their parentheses). */
export interface PrintContext {
  atom(node: QueryNode): string;
}

/** Everything the compiler knows about one node kind; `node-table.ts` holds one per kind. */
export interface NodeDefinition<N extends QueryNode> {
  kind: N["kind"];
  is(node: QueryNode): node is N;
  toSql(node: N, context: CompileContext): SqlFragment;
  toLucene(node: N, context: PrintContext): string;
  children(node: N): QueryNode[];
}
