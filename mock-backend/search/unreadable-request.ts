import { UnreadableRequestError } from "../../api/schemas/unreadable-request.ts";
import { QueryParseError } from "../query/query-parse-error.ts";
import { TimeRangeError } from "./time-range.ts";

/**
 * Runs the part of a search call that reads the request (query, filter, time range) and turns what the query
 * parser and the time range reader refuse into an UnreadableRequestError, which the API answers with 400 (never
 * a 500). Query errors name the parser's message and the position, as Graylog's "Cannot parse" answers do.
 */
export function readingRequest<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof QueryParseError) {
      const { line, column } = error.span.start;
      const where = /line \d+, column \d+/.test(error.message) ? "" : ` (line ${line}, column ${column})`;
      throw new UnreadableRequestError(`Cannot parse query: ${error.message}${where}`);
    }
    if (error instanceof TimeRangeError) throw new UnreadableRequestError(`Invalid time range: ${error.message}`);
    throw error;
  }
}
