import type { QueryNode } from "./ast.ts";
import { discardEscapes, Lexer, type Token, type TokenKind } from "./lexer.ts";
import { luceneRegexToRe2, RegexSyntaxError } from "./lucene-regex.ts";
import { BOOL, type BoolNode, type Clause, type Occur } from "./nodes/bool.ts";
import { BOOST } from "./nodes/boost.ts";
import { EXISTS } from "./nodes/exists.ts";
import { FUZZY } from "./nodes/fuzzy.ts";
import { MATCH_ALL } from "./nodes/match-all.ts";
import { PHRASE } from "./nodes/phrase.ts";
import { RANGE } from "./nodes/range.ts";
import { REGEX } from "./nodes/regex.ts";
import { TERM } from "./nodes/term.ts";
import { WILDCARD } from "./nodes/wildcard.ts";
import { QueryParseError, type QueryParseErrorCode } from "./query-parse-error.ts";
import { PositionMap, type Span } from "./source-position.ts";

export interface ParseOptions {
  /** Graylog's `allow_leading_wildcard_searches` (off by default): `*foo` and `?oo`. */
  allowLeadingWildcard?: boolean;
}

/** The fuzzy distance of `term~` without a number (Graylog documents 2). */
export const DEFAULT_FUZZY_EDITS = 2;
/** Deeper nesting is refused rather than risking the stack on hostile input. */
const MAX_DEPTH = 200;
const MAX_BOOST_CHAIN = 10;

/**
 * Parses a Graylog search query (Lucene classic query_string syntax, as Elasticsearch reads it) into the AST.
 * Empty or blank text and `*` are match-all. Throws only QueryParseError.
 */
export function parseQuery(query: string, options: ParseOptions = {}): QueryNode {
  return new Parser(query, options).parseTop();
}

type Modifier = "none" | "required" | "prohibited";
type Conjunction = "none" | "and" | "or";

interface DefaultField {
  name: string | null;
  span?: Span;
}

const CLAUSE_START: ReadonlySet<TokenKind> = new Set([
  "TERM",
  "QUOTED",
  "REGEX",
  "RANGE_START",
  "LPAREN",
  "BAREOPER",
]);

class Parser {
  private readonly positions: PositionMap;
  private readonly lexer: Lexer;
  private depth = 0;

  constructor(private readonly text: string, private readonly options: ParseOptions) {
    this.positions = new PositionMap(text);
    this.lexer = new Lexer(text, this.positions);
  }

  parseTop(): QueryNode {
    if (this.lexer.peek().kind === "EOF") return { kind: MATCH_ALL, span: this.span(0, this.text.length) };
    const query = this.parseClauses({ name: null }, null);
    const extra = this.lexer.peek();
    if (extra.kind === "RPAREN") {
      this.fail(
        `Encountered ")" at ${this.where(extra)} without a matching "(".`,
        "unbalanced-parenthesis",
        extra,
      );
    }
    if (extra.kind !== "EOF") {
      this.fail(`Encountered "${extra.image}" at ${this.where(extra)}.`, "unexpected-token", extra);
    }
    return query;
  }

  /** Query := Modifiers Clause (Conjunction? Modifiers Clause)*, building clauses like Lucene's addClause. */
  private parseClauses(field: DefaultField, open: Token | null): QueryNode {
    const clauses: Clause[] = [];
    let first = true;
    for (;;) {
      const next = this.lexer.peek();
      if (!first && (next.kind === "EOF" || next.kind === "RPAREN")) break;
      let conjunction: Conjunction = "none";
      let operator: Token | null = null;
      if (!first && (next.kind === "AND" || next.kind === "OR")) {
        operator = this.lexer.next();
        conjunction = operator.kind === "AND" ? "and" : "or";
      }
      let modifier: Modifier = "none";
      const modifierToken = this.lexer.peek();
      if (modifierToken.kind === "PLUS" || modifierToken.kind === "MINUS" || modifierToken.kind === "NOT") {
        this.lexer.next();
        operator = modifierToken;
        modifier = modifierToken.kind === "PLUS" ? "required" : "prohibited";
      }
      const start = this.lexer.peek();
      if (!CLAUSE_START.has(start.kind)) this.unexpectedClauseStart(start, operator, open);
      const query = this.parseClause(field);
      addClause(clauses, conjunction, modifier, query);
      first = false;
    }
    if (clauses.length === 1 && clauses[0].occur !== "mustNot") return clauses[0].query;
    const bool: BoolNode = { kind: BOOL, clauses };
    const firstSpan = clauses[0].query.span;
    const lastSpan = clauses[clauses.length - 1].query.span;
    if (firstSpan && lastSpan) bool.span = { start: firstSpan.start, end: lastSpan.end };
    return bool;
  }

