import type { ValidationExplanation } from "../../../api/schemas/search-support.ts";

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
