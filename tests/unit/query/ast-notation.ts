import type { NodeKind, QueryNode } from "../../../mock-backend/query/mod.ts";

/**
 * A compact, positions-free rendering of the AST for golden fixtures:
 * `Bool(+Term(action:"login"), -Exists("user"))`, `Range(took_ms:[1 TO *})`, `Phrase("a b"~2)`.
 */
export function notation(node: QueryNode): string {
  return (RENDER[node.kind] as (node: QueryNode) => string)(node);
}

const field = (
  name: string | null,
) => (name === null ? "" : `${/^[\p{L}\p{N}_.@-]+$/u.test(name) ? name : JSON.stringify(name)}:`);
const text = (value: string | null) => (value === null ? "*" : JSON.stringify(value));
const PREFIX = { must: "+", should: "", mustNot: "-" } as const;

type Renderers = { [K in NodeKind]: (node: Extract<QueryNode, { kind: K }>) => string };

const RENDER: Renderers = {
  matchAll: () => "MatchAll",
  bool: (node) =>
    `Bool(${node.clauses.map((clause) => `${PREFIX[clause.occur]}${notation(clause.query)}`).join(", ")})`,
  term: (node) => `Term(${field(node.field)}${text(node.value)})`,
  phrase: (node) => `Phrase(${field(node.field)}${text(node.text)}${node.slop > 0 ? `~${node.slop}` : ""})`,
  wildcard: (node) => `Wildcard(${field(node.field)}${text(node.pattern)})`,
  regex: (node) => `Regex(${field(node.field)}${text(node.pattern)})`,
  fuzzy: (node) => `Fuzzy(${field(node.field)}${text(node.value)}~${node.maxEdits})`,
  range: (node) =>
    `Range(${field(node.field)}${node.includeLower ? "[" : "{"}${text(node.lower)} TO ${text(node.upper)}${
      node.includeUpper ? "]" : "}"
    })`,
  exists: (node) => `Exists(${text(node.field)})`,
  boost: (node) => `Boost(${notation(node.query)}^${node.factor})`,
};

/** The AST without source positions, for comparing trees that were written differently. */
export function withoutPositions(node: QueryNode): QueryNode {
  return JSON.parse(
    JSON.stringify(node, (key, value) => (key === "span" || key === "fieldSpan" ? undefined : value)),
  );
}