  private unexpectedClauseStart(token: Token, operator: Token | null, open: Token | null): never {
    if (operator && (token.kind === "EOF" || token.kind === "RPAREN")) {
      this.fail(
        `Operator "${operator.image}" at ${this.where(operator)} is not followed by a clause.`,
        "dangling-operator",
        operator,
        token.kind === "EOF",
      );
    }
    if (token.kind === "EOF") {
      if (open) {
        this.fail(`Missing ")" for the "(" at ${this.where(open)}.`, "unbalanced-parenthesis", open, true);
      }
      this.fail(`Encountered "<EOF>" at ${this.where(token)}.`, "unexpected-end", token, true);
    }
    if (token.kind === "RPAREN") {
      this.fail(
        open
          ? `Empty group: ")" at ${this.where(token)} closes "(" without a clause.`
          : `Encountered ")" at ${this.where(token)} without a matching "(".`,
        "unbalanced-parenthesis",
        token,
      );
    }
    if (token.kind === "AND" || token.kind === "OR") {
      this.fail(
        `Operator "${token.image}" at ${this.where(token)} has no clause before it.`,
        "dangling-operator",
        token,
      );
    }
    this.fail(`Encountered "${token.image}" at ${this.where(token)}.`, "unexpected-token", token);
  }

  /** Clause := [field ":"] (Term | "(" Query ")" ["^" boost]) */
  private parseClause(field: DefaultField): QueryNode {
    const token = this.lexer.peek();
    if (token.kind === "TERM" && this.lexer.peek(1).kind === "COLON") {
      this.lexer.next();
      const colon = this.lexer.next();
      const name = discardEscapes(token.image)!;
      if (hasUnescapedWildcard(token.image) && token.image !== "*") {
        this.fail(
          `Encountered ":" at ${
            this.where(colon)
          }: a field name cannot contain unescaped "*" or "?" (escape them to search several fields).`,
          "invalid-field",
          colon,
        );
      }
      const named: DefaultField = token.image === "*"
        ? { name: null }
        : { name, span: this.span(token.start, token.end) };
      const value = this.lexer.peek();
      if (value.kind === "LPAREN") return this.parseGroup(named, token);
      if (!CLAUSE_START.has(value.kind)) {
        if (value.kind === "EOF") {
          this.fail(
            `Field "${name}" at ${this.where(token)} has no value after ":".`,
            "unexpected-end",
            value,
            true,
          );
        }
        this.fail(
          `Encountered "${value.image}" at ${
            this.where(value)
          } where a value for field "${name}" was expected.`,
          "unexpected-token",
          value,
        );
      }
      return this.parseTerm(named, token);
    }
    if (token.kind === "LPAREN") return this.parseGroup(field, null);
    return this.parseTerm(field, null);
  }

