import type { Search } from "../../../../api/schemas/search.ts";

/**
 * ±N surrounding messages by position (beyond Graylog): the N messages stored right before and after one, in
 * the engine's stored order (timestamp, then gl2_message_id; the order its paging uses too). Two queries of one
 * synchronous search read the older and the newer side.
 */

export const NEIGHBOUR_COUNTS = [5, 10, 25] as const;
export const OLDER_QUERY_ID = "older";
export const NEWER_QUERY_ID = "newer";
/** How far each side looks; wide, since the engine narrows a time-sorted page to the buckets that hold it. */
const SPAN_MS = 365 * 24 * 3600_000;

export interface PositionedMessage {
  id: string;
  timestamp: string;
  raw: Record<string, unknown>;
}

/**
 * The sync search body: up to 2n + 1 messages at or before the timestamp (newest first) and at or after it
 * (oldest first). Messages sharing the timestamp fall into both; the extra n leave room for them.
 */
export function neighbourSearch(timestamp: string, n: number): Search {
  const at = Date.parse(timestamp);
  const side = (id: string, from: number, to: number, order: "ASC" | "DESC") => ({
    id,
    timerange: { type: "absolute" as const, from: new Date(from).toISOString(), to: new Date(to).toISOString() },
    query: { type: "elasticsearch" as const, query_string: "" },
    filter: null,
    filters: [],
    search_types: [{
      type: "messages" as const,
      id: "neighbours",
      limit: 2 * n + 1,
      offset: 0,
      sort: [{ field: "timestamp", order }],
      decorators: [],
      fields: [],
    }],
  });
  return {
    queries: [side(OLDER_QUERY_ID, at - SPAN_MS, at, "DESC"), side(NEWER_QUERY_ID, at, at + SPAN_MS, "ASC")],
    parameters: [],
  };
}

/** The n messages before and after `targetId` (both lists oldest first), from the two sides' answers. */
export function neighbourMessages<M extends PositionedMessage>(
  targetId: string,
  older: readonly M[],
  newer: readonly M[],
  n: number,
): { before: M[]; after: M[] } {
  const unique = new Map<string, M>();
  for (const message of [...older, ...newer]) unique.set(message.id, message);
  const ordered = [...unique.values()].sort(compareStoredOrder);
  const at = ordered.findIndex((message) => message.id === targetId);
  if (at < 0) return { before: [], after: [] };
  return { before: ordered.slice(Math.max(0, at - n), at), after: ordered.slice(at + 1, at + 1 + n) };
}

function compareStoredOrder(a: PositionedMessage, b: PositionedMessage): number {
  const byTime = Date.parse(a.timestamp) - Date.parse(b.timestamp);
  if (byTime !== 0) return byTime;
  const idA = String(a.raw.gl2_message_id ?? a.id);
  const idB = String(b.raw.gl2_message_id ?? b.id);
  return idA < idB ? -1 : idA > idB ? 1 : 0;
}
