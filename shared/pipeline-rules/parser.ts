import type { Argument, BinaryOperator, Expression, PipelineAst, RuleAst, StageMatch, Statement } from "./ast.ts";
import { type Token, tokenize } from "./lexer.ts";
import { RuleSyntaxError, type SourcePosition } from "./source-position.ts";

/**
 * The rule language's grammar (Graylog's): `rule "name" when <expression> then <statements> end`, and pipelines
 * `pipeline "name" stage N match all|either|pass rule "a"; … end`. Syntax only: unknown functions and types are
 * the checker's (rule-checker.ts). Throws RuleSyntaxError at the first syntax error, with its line and column.
 */
export function parseRuleSyntax(source: string): RuleAst {
  const parser = new Parser(tokenize(source));
  parser.keyword("rule");
  const name = parser.string("the rule's name in quotes");
  parser.keyword("when");
  const when = parser.expression();
  parser.keyword("then");
  const then: Statement[] = [];
  while (!parser.atKeyword("end") && !parser.atEnd()) then.push(parser.statement());
  parser.keyword("end");
  parser.end();
  return { name, when, then };
}

export function parsePipelineSyntax(source: string): PipelineAst {
  const parser = new Parser(tokenize(source));
  parser.keyword("pipeline");
  const name = parser.string("the pipeline's name in quotes");
  const stages: PipelineAst["stages"] = [];
  while (parser.atKeyword("stage")) {
    parser.keyword("stage");
    const stage = parser.integer();
    parser.keyword("match");
    const match = parser.matchMode();
    const rules: string[] = [];
    while (parser.atKeyword("rule")) {
      parser.keyword("rule");
      rules.push(parser.string("the rule's name in quotes"));
      parser.punct(";");
    }
    stages.push({ stage, match, rules });
  }
  parser.keyword("end");
  parser.end();
  return { name, stages };
}

const MATCH_MODES: Record<string, StageMatch> = { all: "ALL", either: "EITHER", pass: "PASS" };

/** Binary operators by precedence level, loosest first. */
const LEVELS: readonly (readonly [string, BinaryOperator][])[] = [
  [["||", "or"], ["or", "or"], ["OR", "or"]],
  [["&&", "and"], ["and", "and"], ["AND", "and"]],
  [["==", "=="], ["!=", "!="]],
  [["<", "<"], ["<=", "<="], [">", ">"], [">=", ">="]],
  [["+", "+"], ["-", "-"]],
  [["*", "*"], ["/", "/"], ["%", "%"]],
];

const KEYWORDS = new Set(["rule", "when", "then", "end", "let", "and", "or", "not", "AND", "OR", "NOT", "true", "false", "pipeline", "stage", "match"]);

class Parser {
  private i = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  private get token(): Token {
    return this.tokens[this.i];
  }

  private fail(reason: string, at: SourcePosition = this.token): never {
    throw new RuleSyntaxError([{ type: "syntax_error", line: at.line, position_in_line: at.column, reason }]);
  }

  private describe(token: Token): string {
    return token.kind === "eof" ? "the end of the input" : token.kind === "string" ? `"${token.text}"` : `'${token.text}'`;
  }

  atKeyword(word: string): boolean {
    return this.token.kind === "identifier" && this.token.text === word;
  }

  private atPunct(text: string): boolean {
    return this.token.kind === "punct" && this.token.text === text;
  }

  keyword(word: string): void {
    if (!this.atKeyword(word)) this.fail(`Expected '${word}' but found ${this.describe(this.token)}`);
    this.i++;
  }

  punct(text: string): SourcePosition {
    if (!this.atPunct(text)) this.fail(`Expected '${text}' but found ${this.describe(this.token)}`);
    return this.tokens[this.i++];
  }

  string(what: string): string {
    if (this.token.kind !== "string") this.fail(`Expected ${what} but found ${this.describe(this.token)}`);
    return this.tokens[this.i++].text;
  }

  integer(): number {
    if (this.token.kind !== "integer") this.fail(`Expected a stage number but found ${this.describe(this.token)}`);
    return Number(this.tokens[this.i++].text);
  }

  matchMode(): StageMatch {
    const mode = this.token.kind === "identifier" ? MATCH_MODES[this.token.text] : undefined;
    if (!mode) this.fail(`Expected 'all', 'either' or 'pass' but found ${this.describe(this.token)}`);
    this.i++;
    return mode!;
  }

  atEnd(): boolean {
    return this.token.kind === "eof";
  }

  end(): void {
    if (this.token.kind !== "eof") this.fail(`Unexpected ${this.describe(this.token)} after 'end'`);
  }

  statement(): Statement {
    const at = this.token;
    if (this.atKeyword("let")) {
      this.i++;
      if (this.token.kind !== "identifier" || KEYWORDS.has(this.token.text)) this.fail(`Expected a variable name but found ${this.describe(this.token)}`);
      const name = this.tokens[this.i++].text;
      this.punct("=");
      const value = this.expression();
      this.punct(";");
      return { kind: "let", name, value, at };
    }
    const call = this.expression();
    if (call.kind !== "call") this.fail("Expected a function call or 'let' as a statement", call.at);
    this.punct(";");
    return { kind: "call", call, at };
  }