  private parseGroup(field: DefaultField, fieldToken: Token | null): QueryNode {
    const open = this.lexer.next();
    if (++this.depth > MAX_DEPTH) {
      this.fail(`The query nests groups more than ${MAX_DEPTH} levels deep.`, "too-deep", open);
    }
    const inner = this.parseClauses(field, open);
    this.depth--;
    const close = this.lexer.peek();
    if (close.kind !== "RPAREN") {
      if (close.kind === "EOF") {
        this.fail(`Missing ")" for the "(" at ${this.where(open)}.`, "unbalanced-parenthesis", open, true);
      }
      this.fail(`Encountered "${close.image}" at ${this.where(close)}.`, "unexpected-token", close);
    }
    this.lexer.next();
    const start = fieldToken ? fieldToken.start : open.start;
    const grouped = inner.kind === BOOL ? { ...inner, span: this.span(start, close.end) } : inner;
    return this.withBoost(grouped, start);
  }

  private parseTerm(field: DefaultField, fieldToken: Token | null): QueryNode {
    const token = this.lexer.next();
    const start = fieldToken ? fieldToken.start : token.start;
    const leaf = { field: field.name, ...(field.span ? { fieldSpan: field.span } : {}) };
    switch (token.kind) {
      case "QUOTED": {
        const slop = this.optionalFuzzy();
        const text = this.unescape(token, token.image.slice(1, -1));
        const node: QueryNode = field.name === "_exists_"
          ? {
            kind: EXISTS,
            field: text,
            fieldSpan: this.span(token.start, token.end),
            span: this.span(start, this.lastEnd(token)),
          }
          : {
            kind: PHRASE,
            ...leaf,
            text,
            slop: slop === null || slop < 0 ? 0 : Math.floor(slop),
            span: this.span(start, this.lastEnd(token)),
          };
        return this.withBoost(node, start);
      }
      case "REGEX": {
        this.optionalFuzzy();
        const pattern = token.image.slice(1, -1);
        try {
          luceneRegexToRe2(pattern);
        } catch (error) {
          if (!(error instanceof RegexSyntaxError)) throw error;
          this.fail(
            `Invalid regular expression ${token.image} at ${this.where(token)}: ${error.message}.`,
            "invalid-regex",
            token,
          );
        }
        return this.withBoost({ kind: REGEX, ...leaf, pattern, span: this.span(start, token.end) }, start);
      }
      case "RANGE_START":
        return this.withBoost(this.parseRange(token, leaf, start), start);
      case "BAREOPER": {
        const span = this.span(start, token.end);
        const node: QueryNode = field.name === "_exists_"
          ? { kind: EXISTS, field: token.image, fieldSpan: this.span(token.start, token.end), span }
          : { kind: TERM, ...leaf, value: token.image, span };
        return this.withBoost(node, start);
      }
      case "TERM":
        return this.parseWord(token, field, leaf, start);
      default:
        this.fail(`Encountered "${token.image}" at ${this.where(token)}.`, "unexpected-token", token);
    }
  }

  /** A bare word: match-all, exists, wildcard, fuzzy, comparison or plain term (Lucene's handleBareTokenQuery order). */
  private parseWord(
    token: Token,
    field: DefaultField,
    leaf: { field: string | null; fieldSpan?: Span },
    start: number,
  ): QueryNode {
    let fuzzy = this.optionalFuzzy();
    const span = this.span(start, this.lastEnd(token));
    let boost: number | null = null;
    if (this.lexer.peek().kind === "CARET") {
      // Lucene allows `term^2~1`: the fuzzy suffix may follow the boost.
      boost = this.boostNumber();
      fuzzy = this.optionalFuzzy() ?? fuzzy;
    }
    const value = this.unescape(token, token.image);
    let node: QueryNode;
    if (token.image === "*") {
      node = field.name === null
        ? { kind: MATCH_ALL, span }
        : { kind: EXISTS, field: field.name, ...(field.span ? { fieldSpan: field.span } : {}), span };
    } else if (hasUnescapedWildcard(token.image)) {
      if (!this.options.allowLeadingWildcard && (token.image[0] === "*" || token.image[0] === "?")) {
        this.fail(
          `'*' or '?' not allowed as first character in WildcardQuery (${token.image} at ${
            this.where(token)
          }); leading wildcards are disabled.`,
          "leading-wildcard",
          token,
        );
      }
      node = { kind: WILDCARD, ...leaf, pattern: wildcardPattern(token.image), span };
    } else if (fuzzy !== null) {
      node = {
        kind: FUZZY,
        ...leaf,
        value,
        maxEdits: fuzzy === -1 ? DEFAULT_FUZZY_EDITS : Math.min(2, Math.floor(fuzzy)),
        span,
      };
    } else if (field.name === "_exists_") {
      node = { kind: EXISTS, field: value, fieldSpan: this.span(token.start, token.end), span };
    } else {
      node = this.comparison(token, value, leaf, start) ?? { kind: TERM, ...leaf, value, span };
    }
    if (boost !== null) {
      node = { kind: BOOST, query: node, factor: boost, span: this.span(start, this.lexerEnd) };
    }
    return this.withBoost(node, start);
  }

