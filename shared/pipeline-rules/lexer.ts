import { RuleSyntaxError, type SourcePosition } from "./source-position.ts";

export type TokenKind = "string" | "integer" | "double" | "identifier" | "variable" | "punct" | "eof";

export interface Token extends SourcePosition {
  kind: TokenKind;
  /** The string's value (escapes resolved), the number's text, the identifier or the punctuation. */
  text: string;
}

/** Punctuation, longest first so that `<=` is not read as `<`. */
const PUNCTUATION = ["&&", "||", "==", "!=", "<=", ">=", "(", ")", "[", "]", "{", "}", ",", ":", ";", ".", "=", "<", ">", "!", "+", "-", "*", "/", "%"];

const ESCAPES: Record<string, string> = { n: "\n", t: "\t", r: "\r", b: "\b", f: "\f", '"': '"', "'": "'", "\\": "\\" };

/**
 * Splits rule language source into tokens with their positions: strings in double or single quotes (Java
 * escapes, `\uXXXX`), integers, doubles, identifiers, `$message`-style variables, punctuation; `//` and
 * `/* … *\/` comments are skipped.
 */
export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  let line = 1;
  let lineStart = 0;
  const fail = (reason: string, at = i): never => {
    throw new RuleSyntaxError([{ type: "syntax_error", line, position_in_line: at - lineStart, reason }]);
  };
  while (i < source.length) {
    const c = source[i];
    if (c === "\n") {
      i++;
      line++;
      lineStart = i;
      continue;
    }
    if (c === " " || c === "\t" || c === "\r") {
      i++;
      continue;
    }
    if (source.startsWith("//", i)) {
      while (i < source.length && source[i] !== "\n") i++;
      continue;
    }
    if (source.startsWith("/*", i)) {
      const end = source.indexOf("*/", i + 2);
      if (end < 0) fail("Unterminated comment");
      for (let j = i; j < end; j++) if (source[j] === "\n") (line++, lineStart = j + 1);
      i = end + 2;
      continue;
    }
    const start = { line, column: i - lineStart };
    if (c === '"' || c === "'") {
      let text = "";
      let j = i + 1;
      while (true) {
        if (j >= source.length || source[j] === "\n") fail("Unterminated string", i);
        const d = source[j];
        if (d === c) break;
        if (d === "\\") {
          const next = source[j + 1];
          if (next === "u" && /^[0-9a-fA-F]{4}$/.test(source.slice(j + 2, j + 6))) {
            text += String.fromCharCode(parseInt(source.slice(j + 2, j + 6), 16));
            j += 6;
            continue;
          }
          if (next === undefined || !(next in ESCAPES)) fail(`Invalid escape sequence \\${next ?? ""}`, j);
          text += ESCAPES[next];
          j += 2;
          continue;
        }
        text += d;
        j++;
      }
      tokens.push({ kind: "string", text, ...start });
      i = j + 1;
      continue;
    }
    const number = /^(\d+\.\d+(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|\d+)/.exec(source.slice(i, i + 64));
    if (number) {
      const isDouble = /[.eE]/.test(number[1]);
      tokens.push({ kind: isDouble ? "double" : "integer", text: number[1], ...start });
      i += number[1].length;
      continue;
    }
    if (c === "`") {
      const end = source.indexOf("`", i + 1);
      if (end < 0 || source.slice(i + 1, end).includes("\n")) fail("Unterminated quoted identifier");
      tokens.push({ kind: "identifier", text: source.slice(i + 1, end), ...start });
      i = end + 1;
      continue;
    }
    const word = /^\$?[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i, i + 512));
    if (word) {
      tokens.push({ kind: word[0].startsWith("$") ? "variable" : "identifier", text: word[0], ...start });
      i += word[0].length;
      continue;
    }
    const punct = PUNCTUATION.find((p) => source.startsWith(p, i));
    if (!punct) fail(`Unexpected character '${c}'`);
    tokens.push({ kind: "punct", text: punct!, ...start });
    i += punct!.length;
  }
  tokens.push({ kind: "eof", text: "<EOF>", line, column: i - lineStart });
  return tokens;
}
