import { FilterParser } from "ldapts";
import type { AuthServiceBackendBody } from "../../api/schemas/authentication.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";

/**
 * A backend's user search pattern must be an LDAP filter (RFC 4515) once `{0}` stands for a username: a broken one
 * would otherwise only show at the first sign-in, as a failed search. Refused on save, naming the field.
 */
export function assertSearchPatternIsFilter(body: AuthServiceBackendBody): void {
  const pattern = body.config.user_search_pattern;
  const unbalanced = unbalancedParentheses(pattern);
  if (unbalanced) throw new EntityValidationError(`user_search_pattern is not a valid LDAP filter: ${unbalanced}`);
  try {
    FilterParser.parseString(pattern.replaceAll("{0}", "username"));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new EntityValidationError(`user_search_pattern is not a valid LDAP filter: ${reason}`);
  }
}

/**
 * Parentheses are the filter's structure (a value writes them escaped, \28 and \29); the parser forgives a missing
 * last one, a directory does not.
 */
function unbalancedParentheses(pattern: string): string | null {
  let depth = 0;
  for (const [position, character] of [...pattern].entries()) {
    if (character === "(") depth++;
    if (character === ")" && --depth < 0) return `a ')' without its '(' at position ${position + 1}`;
  }
  return depth > 0 ? `${depth} '(' never closed` : null;
}
