import type { Search } from "./schemas/search.ts";
import type { SearchMetadata } from "./schemas/search-metadata.ts";

/** A parameter used in a query string: `$name$` (spec 001 §3, value parameters). */
const PARAMETER_USE = /\$([A-Za-z_][A-Za-z0-9_]*)\$/g;

/** The query strings of one query: its own, its filter's and those of its search types. */
function queryStrings(query: Search["queries"][number]): string[] {
  return [
    query.query.query_string,
    ...(query.filter?.type === "query_string" ? [query.filter.query] : []),
    ...query.search_types.flatMap((searchType) => [
      ...(searchType.query ? [searchType.query.query_string] : []),
      ...(searchType.filter?.type === "query_string" ? [searchType.filter.query] : []),
    ]),
  ];
}

/** Graylog's search metadata: the parameter names each query uses (declared or not), and the declared parameters. */
export function searchMetadata(search: Pick<Search, "queries" | "parameters">): SearchMetadata {
  const queryMetadata = Object.fromEntries(search.queries.map((query) => {
    const used = new Set(queryStrings(query).flatMap((text) => [...text.matchAll(PARAMETER_USE)].map((match) => match[1])));
    return [query.id, { used_parameters_names: [...used].sort() }];
  }));
  return {
    query_metadata: queryMetadata,
    declared_parameters: Object.fromEntries(search.parameters.map((parameter) => [parameter.name, parameter])),
  };
}
