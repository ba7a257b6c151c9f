import type { SearchType } from "../../api/schemas/search.ts";
import type { Database } from "../database.ts";
import { searchEventSummaries } from "../events/event-store.ts";
import type { QueryNode } from "../query/mod.ts";

/** What the events search type reads besides its own definition: the running query's range, query and streams. */
export interface EventsSearchInput {
  db: Database;
  /** The effective time range, UTC ms inclusive. */
  from: number;
  to: number;
  now: number;
  /** The query string in effect (the search type's own, else its query's): matched against the events. */
  query: QueryNode;
  /** The streams the search names (none: every readable stream). */
  streams: readonly string[];
  /** The streams the caller may read (null = all). */
  readableStreams: readonly string[] | null;
}

/**
 * The `events` search type, answered in Graylog 5.1's shape: `{id, name?, type: "events", events, total_results}`
 * where each event is an event summary (`id`, `streams`, `timestamp`, `message`, `alert`, `event_definition_id`),
 * newest first. Like Graylog it reads the events index: events in the time range whose text matches the query
 * and that belong to the searched streams (stored in one, or caused by messages of one); an event is visible to
 * whoever may read one of its source streams.
 */
export async function executeEvents(
  searchType: Extract<SearchType, { type: "events" }>,
  { db, ...selection }: EventsSearchInput,
) {
  const { events, total } = await searchEventSummaries(db, selection);
  return {
    id: searchType.id,
    ...(searchType.name ? { name: searchType.name } : {}),
    type: "events" as const,
    events,
    total_results: total,
  };
}
