import type { ValidationExplanation } from "../../../api/schemas/search-support.ts";

/** Where the search query language is documented (Graylog 5.1's documentation, which Sluice's queries follow). */
const QUERY_LANGUAGE_DOCS = "https://go2docs.graylog.org/5-1/making_sense_of_your_log_data/writing_search_queries.html";

/** Each validation explanation type links to its own documentation (spec 001 §8 'Validation explanation types'). */
export const EXPLANATION_DOCS: Record<ValidationExplanation["error_type"], string> = {
  UNKNOWN_FIELD: `${QUERY_LANGUAGE_DOCS}#UnknownField`,
  QUERY_PARSING_ERROR: `${QUERY_LANGUAGE_DOCS}#QueryParsingError`,
  INVALID_OPERATOR: `${QUERY_LANGUAGE_DOCS}#InvalidOperator`,
  UNDECLARED_PARAMETER: `${QUERY_LANGUAGE_DOCS}#UndeclaredParameter`,
  INVALID_VALUE_TYPE: `${QUERY_LANGUAGE_DOCS}#InvalidValueType`,
  EMPTY_PARAMETER: `${QUERY_LANGUAGE_DOCS}#EmptyParameter`,
  MISSING_LICENSE: `${QUERY_LANGUAGE_DOCS}#MissingLicense`,
  PARAMETER_NOT_ALLOWED: `${QUERY_LANGUAGE_DOCS}#ParameterNotAllowed`,
};

/** Duplicate UNKNOWN_FIELD explanations for the same property collapse into one (spec 001 §8). */
export function collapseExplanations(explanations: readonly ValidationExplanation[]): ValidationExplanation[] {
  const seen = new Set<string>();
  return explanations.filter((explanation) => {
    if (explanation.error_type !== "UNKNOWN_FIELD" || !explanation.related_property) return true;
    if (seen.has(explanation.related_property)) return false;
    seen.add(explanation.related_property);
    return true;
  });
}

/** Equality of two search forms (the dirty dot, spec 001 §4 'Search form dirty'). */
export function sameSearch<T>(a: T, b: T): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
