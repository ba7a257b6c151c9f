/**
 * The query compiler: Graylog's Lucene query_string → typed AST with source positions → parameterised DuckDB SQL.
 *
 *   const ast = parseQuery(text, { allowLeadingWildcard: catalog.allowLeadingWildcard });
 *   const { sql, params } = compileQuery(ast, catalog, { now: Date.now() });
 *   connection.runAndReadAll(`SELECT … FROM messages WHERE ${sql}`, params);
 */
export type { FieldedNode, NodeKind, QueryNode } from "./ast.ts";
export type { BoolNode, Clause, Occur } from "./nodes/bool.ts";
export type { BoostNode } from "./nodes/boost.ts";
export type { ExistsNode } from "./nodes/exists.ts";
export type { FuzzyNode } from "./nodes/fuzzy.ts";
export type { MatchAllNode } from "./nodes/match-all.ts";
export type { PhraseNode } from "./nodes/phrase.ts";
export type { RangeNode } from "./nodes/range.ts";
export type { RegexNode } from "./nodes/regex.ts";
export type { TermNode } from "./nodes/term.ts";
export type { WildcardNode } from "./nodes/wildcard.ts";
export { DEFAULT_FUZZY_EDITS, type ParseOptions, parseQuery } from "./parser.ts";
export { printQuery } from "./printer.ts";
export { type CompiledQuery, type CompileOptions, compileQuery, compileQueryString } from "./compiler.ts";
export { QueryParseError, type QueryParseErrorCode } from "./query-parse-error.ts";
export {
  type FieldReference,
  findLowercaseOperators,
  type LowercaseOperator,
  referencedFields,
} from "./validation.ts";
export { type GraylogPosition, graylogPosition, type Position, type Span } from "./source-position.ts";
export type { SqlParam } from "./sql-fragment.ts";
