/**
 * The rule editor's inline errors: the server's parse errors (line 1-based, position in the line 0-based) as
 * ranges of the editor's text.
 */

export interface ParseError {
  line: number;
  position_in_line: number;
  reason: string;
}

export interface Diagnostic {
  from: number;
  to: number;
  message: string;
}

/** Each error from its position to the end of the word there (at least one character, within the text). */
export function diagnosticsOf(source: string, errors: readonly ParseError[]): Diagnostic[] {
  const lines = source.split("\n");
  return errors.map((error) => {
    const lineIndex = Math.min(Math.max(error.line - 1, 0), Math.max(lines.length - 1, 0));
    const lineStart = lines.slice(0, lineIndex).reduce((sum, line) => sum + line.length + 1, 0);
    const text = lines[lineIndex] ?? "";
    const column = Math.min(Math.max(error.position_in_line, 0), text.length);
    const word = /^[A-Za-z0-9_$.]+/.exec(text.slice(column))?.[0].length ?? 1;
    const from = Math.min(lineStart + column, source.length);
    return { from, to: Math.min(from + Math.max(word, 1), source.length), message: `Line ${error.line}, column ${error.position_in_line + 1}: ${error.reason}` };
  });
}

/** The parse errors of a 400 answer's body, when it has them. */
export function parseErrorsOf(body: unknown): ParseError[] {
  if (typeof body !== "object" || body === null || !("errors" in body) || !Array.isArray(body.errors)) return [];
  return body.errors.filter((error): error is ParseError =>
    typeof error === "object" && error !== null && typeof error.line === "number" && typeof error.position_in_line === "number" &&
    typeof error.reason === "string"
  );
}
