import { addTermToQuery, fieldTerm } from "../../view/query-terms.ts";

/** Most messages an event's details show; the replay search has them all. */
export const EVENT_MESSAGES_LIMIT = 10;

/** One search for an event's messages (GET /search/universal/absolute): Graylog's `filter` names one stream. */
export interface EventMessagesSearch {
  query: string;
  from: string;
  to: string;
  filter?: string;
}

/** What of an event and its definition decides which messages triggered it. */
export interface TriggeringScope {
  /** The definition's search query. */
  query: string;
  /** The definition's streams; none: every stream. */
  streams: readonly string[];
  /** The event's group-by values: the messages of its key only. */
  groupByFields: Readonly<Record<string, string>>;
  timerangeStart: string | null;
  timerangeEnd: string | null;
}

/**
 * The searches finding the messages that triggered an event: the definition's query narrowed to the event's
 * group-by key, over the event's search window, once per stream of the definition (one without streams). Null when
 * the event has no window (a system event).
 */
export function eventMessagesSearches(scope: TriggeringScope): EventMessagesSearch[] | null {
  if (!scope.timerangeStart || !scope.timerangeEnd) return null;
  const query = Object.entries(scope.groupByFields).reduce((current, [field, value]) => addTermToQuery(current, fieldTerm(field, value)), scope.query);
  const base = { query: query.trim() === "" ? "*" : query, from: scope.timerangeStart, to: scope.timerangeEnd };
  return scope.streams.length === 0 ? [base] : scope.streams.map((stream) => ({ ...base, filter: `streams:${stream}` }));
}

interface FoundMessage {
  message: Record<string, unknown>;
}

/** The newest EVENT_MESSAGES_LIMIT messages of several searches' answers, each message once. */
export function newestMessages(answers: readonly (readonly FoundMessage[])[]): Record<string, unknown>[] {
  const byId = new Map<string, Record<string, unknown>>();
  for (const found of answers.flat()) byId.set(String(found.message._id), found.message);
  return [...byId.values()]
    .sort((a, b) => String(b.timestamp).localeCompare(String(a.timestamp)))
    .slice(0, EVENT_MESSAGES_LIMIT);
}
