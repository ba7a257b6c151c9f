import { QueryParseError } from "./query-parse-error.ts";
import type { PositionMap } from "./source-position.ts";

/**
 * Lucene's classic query_string lexer (QueryParser.jj), by hand: the default state, the range state after
 * `[`/`{` and the boost state after `^`. Tokens are made on demand, so a parse error early in the text wins over
 * a lexical one later, as in Lucene.
 */
export type TokenKind =
  | "AND" // AND, &&
  | "OR" // OR, ||
  | "NOT" // NOT, !
  | "PLUS"
  | "MINUS"
  | "BAREOPER" // + - ! followed by whitespace: a term of its own
  | "LPAREN"
  | "RPAREN"
  | "COLON"
  | "CARET"
  | "NUMBER" // after ^
  | "FUZZY" // ~ with optional number
  | "TERM" // words, with escapes and wildcards
  | "QUOTED"
  | "REGEX"
  | "RANGE_START"
  | "RANGE_TO"
  | "RANGE_GOOP"
  | "RANGE_QUOTED"
  | "RANGE_END"
  | "EOF";

export interface Token {
  kind: TokenKind;
  /** The text as written. */
  image: string;
  start: number;
  end: number;
  /** Whitespace came right before this token. */
  spaceBefore: boolean;
}

const WHITESPACE = new Set([" ", "\t", "\n", "\r", "\u3000"]);
/** Characters that cannot start a term (besides whitespace); `-`, `+` may continue one, `*`, `?` are wildcards. */
const NOT_TERM_START = new Set('+-!():^[]"{}~*?\\/');

type LexState = "default" | "range" | "boost";

export class Lexer {
  private position = 0;
  private state: LexState = "default";
  private readonly buffer: Token[] = [];

  constructor(private readonly text: string, private readonly positions: PositionMap) {}

  peek(ahead = 0): Token {
    while (this.buffer.length <= ahead) this.buffer.push(this.scan());
    return this.buffer[ahead];
  }

  next(): Token {
    const token = this.peek();
    this.buffer.shift();
    return token;
  }

  private scan(): Token {
    const start = this.position;
    if (this.state !== "boost") {
      while (this.position < this.text.length && WHITESPACE.has(this.text[this.position])) {
        this.position++;
      }
    }
    const spaceBefore = this.position > start;
    if (this.state === "boost") return this.scanBoost(spaceBefore);
    if (this.position >= this.text.length) return this.token("EOF", this.position, spaceBefore);
    if (this.state === "range") return this.scanRange(spaceBefore);
    return this.scanDefault(spaceBefore);
  }

  private token(kind: TokenKind, start: number, spaceBefore: boolean): Token {
    return { kind, image: this.text.slice(start, this.position), start, end: this.position, spaceBefore };
  }

  private scanDefault(spaceBefore: boolean): Token {
    const start = this.position;
    const char = this.text[start];
    const following = this.text[start + 1];
    const single: Record<string, TokenKind> = { "(": "LPAREN", ")": "RPAREN", ":": "COLON" };
    if (char in single) {
      this.position++;
      return this.token(single[char], start, spaceBefore);
    }
    if (char === "+" || char === "-" || char === "!") {
      this.position++;
      if (following !== undefined && WHITESPACE.has(following)) {
        return this.token("BAREOPER", start, spaceBefore);
      }
      return this.token(char === "+" ? "PLUS" : char === "-" ? "MINUS" : "NOT", start, spaceBefore);
    }
    if (char === "^") {
      this.position++;
      this.state = "boost";
      return this.token("CARET", start, spaceBefore);
    }
    if (char === "~") {
      this.position++;
      this.readNumber();
      return this.token("FUZZY", start, spaceBefore);
    }
    if (char === "[" || char === "{") {
      this.position++;
      this.state = "range";
      return this.token("RANGE_START", start, spaceBefore);
    }
    if (char === '"') return this.scanQuoted(spaceBefore);
    if (char === "/") return this.scanRegex(spaceBefore);
    if (char === "]" || char === "}") {
      this.position++;
      return this.token("RANGE_END", start, spaceBefore);
    }
    return this.scanTerm(spaceBefore);
  }

