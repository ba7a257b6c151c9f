/** A place in rule or pipeline source: 1-based line, 0-based position in the line (Graylog's `position_in_line`). */
export interface SourcePosition {
  line: number;
  column: number;
}

/**
 * A problem in rule or pipeline source, at its position: syntax, an unknown function, a wrong argument, a type
 * error (Graylog's ParseError kinds).
 */
export interface RuleParseError {
  type: "syntax_error" | "undeclared_function" | "wrong_number_of_arguments" | "incompatible_type" | "undeclared_variable" | "invalid_argument";
  line: number;
  position_in_line: number;
  reason: string;
}

/** Thrown with every problem found, in source order. */
export class RuleSyntaxError extends Error {
  constructor(readonly errors: readonly RuleParseError[]) {
    super(errors.map((error) => `Line ${error.line}, column ${error.position_in_line + 1}: ${error.reason}`).join("\n"));
    this.name = "RuleSyntaxError";
  }
}
