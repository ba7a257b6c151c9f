import type { Span } from "./source-position.ts";

/** What went wrong, for callers that react to a kind of error rather than its wording. */
export type QueryParseErrorCode =
  | "unexpected-token"
  | "unexpected-end"
  | "unbalanced-parenthesis"
  | "dangling-operator"
  | "missing-range-end"
  | "invalid-range"
  | "leading-wildcard"
  | "invalid-field"
  | "invalid-escape"
  | "unterminated-phrase"
  | "unterminated-regex"
  | "invalid-regex"
  | "invalid-boost"
  | "too-deep";

/**
 * The one error the query compiler throws for bad input: a message and the span of the offending text, turned
 * into a QUERY_PARSING_ERROR explanation by `/api/search/validate` and into a 400 by search calls.
 */
export class QueryParseError extends Error {
  override readonly name = "QueryParseError";

  constructor(
    message: string,
    readonly code: QueryParseErrorCode,
    readonly span: Span,
    /** The query ended where more was expected (Graylog words these "incomplete query, query ended unexpectedly"). */
    readonly unexpectedEnd = false,
  ) {
    super(message);
  }
}