  private scanTerm(spaceBefore: boolean): Token {
    const start = this.position;
    while (this.position < this.text.length) {
      const char = this.text[this.position];
      if (char === "\\") {
        if (this.position + 1 >= this.text.length) {
          throw new QueryParseError(
            `Lexical error at ${
              this.where(this.position)
            }: a backslash must be followed by the character it escapes.`,
            "invalid-escape",
            this.positions.span(this.position, this.position + 1),
            true,
          );
        }
        this.position += 2;
        continue;
      }
      const continues = !WHITESPACE.has(char) &&
        (!NOT_TERM_START.has(char) || char === "-" || char === "+" || char === "*" || char === "?");
      if (!continues) break;
      this.position++;
    }
    const token = this.token("TERM", start, spaceBefore);
    const operators: Record<string, TokenKind> = {
      AND: "AND",
      "&&": "AND",
      OR: "OR",
      "||": "OR",
      NOT: "NOT",
    };
    if (token.image in operators) token.kind = operators[token.image];
    return token;
  }

  private scanQuoted(spaceBefore: boolean): Token {
    const start = this.position;
    this.position++;
    while (this.position < this.text.length && this.text[this.position] !== '"') {
      this.position += this.text[this.position] === "\\" ? 2 : 1;
    }
    if (this.position >= this.text.length) {
      throw new QueryParseError(
        `Lexical error at ${this.where(start)}: the phrase starting here has no closing quote.`,
        "unterminated-phrase",
        this.positions.span(start, this.text.length),
        true,
      );
    }
    this.position++;
    return this.token("QUOTED", start, spaceBefore);
  }

  private scanRegex(spaceBefore: boolean): Token {
    const start = this.position;
    this.position++;
    while (this.position < this.text.length && this.text[this.position] !== "/") {
      this.position += this.text[this.position] === "\\" ? 2 : 1;
    }
    if (this.position >= this.text.length) {
      throw new QueryParseError(
        `Lexical error at ${
          this.where(start)
        }: the regular expression starting here has no closing "/" (escape a literal slash as "\\/").`,
        "unterminated-regex",
        this.positions.span(start, this.text.length),
        true,
      );
    }
    this.position++;
    return this.token("REGEX", start, spaceBefore);
  }

  private scanBoost(spaceBefore: boolean): Token {
    const start = this.position;
    this.state = "default";
    if (!this.readNumber()) {
      throw new QueryParseError(
        `Lexical error at ${this.where(start)}: "^" must be followed by a boost number such as ^2 or ^0.5.`,
        "invalid-boost",
        this.positions.span(start - 1, start),
      );
    }
    return this.token("NUMBER", start, spaceBefore);
  }

  private scanRange(spaceBefore: boolean): Token {
    const start = this.position;
    const char = this.text[start];
    if (char === "]" || char === "}") {
      this.position++;
      this.state = "default";
      return this.token("RANGE_END", start, spaceBefore);
    }
    if (char === '"' && this.text[start + 1] !== '"') {
      let end = start + 1;
      while (end < this.text.length && this.text[end] !== '"') end += this.text[end] === "\\" ? 2 : 1;
      if (end < this.text.length) {
        this.position = end + 1;
        return this.token("RANGE_QUOTED", start, spaceBefore);
      }
    }
    while (this.position < this.text.length) {
      const next = this.text[this.position];
      if (WHITESPACE.has(next) || next === "]" || next === "}") break;
      this.position++;
    }
    const token = this.token("RANGE_GOOP", start, spaceBefore);
    if (token.image === "TO") token.kind = "RANGE_TO";
    return token;
  }

  /** Digits with an optional fraction; returns whether any were read. */
  private readNumber(): boolean {
    const match = /^\d+(?:\.\d+)?/.exec(this.text.slice(this.position));
    if (match) this.position += match[0].length;
    return match !== null;
  }

  private where(offset: number): string {
    const position = this.positions.position(offset);
    return `line ${position.line}, column ${position.column}`;
  }
}

/** Removes Lucene's backslash escapes, including `\uXXXX` (QueryParserBase.discardEscapeChar). */
export function discardEscapes(text: string): string | null {
  let result = "";
  for (let i = 0; i < text.length; i++) {
    if (text[i] !== "\\") {
      result += text[i];
      continue;
    }
    i++;
    if (i >= text.length) return null;
    if (text[i] === "u" && /^[0-9a-fA-F]{4}/.test(text.slice(i + 1, i + 5))) {
      result += String.fromCharCode(parseInt(text.slice(i + 1, i + 5), 16));
      i += 4;
    } else {
      result += text[i];
    }
  }
  return result;
}
