import type { SearchType } from "../../api/schemas/search.ts";

/**
 * The `events` search type, answered in Graylog 5.1's shape: `{id, name?, type: "events", events, total_results}`
 * where each event is an event summary (`id`, `streams`, `timestamp`, `message`, `alert`, `event_definition_id`).
 * The embedded backend has no events store yet (event definitions are not evaluated; alerting is later work),
 * so the list is honestly empty, never made up.
 */
export function executeEvents(searchType: Extract<SearchType, { type: "events" }>) {
  return Promise.resolve({
    id: searchType.id,
    ...(searchType.name ? { name: searchType.name } : {}),
    type: "events" as const,
    events: [],
    total_results: 0,
  });
}