  /**
   * `>5`, `>=now-1h` (Elasticsearch's getFieldQuery: `>=` alone is "greater than '='"), and our extension: a
   * quoted value right after a lone operator, `>="2024-01-01 00:00:00"`.
   */
  private comparison(
    token: Token,
    value: string,
    leaf: { field: string | null; fieldSpan?: Span },
    start: number,
  ): QueryNode | null {
    const next = this.lexer.peek();
    if (
      (token.image === ">" || token.image === ">=" || token.image === "<" || token.image === "<=") &&
      next.kind === "QUOTED" && !next.spaceBefore
    ) {
      this.lexer.next();
      return this.bounded(token.image, this.unescape(next, next.image.slice(1, -1)), leaf, start, next.end);
    }
    if (value.length < 2 || (value[0] !== ">" && value[0] !== "<")) return null;
    const inclusive = value.length > 2 && value[1] === "=";
    return this.bounded(
      inclusive ? `${value[0]}=` : value[0],
      value.slice(inclusive ? 2 : 1),
      leaf,
      start,
      this.lastEnd(token),
    );
  }

  private bounded(
    operator: string,
    bound: string,
    leaf: { field: string | null; fieldSpan?: Span },
    start: number,
    end: number,
  ): QueryNode {
    const span = this.span(start, end);
    return operator[0] === ">"
      ? {
        kind: RANGE,
        ...leaf,
        lower: bound,
        upper: null,
        includeLower: operator === ">=",
        includeUpper: true,
        span,
      }
      : {
        kind: RANGE,
        ...leaf,
        lower: null,
        upper: bound,
        includeLower: true,
        includeUpper: operator === "<=",
        span,
      };
  }

  private parseRange(
    open: Token,
    leaf: { field: string | null; fieldSpan?: Span },
    start: number,
  ): QueryNode {
    const lower = this.rangeBound(open);
    const to = this.lexer.next();
    if (to.kind !== "RANGE_TO") this.rangeError(open, to, `"TO" was expected`);
    const upper = this.rangeBound(open);
    const close = this.lexer.next();
    if (close.kind !== "RANGE_END") this.rangeError(open, close, `"]" or "}" was expected`);
    return {
      kind: RANGE,
      ...leaf,
      lower,
      upper,
      includeLower: open.image === "[",
      includeUpper: close.image === "]",
      span: this.span(start, close.end),
    };
  }

  private rangeBound(open: Token): string | null {
    const token = this.lexer.next();
    if (token.kind === "RANGE_GOOP" || token.kind === "RANGE_TO") {
      return token.image === "*" ? null : this.unescape(token, token.image);
    }
    if (token.kind === "RANGE_QUOTED") return this.unescape(token, token.image.slice(1, -1));
    this.rangeError(open, token, "a range bound was expected");
  }

  private rangeError(open: Token, token: Token, expectation: string): never {
    if (token.kind === "EOF") {
      this.fail(
        `The range starting at ${
          this.where(open)
        } is incomplete: ${expectation} before the end of the query.`,
        "missing-range-end",
        {
          ...open,
          end: this.text.length,
        },
        true,
      );
    }
    this.fail(
      `Encountered "${token.image}" at ${this.where(token)} in the range starting at ${
        this.where(open)
      }: ${expectation}.`,
      "invalid-range",
      token,
    );
  }