  expression(level = 0): Expression {
    if (level === LEVELS.length) return this.unary();
    let left = this.expression(level + 1);
    while (true) {
      const token = this.token;
      const found = (token.kind === "punct" || token.kind === "identifier") ? LEVELS[level].find(([text]) => text === token.text) : undefined;
      if (!found) return left;
      this.i++;
      const right = this.expression(level + 1);
      left = { kind: "binary", op: found[1], left, right, at: token };
    }
  }

  private unary(): Expression {
    const at = this.token;
    if (this.atPunct("!") || this.atKeyword("not") || this.atKeyword("NOT")) {
      this.i++;
      return { kind: "not", operand: this.unary(), at };
    }
    if (this.atPunct("-")) {
      this.i++;
      const operand = this.unary();
      if (operand.kind === "long" || operand.kind === "double") return { ...operand, value: -operand.value, at };
      return { kind: "negate", operand, at };
    }
    return this.postfix(this.primary());
  }

  private postfix(expression: Expression): Expression {
    while (true) {
      const at = this.token;
      if (this.atPunct(".")) {
        this.i++;
        if (this.token.kind !== "identifier") this.fail(`Expected a field name after '.' but found ${this.describe(this.token)}`);
        const name = this.tokens[this.i++].text;
        expression = expression.kind === "message" && expression.field === null
          ? { kind: "message", field: name, at: expression.at }
          : { kind: "member", object: expression, name, at };
      } else if (this.atPunct("[")) {
        this.i++;
        const index = this.expression();
        this.punct("]");
        expression = expression.kind === "message" && expression.field === null && index.kind === "string"
          ? { kind: "message", field: index.value, at: expression.at }
          : { kind: "index", object: expression, index, at };
      } else {
        return expression;
      }
    }
  }

  private primary(): Expression {
    const token = this.token;
    const at: SourcePosition = { line: token.line, column: token.column };
    switch (token.kind) {
      case "string":
        this.i++;
        return { kind: "string", value: token.text, at };
      case "integer": {
        this.i++;
        const value = Number(token.text);
        if (!Number.isSafeInteger(value)) this.fail(`The number ${token.text} is too large`, at);
        return { kind: "long", value, at };
      }
      case "double":
        this.i++;
        return { kind: "double", value: Number(token.text), at };
      case "variable":
        this.i++;
        if (token.text !== "$message") this.fail(`Unknown variable ${token.text}: only $message is defined`, at);
        return { kind: "message", field: null, at };
      case "identifier": {
        if (token.text === "true" || token.text === "false") {
          this.i++;
          return { kind: "boolean", value: token.text === "true", at };
        }
        if (KEYWORDS.has(token.text)) this.fail(`Unexpected '${token.text}'`, at);
        this.i++;
        if (this.atPunct("(")) return { kind: "call", name: token.text, args: this.arguments(), at };
        return { kind: "variable", name: token.text, at };
      }
      case "punct":
        if (token.text === "(") {
          this.i++;
          const inner = this.expression();
          this.punct(")");
          return inner;
        }
        if (token.text === "[") return this.array(at);
        if (token.text === "{") return this.map(at);
        return this.fail(`Unexpected '${token.text}'`, at);
      case "eof":
        return this.fail("Unexpected end of the input: the rule is incomplete", at);
    }
  }

  private arguments(): Argument[] {
    this.punct("(");
    const args: Argument[] = [];
    while (!this.atPunct(")")) {
      const at = this.token;
      const named = this.token.kind === "identifier" && this.tokens[this.i + 1]?.kind === "punct" && this.tokens[this.i + 1].text === ":";
      const name = named ? this.tokens[this.i].text : null;
      if (named) this.i += 2;
      args.push({ name, value: this.expression(), at });
      if (!this.atPunct(")")) this.punct(",");
    }
    this.punct(")");
    return args;
  }

  private array(at: SourcePosition): Expression {
    this.punct("[");
    const items: Expression[] = [];
    while (!this.atPunct("]")) {
      items.push(this.expression());
      if (!this.atPunct("]")) this.punct(",");
    }
    this.punct("]");
    return { kind: "array", items, at };
  }

  private map(at: SourcePosition): Expression {
    this.punct("{");
    const entries: { key: string; value: Expression }[] = [];
    while (!this.atPunct("}")) {
      if (this.token.kind !== "identifier" && this.token.kind !== "string") this.fail(`Expected a key but found ${this.describe(this.token)}`);
      const key = this.tokens[this.i++].text;
      this.punct(":");
      entries.push({ key, value: this.expression() });
      if (!this.atPunct("}")) this.punct(",");
    }
    this.punct("}");
    return { kind: "map", entries, at };
  }
}
