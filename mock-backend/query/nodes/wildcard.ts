import { escapeKeywordValue, keywordPartNeedle } from "../../search/keyword-values.ts";
import type { PostingKind } from "../../search/term-index-source.ts";
import type { FieldedNode, QueryNode } from "../ast.ts";
import {
  anyToken,
  type CompileContext,
  type FieldClassTable,
  fieldPredicate,
  type KeywordValuesPredicate,
  likeMatch,
  likePattern,
  tokenTextContains,
  tokenTextOf,
  valueOf,
} from "../compile-context.ts";
import { printField, printWildcardPattern } from "../lucene-escape.ts";
import type { NodeDefinition, PrintContext } from "../node-definition.ts";
import { FALSE_SQL, sql, type SqlFragment } from "../sql-fragment.ts";
import { type PostingsLookup, type PostingsLookups, prefixBound } from "../term-postings.ts";

/**
 * `foo*`, `f?o`: `*` any run of characters, `?` one character. On analysed text it matches single tokens and is
 * lower-cased first (Elasticsearch normalizes wildcard terms); `source` ignores case; other strings are exact;
 * numbers and dates never match (Elasticsearch refuses wildcards on them). Becomes LIKE with an escaped bound
 * pattern, which DuckDB turns into prefix/contains scans; never a per-row regular expression.
 */
export const WILDCARD = "wildcard";

export interface WildcardNode extends FieldedNode {
  kind: typeof WILDCARD;
  /** Unescaped `*` and `?` are wildcards; `\*`, `\?` and `\\` are those characters literally. */
  pattern: string;
}

export function isWildcardNode(node: QueryNode): node is WildcardNode {
  return node.kind === WILDCARD;
}

/** A Lucene wildcard pattern as literal runs and the wildcards between them (escapes resolved). */
function wildcardParts(pattern: string): (string | "*" | "?")[] {
  const parts: (string | "*" | "?")[] = [];
  let literal = "";
  const flush = () => {
    if (literal) parts.push(literal);
    literal = "";
  };
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\") literal += pattern[++i] ?? "\\";
    else if (char === "*" || char === "?") (flush(), parts.push(char));
    else literal += char;
  }
  flush();
  return parts;
}

/**
 * A wildcard on analysed text with a token text: `pre*`, `*suf`, `*mid*` (one literal, `*` only) are exactly a
 * substring of the token text anchored by the spaces around tokens; any other pattern is pre-filtered by its
 * longest literal run and then checked token by token.
 */
function analysedWildcard(
  field: Parameters<FieldClassTable<string>["analyzed"]>[0],
  pattern: string,
): SqlFragment {
  const lower = pattern.toLowerCase();
  const exact = anyToken(field, (token) => likeMatch(token, likePattern(lower), false));
  const text = tokenTextOf(field);
  if (!text) return exact;
  const parts = wildcardParts(lower);
  const literals = parts.filter((part) => part !== "*" && part !== "?");
  // A token never holds whitespace; leave such patterns (they match nothing) to the exact check.
  if (literals.length === 0 || literals.some((literal) => /\s/.test(literal))) return exact;
  const starsOnly = parts.every((part) => part !== "?");
  if (starsOnly && literals.length === 1) {
    const open = (part: string | undefined) => part === "*";
    return tokenTextContains(text, literals[0], !open(parts[0]), !open(parts[parts.length - 1]));
  }
  const longest = literals.reduce((a, b) => (b.length > a.length ? b : a));
  const anchoredStart = parts[0] === longest;
  const anchoredEnd = parts[parts.length - 1] === longest;
  return sql`(${tokenTextContains(text, longest, anchoredStart, anchoredEnd)} AND ${exact})`;
}

/**
 * `keyword` fields' LIKE for all fields of the keyword-values column at once, for a pattern of one literal and
 * `*` only (`pre*`, `*suf`, `*mid*`); any other pattern is left to the fields one by one.
 */
const keywordValuesWildcard: KeywordValuesPredicate<string> = (column, pattern) => {
  const parts = wildcardParts(pattern);
  const literals = parts.filter((part) => part !== "*" && part !== "?");
  if (literals.length !== 1 || parts.some((part) => part === "?")) return null;
  const needle = keywordPartNeedle(literals[0], parts[0] !== "*", parts[parts.length - 1] !== "*");
  return needle === null ? null : sql`contains(${column}, ${needle})`;
};

const WILDCARD_SQL: FieldClassTable<string> = {
  analyzed: (field, pattern) => analysedWildcard(field, pattern),
  "keyword-ci": (field, pattern) => likeMatch(valueOf(field), likePattern(pattern), true),
  keyword: (field, pattern) => likeMatch(valueOf(field), likePattern(pattern), false),
  ip: (field, pattern) => likeMatch(valueOf(field), likePattern(pattern), false),
  long: () => FALSE_SQL,
  double: () => FALSE_SQL,
  date: () => FALSE_SQL,
  boolean: () => FALSE_SQL,
  "geo-point": () => FALSE_SQL,
};

/** The literal of a prefix pattern (`refus*`), or null for any other pattern. */
function prefixOf(pattern: string): string | null {
  const parts = wildcardParts(pattern);
  return parts.length === 2 && parts[1] === "*" && parts[0] !== "*" && parts[0] !== "?" ? parts[0] : null;
}

/** A lookup of the terms starting with `prefix`, when the dictionary can range over it (ASCII), else null. */
function prefixLookup(kind: PostingKind, prefix: string | null): PostingsLookup[] | null {
  return prefix !== null && prefixBound(prefix) !== null ? [{ kind, prefix }] : null;
}

/**
 * A prefix pattern on postings: the analysed field's tokens and the lower-cased source starting with the
 * lower-cased literal, the keyword values starting with the literal (escaped as the column holds it). Other
 * patterns are scanned.
 */
const WILDCARD_POSTINGS: PostingsLookups<string> = {
  analysed: (kinds, pattern) => prefixLookup(kinds.token, prefixOf(pattern.toLowerCase())),
  source: (pattern) => prefixLookup("source", prefixOf(pattern)?.toLowerCase() ?? null),
  keyword: (pattern) => {
    const prefix = prefixOf(pattern);
    return prefixLookup("keyword", prefix === null ? null : escapeKeywordValue(prefix));
  },
};

export function wildcardToSql(node: WildcardNode, context: CompileContext): SqlFragment {
  return fieldPredicate(node, context, WILDCARD_SQL, node.pattern, keywordValuesWildcard, WILDCARD_POSTINGS);
}

export function wildcardToLucene(node: WildcardNode, _context: PrintContext): string {
  return `${printField(node.field)}${printWildcardPattern(node.pattern)}`;
}

export const wildcardNode: NodeDefinition<WildcardNode> = {
  kind: WILDCARD,
  is: isWildcardNode,
  toSql: wildcardToSql,
  toLucene: wildcardToLucene,
  children: () => [],
};
