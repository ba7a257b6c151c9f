import type { ExecutionState, Search, SearchQuery } from "../../api/schemas/search.ts";

/**
 * Search parameters (spec 001 §3, value-parameter-v1): a query string may use `$name$`, and each execution
 * replaces it with the parameter's value before the query is parsed. The value comes from the execution's
 * `parameter_bindings`, else the parameter's own binding, else its `default_value`; an optional parameter
 * without any becomes empty text. A required parameter without a value fails the query with Graylog's
 * `unbound_parameter` error. A `$name$` that no parameter declares stays as written (validation reports it as
 * UNDECLARED_PARAMETER), as do `$` signs that do not enclose a name.
 *
 * Values go in as typed, unescaped, like Graylog's: a value with spaces or operators needs quotes around the
 * `$name$` in the query. They end up in the parsed query, never in SQL.
 */
const PARAMETER_USE = /\$([A-Za-z_][A-Za-z0-9_]*)\$/g;

/** A required parameter the query uses has no value. */
export class UnboundParameterError extends Error {
  constructor(readonly parameter: string) {
    super(`Unbound required parameter used: ${parameter}`);
    this.name = "UnboundParameterError";
  }
}

/** What each declared parameter stands for in one execution: its text, or null when it is unbound. */
export type ParameterValues = ReadonlyMap<string, string | null>;

/** The values of `search`'s parameters under the execution's bindings. */
export function parameterValues(
  search: Pick<Search, "parameters">,
  bindings: ExecutionState["parameter_bindings"],
): ParameterValues {
  const values = new Map<string, string | null>();
  for (const parameter of search.parameters) {
    const bound = bindings[parameter.name] ?? parameter.binding ?? null;
    const value = bound && bound.value !== undefined && bound.value !== null
      ? bound.value
      : parameter.default_value ?? null;
    values.set(parameter.name, value === null ? (parameter.optional ? "" : null) : valueText(value));
  }
  return values;
}

/** `text` with every declared parameter replaced by its value. Throws UnboundParameterError. */
export function substituteParameters(text: string, values: ParameterValues): string {
  if (values.size === 0 || !text.includes("$")) return text;
  return text.replace(PARAMETER_USE, (use, name: string) => {
    if (!values.has(name)) return use;
    const value = values.get(name);
    if (value === null || value === undefined) throw new UnboundParameterError(name);
    return value;
  });
}

/** The query with parameters replaced in its query string, its filter and its search types' queries. */
export function substituteQuery(query: SearchQuery, values: ParameterValues): SearchQuery {
  if (values.size === 0) return query;
  const substitute = (text: string) => substituteParameters(text, values);
  return {
    ...query,
    query: { ...query.query, query_string: substitute(query.query.query_string) },
    filter: query.filter?.type === "query_string" ? { ...query.filter, query: substitute(query.filter.query) } : query.filter,
    search_types: query.search_types.map((searchType) => ({
      ...searchType,
      ...(searchType.query ? { query: { ...searchType.query, query_string: substitute(searchType.query.query_string) } } : {}),
      ...(searchType.filter?.type === "query_string"
        ? { filter: { ...searchType.filter, query: substitute(searchType.filter.query) } }
        : {}),
    })),
  };
}

function valueText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean" || typeof value === "bigint") return String(value);
  return JSON.stringify(value);
}
