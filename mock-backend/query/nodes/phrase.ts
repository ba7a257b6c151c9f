import { analyze } from "../../search/field-catalog.ts";
import type { FieldedNode, QueryNode } from "../ast.ts";
import {
  type CompileContext,
  type FieldClassTable,
  fieldPredicate,
  tokensOf,
  tokenTextContains,
  tokenTextOf,
} from "../compile-context.ts";
import { printField, quotePhrase } from "../lucene-escape.ts";
import type { NodeDefinition, PrintContext } from "../node-definition.ts";
import { allOf, FALSE_SQL, sql, type SqlFragment, trusted } from "../sql-fragment.ts";
import type { PostingsLookups } from "../term-postings.ts";
import { KEYWORD_VALUES_EQUAL, VALUE_EQUALS, VALUE_POSTINGS } from "./term.ts";

/**
 * `"a b"` and the proximity form `"a b"~5`. On analysed text the phrase's tokens must appear consecutively and
 * in order; with a slop, Lucene's sloppy rule: some placement of the tokens whose offsets (position minus index
 * in the phrase) lie within `slop` of each other, so reordering costs slop too. On every other field a phrase
 * is the exact value (keywords have one token).
 */
export const PHRASE = "phrase";

export interface PhraseNode extends FieldedNode {
  kind: typeof PHRASE;
  text: string;
  /** 0 for an exact phrase. */
  slop: number;
}

export function isPhraseNode(node: QueryNode): node is PhraseNode {
  return node.kind === PHRASE;
}

interface PhraseArgs {
  text: string;
  slop: number;
}

function analysedPhrase(
  field: Parameters<FieldClassTable<PhraseArgs>["analyzed"]>[0],
  { text, slop }: PhraseArgs,
): SqlFragment {
  const tokens = analyze(text);
  if (tokens.length === 0) return FALSE_SQL;
  const tokenList = tokensOf(field);
  const tokenText = tokenTextOf(field);
  if (tokenText) {
    // Consecutive and in order is one substring of the token text; with a slop, each token's presence first.
    if (slop === 0 || tokens.length === 1) return tokenTextContains(tokenText, tokens.join(" "));
    return allOf([
      ...[...new Set(tokens)].map((token) => tokenTextContains(tokenText, token)),
      sloppyMatch(tokenList, tokens, slop),
    ]);
  }
  // Cheap membership first: DuckDB evaluates AND left to right on the rows that survive.
  const present = [...new Set(tokens)].map((token) => sql`list_contains(${tokenList}, ${token})`);
  if (tokens.length === 1) return present[0];
  if (slop === 0) {
    // Tokens never contain spaces, so "consecutive in order" is a substring of the space-joined list.
    return allOf([
      ...present,
      sql`contains(' ' || array_to_string(${tokenList}, ' ') || ' ', ${` ${tokens.join(" ")} `})`,
    ]);
  }
  return allOf([...present, sloppyMatch(tokenList, tokens, slop)]);
}

/**
 * Some start offset `q_b` such that every phrase token k occurs at a position p with q_b <= p - k <= q_b + slop.
 * The offsets of token k are `offsets(k)`; candidates for q_b are all of them.
 */
function sloppyMatch(tokenList: SqlFragment, tokens: string[], slop: number): SqlFragment {
  // The token list is bound once per row (`q_l`): the lambdas below read it once per candidate and token, and the
  // store makes it of the text per read (store/derived-text.ts).
  const list = trusted("q_l");
  const offsets = (index: number) =>
    sql`list_filter(list_transform(${list}, lambda q_t, q_i: CASE WHEN q_t = ${
      tokens[index]
    } THEN q_i - ${index} END), lambda q_o: q_o IS NOT NULL)`;
  const candidates = tokens.map((_, index) => offsets(index));
  const concatenated = candidates.length === 1
    ? candidates[0]
    : sql`list_concat(${joinFragments(candidates)})`;
  const within = tokens.map((_, index) =>
    sql`len(list_filter(${offsets(index)}, lambda q_o: q_o BETWEEN q_b AND q_b + ${slop})) > 0`
  );
  return sql`(list_transform([${tokenList}], lambda q_l: len(list_filter(${concatenated}, lambda q_b: ${
    joinFragments(within, " AND ")
  })) > 0)[1])`;
}

function joinFragments(parts: SqlFragment[], separator = ", "): SqlFragment {
  return parts.reduce((
    joined,
    part,
    index,
  ) => (index === 0 ? part : sql`${joined}${trusted(separator)}${part}`));
}

const PHRASE_SQL: FieldClassTable<PhraseArgs> = {
  analyzed: analysedPhrase,
  "keyword-ci": (field, { text }, context) => VALUE_EQUALS["keyword-ci"](field, text, context),
  keyword: (field, { text }, context) => VALUE_EQUALS.keyword(field, text, context),
  ip: (field, { text }, context) => VALUE_EQUALS.ip(field, text, context),
  long: (field, { text }, context) => VALUE_EQUALS.long(field, text, context),
  double: (field, { text }, context) => VALUE_EQUALS.double(field, text, context),
  date: (field, { text }, context) => VALUE_EQUALS.date(field, text, context),
  boolean: (field, { text }, context) => VALUE_EQUALS.boolean(field, text, context),
  "geo-point": () => FALSE_SQL,
};

/**
 * A phrase on postings: on analysed text, one token is that token's postings and two consecutive tokens are their
 * pair's (exactly the substring test of the token text). A longer phrase holds each of its consecutive pairs, a
 * sloppy one each of its tokens: the messages with all of those postings are the candidates, and the phrase's
 * scanning test decides on them alone (a message holding the pairs apart is a candidate, not a hit). Elsewhere
 * the whole value, as a term.
 */
const PHRASE_POSTINGS: PostingsLookups<PhraseArgs> = {
  analysed: (kinds, { text, slop }, scan) => {
    const tokens = analyze(text);
    if (tokens.length === 0) return [];
    if (tokens.length === 1) return [{ kind: kinds.token, term: sql`${tokens[0]}` }];
    if (tokens.length === 2 && slop === 0) return [{ kind: kinds.pair, term: sql`${tokens.join(" ")}` }];
    const terms = slop === 0 ? tokens.slice(1).map((token, index) => `${tokens[index]} ${token}`) : tokens;
    return [{
      kind: slop === 0 ? kinds.pair : kinds.token,
      allTerms: [...new Set(terms)].map((term) => sql`${term}`),
      verify: scan,
    }];
  },
  source: ({ text }) => VALUE_POSTINGS.source(text),
  keyword: ({ text }) => VALUE_POSTINGS.keyword(text),
};

export function phraseToSql(node: PhraseNode, context: CompileContext): SqlFragment {
  return fieldPredicate(
    node,
    context,
    PHRASE_SQL,
    { text: node.text, slop: node.slop },
    (column, { text }) => KEYWORD_VALUES_EQUAL(column, text),
    PHRASE_POSTINGS,
  );
}

export function phraseToLucene(node: PhraseNode, _context: PrintContext): string {
  return `${printField(node.field)}${quotePhrase(node.text)}${node.slop > 0 ? `~${node.slop}` : ""}`;
}

export const phraseNode: NodeDefinition<PhraseNode> = {
  kind: PHRASE,
  is: isPhraseNode,
  toSql: phraseToSql,
  toLucene: phraseToLucene,
  children: () => [],
};
