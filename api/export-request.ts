import { badRequest } from "./errors.ts";
import { DEFAULT_EXPORT_FIELDS, type ResultFormat } from "./schemas/export-jobs.ts";
import type { Search, SearchQuery } from "./schemas/search.ts";
import type { ExportRequest } from "./schemas/search-support.ts";

const PARAMETER_USE = /\$([A-Za-z_][A-Za-z0-9_]*)\$/g;

/**
 * The messages an export of a stored search (or of one of its message tables) writes, as one export request:
 * Graylog's `ResultFormat` overrides (fields, sort, limit, execution state) applied to the search. A search is
 * exported only with exactly one query; a search type only when it is a message table.
 */
export function exportRequestOf(search: Search, searchTypeId: string | null, format: ResultFormat): ExportRequest {
  const override = format.execution_state?.global_override;
  const query = searchTypeId === null ? onlyQuery(search) : search.queries.find((q) => q.search_types.some((st) => st.id === searchTypeId));
  if (!query) throw badRequest(`Invalid path parameter: searchTypeId: search ${search.id} has no search type ${searchTypeId}`);
  const searchType = searchTypeId === null ? null : query.search_types.find((st) => st.id === searchTypeId)!;
  if (searchType && searchType.type !== "messages") {
    throw badRequest(`Invalid path parameter: searchTypeId: ${searchTypeId} is a ${searchType.type} search type, not a message table`);
  }
  const queryText = override?.query?.query_string ?? query.query.query_string;
  const parts = [
    queryText,
    query.filter?.type === "query_string" ? query.filter.query : "",
    searchType?.query?.query_string ?? "",
    searchType?.filter?.type === "query_string" ? searchType.filter.query : "",
  ].map((text) => bindParameters(text, search, format)).filter((text) => text.trim() !== "");
  const typeStreams = searchType ? [...(searchType.streams ?? []), ...streamFilterIds(searchType.filter)] : [];
  const messagesType = searchType?.type === "messages" ? searchType : null;
  return {
    query_string: { type: "elasticsearch", query_string: parts.length <= 1 ? (parts[0] ?? "") : parts.map((p) => `(${p})`).join(" AND ") },
    timerange: override?.timerange ?? searchType?.timerange ?? query.timerange,
    streams: typeStreams.length > 0 ? typeStreams : streamFilterIds(query.filter),
    fields_in_order: format.fields_in_order.length > 0
      ? format.fields_in_order
      : messagesType && messagesType.fields.length > 0 ? messagesType.fields : DEFAULT_EXPORT_FIELDS,
    sort: format.sort.length > 0 ? format.sort : messagesType?.sort ?? [{ field: "timestamp", order: "DESC" }],
    limit: format.limit ?? null,
  };
}

function onlyQuery(search: Search): SearchQuery {
  if (search.queries.length !== 1) {
    throw badRequest(`Search ${search.id} has ${search.queries.length} queries; only a search with exactly one query can be exported`);
  }
  return search.queries[0];
}

function streamFilterIds(filter: SearchQuery["filter"] | undefined): string[] {
  return filter?.type === "or" ? filter.filters.map((f) => f.id) : [];
}

/** `$name$` of a declared parameter replaced by its value: the execution state's binding, its own, or its default. */
function bindParameters(text: string, search: Search, format: ResultFormat): string {
  const bindings = format.execution_state?.parameter_bindings ?? {};
  return text.replace(PARAMETER_USE, (whole, name: string) => {
    const parameter = search.parameters.find((p) => p.name === name);
    if (!parameter) return whole;
    const value = bindings[name]?.value ?? parameter.binding?.value ?? parameter.default_value;
    if (value === undefined || value === null) {
      if (parameter.optional) return "";
      throw badRequest(`Unbound required parameter used: ${name}`);
    }
    return String(value);
  });
}
