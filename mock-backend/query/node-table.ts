import type { NodeKind, QueryNode } from "./ast.ts";
import type { NodeDefinition } from "./node-definition.ts";
import { boolNode } from "./nodes/bool.ts";
import { boostNode } from "./nodes/boost.ts";
import { existsNode } from "./nodes/exists.ts";
import { fuzzyNode } from "./nodes/fuzzy.ts";
import { matchAllNode } from "./nodes/match-all.ts";
import { phraseNode } from "./nodes/phrase.ts";
import { rangeNode } from "./nodes/range.ts";
import { regexNode } from "./nodes/regex.ts";
import { termNode } from "./nodes/term.ts";
import { wildcardNode } from "./nodes/wildcard.ts";

/** Every node kind's definition: adding a kind to `QueryNode` does not compile until it is here. */
export const NODE_TABLE: { [K in NodeKind]: NodeDefinition<Extract<QueryNode, { kind: K }>> } = {
  matchAll: matchAllNode,
  bool: boolNode,
  term: termNode,
  phrase: phraseNode,
  wildcard: wildcardNode,
  regex: regexNode,
  fuzzy: fuzzyNode,
  range: rangeNode,
  exists: existsNode,
  boost: boostNode,
};

/** The definition of this node's kind, typed for the node (one cast, where TypeScript cannot correlate the two). */
export function definitionOf<N extends QueryNode>(node: N): NodeDefinition<N> {
  return NODE_TABLE[node.kind] as unknown as NodeDefinition<N>;
}
