import type { ValidationExplanation, ValidationResponse } from "../../api/schemas/search-support.ts";
import { findLowercaseOperators, graylogPosition, parseQuery, QueryParseError, referencedFields, type Span } from "../query/mod.ts";
import type { FieldCatalog } from "./field-catalog.ts";

/** Fields every message has or that Elasticsearch always knows, never reported as unknown. */
const ALWAYS_KNOWN = new Set(["_id", "_exists_", "streams", "timestamp", "message", "source"]);

/**
 * Validates a query string for the search bar (spec 001 §5): a parse error is an ERROR with its position;
 * lower-case and/or/not and fields absent from the chosen streams and time range are WARNINGs. An empty query is OK.
 */
export function validateQueryString(query: string, catalog: FieldCatalog): ValidationResponse {
  if (query.trim() === "") return { status: "OK" };
  let ast;
  try {
    ast = parseQuery(query, { allowLeadingWildcard: catalog.allowLeadingWildcard });
  } catch (error) {
    if (!(error instanceof QueryParseError)) throw error;
    return {
      status: "ERROR",
      explanations: [{
        error_type: "QUERY_PARSING_ERROR",
        error_title: "Query parsing error",
        error_message: error.unexpectedEnd ? `Cannot parse query, cause: incomplete query, query ended unexpectedly` : `Cannot parse query, cause: ${error.message}`,
        ...position(error.span),
      }],
    };
  }
  const explanations: ValidationExplanation[] = [];
  for (const operator of findLowercaseOperators(query)) {
    explanations.push({
      error_type: "INVALID_OPERATOR",
      error_title: "Invalid operator",
      error_message: `Query contains invalid operator "${operator.operator}". All AND / OR / NOT operators have to be written uppercase.`,
      ...position(operator.span),
      related_property: operator.operator,
    });
  }
  const reported = new Set<string>();
  for (const reference of referencedFields(ast)) {
    if (ALWAYS_KNOWN.has(reference.name) || reference.name.includes("*") || catalog.field(reference.name) || reported.has(reference.name)) continue;
    reported.add(reference.name);
    explanations.push({
      error_type: "UNKNOWN_FIELD",
      error_title: "Unknown field",
      error_message: `Query contains unknown field: ${reference.name}`,
      ...(reference.span ? position(reference.span) : {}),
      related_property: reference.name,
    });
  }
  return explanations.length > 0 ? { status: "WARNING", explanations } : { status: "OK" };
}

function position(span: Span) {
  const { begin_line, begin_column, end_line, end_column } = graylogPosition(span);
  return { begin_line, begin_column, end_line, end_column };
}
