import { paths } from "../../../shared/paths.ts";

/** What a replay search repeats: the definition's query and streams over the event's (or a recent) time range. */
export interface ReplaySearch {
  query: string;
  streams: readonly string[];
  from: string;
  to: string;
}

/** The search page URL of a replay search (absolute range, spec 000 §2.2 search parameters). */
export function replaySearchHref({ query, streams, from, to }: ReplaySearch): string {
  const params = new URLSearchParams({ q: query, rangetype: "absolute", from, to });
  if (streams.length > 0) params.set("streams", streams.join(","));
  return `${paths.search.href()}?${params}`;
}

/** A definition replayed without an event: its last search window, ending now. */
export function definitionReplayRange(searchWithinMs: number, now: number): { from: string; to: string } {
  return { from: new Date(now - searchWithinMs).toISOString(), to: new Date(now).toISOString() };
}
