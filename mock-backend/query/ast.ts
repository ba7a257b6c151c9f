/**
 * The query AST: what a Lucene query_string means, independent of how it was written (so printing and parsing
 * again gives the same tree) but with the source positions validation explanations need.
 */
import type { Span } from "./source-position.ts";
import type { BoolNode } from "./nodes/bool.ts";
import type { BoostNode } from "./nodes/boost.ts";
import type { ExistsNode } from "./nodes/exists.ts";
import type { FuzzyNode } from "./nodes/fuzzy.ts";
import type { MatchAllNode } from "./nodes/match-all.ts";
import type { PhraseNode } from "./nodes/phrase.ts";
import type { RangeNode } from "./nodes/range.ts";
import type { RegexNode } from "./nodes/regex.ts";
import type { TermNode } from "./nodes/term.ts";
import type { WildcardNode } from "./nodes/wildcard.ts";

export type QueryNode =
  | MatchAllNode
  | BoolNode
  | TermNode
  | PhraseNode
  | WildcardNode
  | RegexNode
  | FuzzyNode
  | RangeNode
  | ExistsNode
  | BoostNode;

export type NodeKind = QueryNode["kind"];

export interface NodeBase {
  /** Where the node was written; absent on trees built in code. */
  span?: Span;
}

/** A leaf that searches one field, or every text field when `field` is null (a bare term). */
export interface FieldedNode extends NodeBase {
  /** The field name (escapes removed); may contain `*` to search every field matching the pattern. */
  field: string | null;
  /** Where the field name was written (for `field:(a b)` every leaf points at the one `field`). */
  fieldSpan?: Span;
}
