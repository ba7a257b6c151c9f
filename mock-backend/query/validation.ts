import type { QueryNode } from "./ast.ts";
import { Lexer } from "./lexer.ts";
import { definitionOf } from "./node-table.ts";
import { QueryParseError } from "./query-parse-error.ts";
import { PositionMap, type Span } from "./source-position.ts";

/** A lower-case `and`, `or` or `not`: a plain search term that was probably meant as an operator. */
export interface LowercaseOperator {
  operator: "and" | "or" | "not";
  span: Span;
}

/**
 * Graylog's INVALID_OPERATOR warning: every bare term spelled exactly `and`, `or` or `not` (its validator looks
 * at the lexer's TERM tokens the same way). A lexical error ends the scan; the parse error is reported elsewhere.
 */
export function findLowercaseOperators(query: string): LowercaseOperator[] {
  const positions = new PositionMap(query);
  const lexer = new Lexer(query, positions);
  const found: LowercaseOperator[] = [];
  try {
    for (let token = lexer.next(); token.kind !== "EOF"; token = lexer.next()) {
      if (token.kind === "TERM" && (token.image === "and" || token.image === "or" || token.image === "not")) {
        found.push({ operator: token.image, span: positions.span(token.start, token.end) });
      }
    }
  } catch (error) {
    if (!(error instanceof QueryParseError)) throw error;
  }
  return found;
}

/** A field the query names, and where (for UNKNOWN_FIELD warnings). */
export interface FieldReference {
  name: string;
  span?: Span;
}

/**
 * Every field a query names, in order, once per place it is written: `field:value`, the field of `field:(a b)`
 * (once), and the field of `_exists_:field`. Bare terms name none.
 */
export function referencedFields(node: QueryNode): FieldReference[] {
  const references: FieldReference[] = [];
  const seen = new Set<string>();
  const stack: QueryNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop()!;
    if ("field" in current && current.field !== null) {
      const key = `${current.field}@${current.fieldSpan?.start.offset ?? "?"}`;
      if (!seen.has(key)) {
        seen.add(key);
        references.push(
          current.fieldSpan ? { name: current.field, span: current.fieldSpan } : { name: current.field },
        );
      }
    }
    stack.push(...definitionOf(current).children(current).reverse());
  }
  return references;
}
