import type { CompletionOption } from "./lucene-completion.ts";

/**
 * Recent queries of the query editor: the last submitted queries of a user, kept in the browser's local
 * storage, offered when the editor is empty and as completions of what is typed.
 */

/** How many submitted queries are kept per user. */
export const RECENT_QUERIES_LIMIT = 20;

/** The part of Storage used here, so tests can pass a Map-backed fake. */
export type RecentQueriesStorage = Pick<Storage, "getItem" | "setItem">;

/** One entry per user: several people may share a browser. */
export function recentQueriesKey(username: string): string {
  return `sluice.search.recent-queries.${username}`;
}

/** The list with `query` first (moved up when it was there), blank queries ignored, at most the limit. */
export function rememberQuery(
  recent: readonly string[],
  query: string,
  limit = RECENT_QUERIES_LIMIT,
): string[] {
  const trimmed = query.trim();
  if (trimmed === "") return [...recent];
  return [trimmed, ...recent.filter((entry) => entry !== trimmed)].slice(0, limit);
}

/** The stored list; anything unreadable (no storage, foreign JSON) counts as none. */
export function loadRecentQueries(storage: RecentQueriesStorage | null, username: string): string[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(recentQueriesKey(username)) ?? "[]");
    return Array.isArray(parsed)
      ? parsed.filter((entry): entry is string => typeof entry === "string").slice(0, RECENT_QUERIES_LIMIT)
      : [];
  } catch {
    return [];
  }
}

/** Stores `query` as the newest entry and returns the new list; a full or blocked storage loses nothing else. */
export function saveRecentQuery(
  storage: RecentQueriesStorage | null,
  username: string,
  query: string,
): string[] {
  const next = rememberQuery(loadRecentQueries(storage, username), query);
  try {
    storage?.setItem(recentQueriesKey(username), JSON.stringify(next));
  } catch {
    // Quota exceeded or storage disabled: recent queries are a convenience.
  }
  return next;
}

/**
 * Recent queries for the whole editor text `doc`: all of them when it is empty, else those that start with it
 * (case-insensitive) and would add something. Each replaces the whole text.
 */
export function recentQueryOptions(doc: string, recent: readonly string[]): CompletionOption[] {
  const typed = doc.trim().toLowerCase();
  return recent
    .filter((query) => typed === "" || (query.toLowerCase().startsWith(typed) && query.trim() !== doc.trim()))
    .map((query) => ({ label: query, apply: query, detail: "recent query", kind: "recent" as const }));
}