  /** `~` or `~n`: -1 for a bare `~`, the number otherwise, null when absent. */
  private optionalFuzzy(): number | null {
    if (this.lexer.peek().kind !== "FUZZY") return null;
    const token = this.lexer.next();
    this.lexerEnd = token.end;
    return token.image.length === 1 ? -1 : Number(token.image.slice(1));
  }

  private lexerEnd = 0;

  /** End of the token or of the `~`/`^` suffixes just read after it. */
  private lastEnd(token: Token): number {
    return Math.max(token.end, this.lexerEnd);
  }

  private boostNumber(): number {
    this.lexer.next();
    const number = this.lexer.next();
    this.lexerEnd = number.end;
    return Number(number.image);
  }

  private withBoost(node: QueryNode, start: number): QueryNode {
    let boosted = node;
    for (let chain = 0; this.lexer.peek().kind === "CARET"; chain++) {
      if (chain >= MAX_BOOST_CHAIN) {
        this.fail(`More than ${MAX_BOOST_CHAIN} boosts in a row.`, "too-deep", this.lexer.peek());
      }
      const factor = this.boostNumber();
      boosted = { kind: BOOST, query: boosted, factor, span: this.span(start, this.lexerEnd) };
    }
    return boosted;
  }

  private unescape(token: Token, raw: string): string {
    const value = discardEscapes(raw);
    if (value === null) {
      this.fail(
        `Lexical error at ${this.where(token)}: a backslash must be followed by the character it escapes.`,
        "invalid-escape",
        token,
        true,
      );
    }
    return value;
  }

  private span(start: number, end: number): Span {
    return this.positions.span(start, end);
  }

  private where(token: Token): string {
    const position = this.positions.position(token.start);
    return `line ${position.line}, column ${position.column}`;
  }

  private fail(
    message: string,
    code: QueryParseErrorCode,
    token: Pick<Token, "start" | "end">,
    unexpectedEnd = false,
  ): never {
    throw new QueryParseError(message, code, this.span(token.start, token.end), unexpectedEnd);
  }
}

/** Lucene's addClause with the default operator OR. */
function addClause(clauses: Clause[], conjunction: Conjunction, modifier: Modifier, query: QueryNode): void {
  if (clauses.length > 0 && conjunction === "and") {
    const previous = clauses[clauses.length - 1];
    if (previous.occur !== "mustNot") previous.occur = "must";
  }
  const prohibited = modifier === "prohibited";
  const required = modifier === "required" || (conjunction === "and" && !prohibited);
  const occur: Occur = prohibited ? "mustNot" : required ? "must" : "should";
  clauses.push({ occur, query });
}

function hasUnescapedWildcard(image: string): boolean {
  for (let i = 0; i < image.length; i++) {
    if (image[i] === "\\") i++;
    else if (image[i] === "*" || image[i] === "?") return true;
  }
  return false;
}

/** Keeps wildcards and escapes of `* ? \`; every other escape is resolved (so equal patterns compare equal). */
function wildcardPattern(image: string): string {
  let pattern = "";
  for (let i = 0; i < image.length; i++) {
    const char = image[i];
    if (char !== "\\") {
      pattern += char;
      continue;
    }
    const escaped = image[++i];
    if (escaped === "*" || escaped === "?" || escaped === "\\") pattern += `\\${escaped}`;
    else if (escaped === "u" && /^[0-9a-fA-F]{4}/.test(image.slice(i + 1, i + 5))) {
      const decoded = String.fromCharCode(parseInt(image.slice(i + 1, i + 5), 16));
      pattern += decoded === "*" || decoded === "?" || decoded === "\\" ? `\\${decoded}` : decoded;
      i += 4;
    } else pattern += escaped;
  }
  return pattern;
}
