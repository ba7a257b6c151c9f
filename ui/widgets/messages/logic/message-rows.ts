import type { ResultMessage, SearchError, SearchJobResults } from "../../../../api/schemas/search.ts";
import type { HighlightRange } from "./highlight.ts";
import { type LevelInfo, levelOf } from "./levels.ts";

/** One message of the table as the UI shows it, computed once per result (STYLE: log lists). */
export interface MessageRow {
  id: string;
  index: string | null;
  timestamp: string;
  source: string;
  message: string;
  level: LevelInfo | null;
  /** Every field but `_id`, by name, values as display text. */
  fields: { name: string; value: string }[];
  highlightRanges: Record<string, HighlightRange[]>;
  /** The stored fields as they came, for the JSON view and 'Copy message'. */
  raw: Record<string, unknown>;
  /** What decorators did to the message (spec 001 §3 'Message'), when it was decorated. */
  decorationStats: ResultMessage["decoration_stats"] | null;
}

/** Display text of a field value: strings as they are, arrays joined, objects as JSON. */
export function fieldText(value: unknown): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return value.map(fieldText).join(", ");
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}

export function toMessageRow(entry: ResultMessage): MessageRow {
  const raw = entry.message;
  const fields = Object.keys(raw)
    .filter((name) => name !== "_id")
    .sort((a, b) => a.localeCompare(b))
    .map((name) => ({ name, value: fieldText(raw[name]) }));
  return {
    id: fieldText(raw._id),
    index: entry.index,
    timestamp: fieldText(raw.timestamp),
    source: fieldText(raw.source),
    message: fieldText(raw.message),
    level: levelOf(raw),
    fields,
    highlightRanges: entry.highlight_ranges ?? {},
    raw,
    decorationStats: entry.decoration_stats ?? null,
  };
}

/**
 * Errors for one widget: its search type's errors, or the query-level errors when the search type has no
 * result (spec 001 §8).
 */
export function widgetErrors(job: SearchJobResults, queryId: string, searchTypeId: string): string[] {
  const result = job.results[queryId];
  const all: SearchError[] = [...(result?.errors ?? []), ...(job.errors ?? [])];
  const own = all.filter((error) => error.search_type_id === searchTypeId);
  const unique = (errors: SearchError[]) => [...new Set(errors.map((error) => error.description))];
  if (own.length > 0) return unique(own);
  if (result?.search_types[searchTypeId]) return [];
  const queryLevel = all.filter((error) => !error.search_type_id);
  return queryLevel.length > 0 ? unique(queryLevel) : result ? [] : ["The search returned no result for this query."];
}
