import type { NodeKind, QueryNode } from "../query/mod.ts";
import { tokenSpans } from "./field-catalog.ts";

/** A term the user searched for: where (a field, or every field) and what matches. */
export interface HighlightTerm {
  field: string | null;
  /** Matches one token of an analysed value. */
  token: (token: string) => boolean;
  /** Matches a whole keyword value. */
  value: (value: string) => boolean;
}

export type HighlightRanges = Record<string, { start: number; length: number }[]>;

type Collector = (node: never, negated: boolean, terms: HighlightTerm[]) => void;

/** What each node kind contributes to highlighting: positive terms only, never what is excluded. */
const COLLECTORS: { [K in NodeKind]: (node: Extract<QueryNode, { kind: K }>, negated: boolean, terms: HighlightTerm[]) => void } = {
  matchAll: () => {},
  exists: () => {},
  range: () => {},
  regex: () => {},
  bool: (node, negated, terms) => {
    for (const clause of node.clauses) collect(clause.query, negated || clause.occur === "mustNot", terms);
  },
  boost: (node, negated, terms) => collect(node.query, negated, terms),
  term: (node, negated, terms) => {
    if (negated) return;
    const lower = node.value.toLowerCase();
    terms.push({ field: node.field, token: (token) => token === lower, value: (value) => value === node.value || value.toLowerCase() === lower });
  },
  fuzzy: (node, negated, terms) => {
    if (negated) return;
    const lower = node.value.toLowerCase();
    terms.push({ field: node.field, token: (token) => token === lower, value: (value) => value.toLowerCase() === lower });
  },
  phrase: (node, negated, terms) => {
    if (negated) return;
    const words = new Set(tokenSpans(node.text).map((span) => span.token));
    terms.push({ field: node.field, token: (token) => words.has(token), value: (value) => value.toLowerCase() === node.text.toLowerCase() });
  },
  wildcard: (node, negated, terms) => {
    if (negated) return;
    const pattern = wildcardRegex(node.pattern);
    terms.push({ field: node.field, token: (token) => pattern.test(token), value: (value) => pattern.test(value.toLowerCase()) });
  },
};

function collect(node: QueryNode, negated: boolean, terms: HighlightTerm[]): void {
  (COLLECTORS[node.kind] as Collector)(node as never, negated, terms);
}

/** The positive search terms of a query, for `highlightRanges`. */
export function highlightTerms(node: QueryNode): HighlightTerm[] {
  const terms: HighlightTerm[] = [];
  collect(node, false, terms);
  return terms;
}

/**
 * Where the search terms occur in a message's string fields: whole analysed tokens in `message` and
 * `full_message`, whole values in keyword fields (what Elasticsearch's highlighter would mark).
 */
export function highlightRanges(
  fields: Record<string, unknown>,
  terms: readonly HighlightTerm[],
  isAnalyzed: (field: string) => boolean,
): HighlightRanges | undefined {
  if (terms.length === 0) return undefined;
  const ranges: HighlightRanges = {};
  for (const [field, value] of Object.entries(fields)) {
    if (typeof value !== "string" || field.startsWith("gl2_") || field === "_id") continue;
    const relevant = relevantTerms(terms, field);
    if (relevant.length === 0) continue;
    if (isAnalyzed(field)) {
      const spans = tokenSpans(value).filter((span) => relevant.some((term) => term.token(span.token)));
      if (spans.length > 0) ranges[field] = spans.map(({ start, length }) => ({ start, length }));
    } else if (relevant.some((term) => term.value(value))) {
      ranges[field] = [{ start: 0, length: value.length }];
    }
  }
  return Object.keys(ranges).length > 0 ? ranges : undefined;
}

/** Per list of terms (one per search type run), the terms that apply to each field name, worked out once. */
const termsByField = new WeakMap<readonly HighlightTerm[], Map<string, HighlightTerm[]>>();

/** The terms that may mark `field`: a page's 150 messages share their field names, so this is mostly a lookup. */
function relevantTerms(terms: readonly HighlightTerm[], field: string): HighlightTerm[] {
  let byField = termsByField.get(terms);
  if (!byField) termsByField.set(terms, byField = new Map());
  let relevant = byField.get(field);
  if (!relevant) {
    relevant = terms.filter((term) => term.field === null || matchesFieldPattern(term.field, field));
    byField.set(field, relevant);
  }
  return relevant;
}

function matchesFieldPattern(pattern: string, field: string): boolean {
  return pattern.includes("*") ? wildcardRegex(pattern, false).test(field) : pattern === field;
}

/** Lucene wildcard (`*`, `?`, backslash escapes) as an anchored RegExp. */
function wildcardRegex(pattern: string, lower = true): RegExp {
  let source = "";
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "\\" && i + 1 < pattern.length) source += escapeRegex(pattern[++i]);
    else if (char === "*") source += ".*";
    else if (char === "?") source += ".";
    else source += escapeRegex(char);
  }
  return new RegExp(`^${lower ? source.toLowerCase() : source}$`, "s");
}

function escapeRegex(char: string): string {
  return char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
}
