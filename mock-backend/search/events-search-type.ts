import type { SearchType } from "../../api/schemas/search.ts";

/**
 * The `events` search type. The embedded backend does not evaluate event definitions yet (alerts come with the
 * alerting work), so there are no events to list: the answer is an honest, empty list.
 */
export function executeEvents(searchType: Extract<SearchType, { type: "events" }>) {
  return Promise.resolve({ id: searchType.id, ...(searchType.name ? { name: searchType.name } : {}), type: "events" as const, events: [], total_results: 0 });
}
