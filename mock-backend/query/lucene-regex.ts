/**
 * Lucene's regular expression syntax (org.apache.lucene.util.automaton.RegExp, as Elasticsearch's query_string
 * uses it) translated into a pattern that RE2 (DuckDB's `regexp_full_match`) and JavaScript (`u` flag) read the
 * same way. Lucene patterns are anchored: the caller matches the whole token or value. Supported: literals,
 * `\` escapes, `.`, `[…]`/`[^…]` classes with ranges, `\d \D \w \W \s \S`, groups, `|`, `? * + {n} {n,} {n,m}`,
 * `"…"` literal strings, `@` (any string) and `#` (the empty language). Intersection `&`, complement `~` and
 * numeric intervals `<n-m>` have no RE2 form and are refused with an explanation.
 */
export class RegexSyntaxError extends Error {
  override readonly name = "RegexSyntaxError";
}

const ANY = "[\\s\\S]";
const CLASS_SHORTHANDS: Record<string, string> = { d: "0-9", w: "0-9A-Z_a-z", s: "\\t-\\r " };
const LITERAL_SPECIAL = new Set(["\\", "^", "$", ".", "|", "?", "*", "+", "(", ")", "[", "]", "{", "}", "/"]);
const CLASS_SPECIAL = new Set(["\\", "]", "[", "^", "-"]);
const MAX_REPEAT = 1000;

export function luceneRegexToRe2(pattern: string): string {
  const parser = new RegexParser([...pattern]);
  const result = parser.union();
  if (parser.more()) throw new RegexSyntaxError(`unexpected "${parser.peek()}" at position ${parser.index}`);
  return result;
}

class RegexParser {
  index = 0;

  constructor(private readonly chars: string[]) {}

  more(): boolean {
    return this.index < this.chars.length;
  }

  peek(): string {
    return this.chars[this.index];
  }

  private take(): string {
    if (!this.more()) throw new RegexSyntaxError("unexpected end of the regular expression");
    return this.chars[this.index++];
  }

  private match(char: string): boolean {
    if (this.more() && this.peek() === char) {
      this.index++;
      return true;
    }
    return false;
  }

  union(): string {
    let result = this.concatenation();
    while (this.match("|")) result = `${result}|${this.concatenation()}`;
    return result;
  }

  private concatenation(): string {
    const pieces: string[] = [];
    while (this.more() && this.peek() !== "|" && this.peek() !== ")") pieces.push(this.repeat());
    if (pieces.length === 0) throw new RegexSyntaxError(`empty expression at position ${this.index}`);
    return pieces.join("");
  }

  private repeat(): string {
    let piece = this.atom();
    for (;;) {
      if (this.match("*")) piece = `(?:${piece})*`;
      else if (this.match("+")) piece = `(?:${piece})+`;
      else if (this.match("?")) piece = `(?:${piece})?`;
      else if (this.more() && this.peek() === "{") piece = `(?:${piece})${this.bounds()}`;
      else return piece;
    }
  }

  private bounds(): string {
    this.take();
    const min = this.integer();
    let max: number | null = min;
    if (this.match(",")) max = this.more() && /\d/.test(this.peek()) ? this.integer() : null;
    if (!this.match("}")) throw new RegexSyntaxError(`expected "}" at position ${this.index}`);
    if (max !== null && max < min) {
      throw new RegexSyntaxError(`repeat {${min},${max}} has its maximum below its minimum`);
    }
    if (min > MAX_REPEAT || (max ?? 0) > MAX_REPEAT) {
      throw new RegexSyntaxError(`repeat counts above ${MAX_REPEAT} are not supported`);
    }
    return max === min ? `{${min}}` : max === null ? `{${min},}` : `{${min},${max}}`;
  }

  private integer(): number {
    const start = this.index;
    while (this.more() && /\d/.test(this.peek())) this.index++;
    if (start === this.index) throw new RegexSyntaxError(`integer expected at position ${start}`);
    return Number(this.chars.slice(start, this.index).join(""));
  }

  private atom(): string {
    const char = this.take();
    switch (char) {
      case ".":
        return ANY;
      case "@":
        return `${ANY}*`;
      case "#":
        return "[^\\s\\S]";
      case "(":
        if (this.match(")")) return "(?:)";
        {
          const inner = this.union();
          if (!this.match(")")) throw new RegexSyntaxError(`expected ")" at position ${this.index}`);
          return `(?:${inner})`;
        }
      case "[":
        return this.characterClass();
      case '"': {
        let literal = "";
        while (this.more() && this.peek() !== '"') literal += escapeLiteral(this.take());
        if (!this.match('"')) throw new RegexSyntaxError('a quoted string has no closing "');
        return `(?:${literal})`;
      }
      case "\\": {
        const escaped = this.take();
        const shorthand = CLASS_SHORTHANDS[escaped.toLowerCase()];
        if (shorthand !== undefined) {
          return escaped === escaped.toLowerCase() ? `[${shorthand}]` : `[^${shorthand}]`;
        }
        return escapeLiteral(escaped);
      }
      case "&":
      case "~":
      case "<":
        throw new RegexSyntaxError(
          `Lucene's "${char}" operator (intersection, complement, numeric interval) is not supported; escape it as "\\${char}" to match it literally`,
        );
      case "*":
      case "+":
      case "?":
      case "{":
        throw new RegexSyntaxError(`"${char}" at position ${this.index - 1} has nothing to repeat`);
      default:
        return escapeLiteral(char);
    }
  }

  private characterClass(): string {
    const negated = this.match("^");
    let body = "";
    let first = true;
    while (first || (this.more() && this.peek() !== "]")) {
      first = false;
      const start = this.classChar();
      if (start.shorthand !== undefined) {
        body += start.shorthand;
        continue;
      }
      if (
        this.more() && this.peek() === "-" && this.chars[this.index + 1] !== "]" &&
        this.index + 1 < this.chars.length
      ) {
        this.take();
        const end = this.classChar();
        if (end.shorthand !== undefined) throw new RegexSyntaxError("a class shorthand cannot end a range");
        if (end.char.codePointAt(0)! < start.char.codePointAt(0)!) {
          throw new RegexSyntaxError(`invalid range ${start.char}-${end.char}`);
        }
        body += `${escapeClass(start.char)}-${escapeClass(end.char)}`;
      } else {
        body += escapeClass(start.char);
      }
    }
    if (!this.match("]")) throw new RegexSyntaxError('a character class has no closing "]"');
    return `[${negated ? "^" : ""}${body}]`;
  }

  private classChar(): { char: string; shorthand?: string } {
    const char = this.take();
    if (char !== "\\") return { char };
    const escaped = this.take();
    const shorthand = CLASS_SHORTHANDS[escaped];
    return shorthand !== undefined ? { char: escaped, shorthand } : { char: escaped };
  }
}

function escapeLiteral(char: string): string {
  return LITERAL_SPECIAL.has(char) ? `\\${char}` : char;
}

function escapeClass(char: string): string {
  return CLASS_SPECIAL.has(char) ? `\\${char}` : char;
}
