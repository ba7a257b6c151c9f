import type { RuleType } from "./rule-types.ts";
import type { SourcePosition } from "./source-position.ts";

/** Expressions of the rule language, each with its position; `type` is filled in by the checker. */
export type Expression =
  | { kind: "string"; value: string; at: SourcePosition; type?: RuleType }
  | { kind: "long"; value: number; at: SourcePosition; type?: RuleType }
  | { kind: "double"; value: number; at: SourcePosition; type?: RuleType }
  | { kind: "boolean"; value: boolean; at: SourcePosition; type?: RuleType }
  | { kind: "array"; items: Expression[]; at: SourcePosition; type?: RuleType }
  | { kind: "map"; entries: { key: string; value: Expression }[]; at: SourcePosition; type?: RuleType }
  /** `$message` itself, or `$message.field`. */
  | { kind: "message"; field: string | null; at: SourcePosition; type?: RuleType }
  | { kind: "variable"; name: string; at: SourcePosition; type?: RuleType }
  | { kind: "member"; object: Expression; name: string; at: SourcePosition; type?: RuleType }
  | { kind: "index"; object: Expression; index: Expression; at: SourcePosition; type?: RuleType }
  /** `resolved` (by the checker): the arguments by parameter position, undefined where an optional one is left out. */
  | { kind: "call"; name: string; args: Argument[]; at: SourcePosition; type?: RuleType; resolved?: (Expression | undefined)[] }
  | { kind: "not"; operand: Expression; at: SourcePosition; type?: RuleType }
  | { kind: "negate"; operand: Expression; at: SourcePosition; type?: RuleType }
  | { kind: "binary"; op: BinaryOperator; left: Expression; right: Expression; at: SourcePosition; type?: RuleType };

export type BinaryOperator = "and" | "or" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "+" | "-" | "*" | "/" | "%";

/** A function argument, positional (`name` null) or named (`field: "x"`). */
export interface Argument {
  name: string | null;
  value: Expression;
  at: SourcePosition;
}

export type Statement =
  | { kind: "call"; call: Extract<Expression, { kind: "call" }>; at: SourcePosition }
  | { kind: "let"; name: string; value: Expression; at: SourcePosition };

export interface RuleAst {
  name: string;
  when: Expression;
  then: Statement[];
}

/** Graylog's stage match modes: every rule, at least one, or pass on regardless. */
export type StageMatch = "ALL" | "EITHER" | "PASS";

export interface StageAst {
  stage: number;
  match: StageMatch;
  rules: string[];
}

export interface PipelineAst {
  name: string;
  stages: StageAst[];
}
