import type { FieldCatalog } from "../search/field-catalog.ts";
import type { QueryNode } from "./ast.ts";
import type { CompileContext } from "./compile-context.ts";
import { definitionOf } from "./node-table.ts";
import { type ParseOptions, parseQuery } from "./parser.ts";
import { isTrue, type SqlParam } from "./sql-fragment.ts";

export interface CompileOptions {
  /** What `now` means in date math (`now-5d`); fixed per search so results are reproducible. */
  now: Date | number;
  /**
   * Make the predicate two-valued (never NULL where a field is missing), for callers that negate it or select it
   * as a column. Not needed in a WHERE clause, where NULL already means no match.
   */
  nullSafe?: boolean;
  /**
   * The time range (UTC ms, inclusive) the caller restricts the messages to beside this predicate, if any: lets
   * lookups in the term index skip the postings of other times. The predicate does not test the range itself.
   */
  timeRange?: { from: number; to: number };
}

/** A WHERE-clause predicate over the catalog's columns, with `?` placeholders bound by `params` in order. */
export interface CompiledQuery {
  sql: string;
  params: SqlParam[];
}

/** The AST as a DuckDB predicate; user text only ever travels as bound parameters. */
export function compileQuery(node: QueryNode, catalog: FieldCatalog, options: CompileOptions): CompiledQuery {
  const now = typeof options.now === "number" ? options.now : options.now.getTime();
  const contextFor = (negated: boolean): CompileContext => ({
    catalog,
    now,
    negated,
    ...(options.timeRange ? { timeRange: options.timeRange } : {}),
    compile: (child, childNegated = negated) => definitionOf(child).toSql(child, contextFor(childNegated)),
  });
  const nullSafe = options.nullSafe ?? false;
  const predicate = definitionOf(node).toSql(node, contextFor(nullSafe));
  const result = nullSafe ? isTrue(predicate) : predicate;
  return { sql: result.sql, params: [...result.params] };
}

/** Parse (leading wildcards as the catalog allows) and compile in one step. Throws only QueryParseError. */
export function compileQueryString(
  query: string,
  catalog: FieldCatalog,
  options: CompileOptions & ParseOptions,
): CompiledQuery {
  const ast = parseQuery(query, {
    allowLeadingWildcard: options.allowLeadingWildcard ?? catalog.allowLeadingWildcard,
  });
  return compileQuery(ast, catalog, options);
}
