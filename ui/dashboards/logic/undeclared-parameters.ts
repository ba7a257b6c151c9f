import type { DashboardPage } from "./dashboard-pages.ts";

/** A parameter used in a query string: `$name$` (spec 001 §3, value parameters; the server reads the same form). */
const PARAMETER_USE = /\$([A-Za-z_][A-Za-z0-9_]*)\$/g;

/**
 * The parameters the dashboard's queries use that its search does not declare (spec 001 §4 'Save state': Save is
 * disabled while there are any). Sluice declares no parameters on dashboards, so every `$name$` in a page's query or
 * a widget's query or filter is undeclared. Sorted, each once.
 */
export function undeclaredParameters(pages: readonly DashboardPage[]): string[] {
  const texts = pages.flatMap((page) => [
    page.search.query,
    ...page.widgets.widgets.flatMap((widget) => [widget.query?.query_string ?? "", widget.filter ?? ""]),
  ]);
  const used = new Set(texts.flatMap((text) => [...text.matchAll(PARAMETER_USE)].map((match) => match[1])));
  return [...used].sort();
}

/** The Save button's title while parameters are undeclared. */
export const undeclaredParametersTitle = (names: readonly string[]) =>
  `Declare the parameters this dashboard uses before saving it: ${names.map((name) => `$${name}$`).join(", ")}`;
