/**
 * Graylog's search version check (`/system/searchVersion/satisfiesVersion/{distribution}?version=`): the
 * distributions it knows and the SemVer expressions (jsemver's grammar) it accepts for `version`.
 */
export const SEARCH_DISTRIBUTIONS = ["opensearch", "elasticsearch"] as const;
export type SearchDistribution = (typeof SEARCH_DISTRIBUTIONS)[number];

const VERSION = String.raw`v?\d+(?:\.(?:\d+|[*xX]))?(?:\.(?:\d+|[*xX]))?(?:-[0-9A-Za-z.-]+)?(?:\+[0-9A-Za-z.-]+)?|[*xX]`;
const TERM = new RegExp(String.raw`^(?:!?\s*(?:>=|<=|!=|==?|>|<|~|\^)?\s*(?:${VERSION})|(?:${VERSION})\s+-\s+(?:${VERSION}))$`);

/** Whether `expression` is a SemVer range expression: terms joined by `&` or `|`, optionally in parentheses. */
export function isVersionExpression(expression: string): boolean {
  if (expression.trim() === "" || expression.length > 200) return false;
  let depth = 0;
  for (const char of expression) {
    depth += char === "(" ? 1 : char === ")" ? -1 : 0;
    if (depth < 0) return false;
  }
  if (depth !== 0) return false;
  return expression.replace(/[()]/g, " ").split(/[&|]/).every((term) => TERM.test(term.trim()));
}

/** Whether the search backend satisfies the distribution: the embedded store is DuckDB, neither of Graylog's two. */
export function satisfiesDistribution(currentVersion: string, distribution: SearchDistribution, expression: string) {
  const satisfied = currentVersion.toLowerCase().startsWith(`${distribution} `);
  return {
    satisfied,
    errorMessage: satisfied ? "" : `Current search version ${currentVersion} does not satisfy required version ${distribution.toUpperCase()} ${expression}`,
  };
}
