import type { FieldedNode, QueryNode } from "../ast.ts";
import { type CompileContext, type FieldClassTable, fieldPredicate, valueOf } from "../compile-context.ts";
import { escapeTerm } from "../lucene-escape.ts";
import type { NodeDefinition, PrintContext } from "../node-definition.ts";
import { sql, type SqlFragment } from "../sql-fragment.ts";

/** `_exists_:field` (and `field:*`): the message has the field. `NOT _exists_:field` is Graylog's "missing". */
export const EXISTS = "exists";

export interface ExistsNode extends FieldedNode {
  kind: typeof EXISTS;
  /** The field asked about (never null); `fieldSpan` is where its name was written. */
  field: string;
}

export function isExistsNode(node: QueryNode): node is ExistsNode {
  return node.kind === EXISTS;
}

const present = (field: Parameters<FieldClassTable<null>["keyword"]>[0]) =>
  sql`(${valueOf(field)} IS NOT NULL)`;

const EXISTS_SQL: FieldClassTable<null> = {
  analyzed: present,
  "keyword-ci": present,
  keyword: present,
  ip: present,
  long: present,
  double: present,
  date: present,
  boolean: present,
  "geo-point": present,
};

export function existsToSql(node: ExistsNode, context: CompileContext): SqlFragment {
  return fieldPredicate(node, context, EXISTS_SQL, null);
}

export function existsToLucene(node: ExistsNode, _context: PrintContext): string {
  return `_exists_:${escapeTerm(node.field)}`;
}

export const existsNode: NodeDefinition<ExistsNode> = {
  kind: EXISTS,
  is: isExistsNode,
  toSql: existsToSql,
  toLucene: existsToLucene,
  children: () => [],
};
