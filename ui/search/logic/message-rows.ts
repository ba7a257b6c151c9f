import type { ResultMessage, SearchError, SearchJob } from "../../../api/schemas/search.ts";
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
}

export interface HistogramBucket {
  /** Bucket start, ISO. */
  time: string;
  count: number;
}

/** The view model of the search job for the two widgets of the default search. */
export interface SearchResultModel {
  messages: MessageRow[];
  total: number;
  histogram: HistogramBucket[];
  effectiveRange: { from: string; to: string } | null;
  durationMs: number;
  executedAt: string | null;
  /** Error descriptions per widget (spec 001 §8 'Widget data errors'). */
  messageErrors: string[];
  histogramErrors: string[];
  /** The result window limit when the search engine reported it. */
  resultWindowLimit: number | null;
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
  };
}

/**
 * Errors for one widget: its search type's errors, or the query-level errors when the search type has no
 * result (spec 001 §8).
 */
export function widgetErrors(job: SearchJob, queryId: string, searchTypeId: string): string[] {
  const result = job.results[queryId];
  const all: SearchError[] = [...(result?.errors ?? []), ...(job.errors ?? [])];
  const own = all.filter((error) => error.search_type_id === searchTypeId);
  const unique = (errors: SearchError[]) => [...new Set(errors.map((error) => error.description))];
  if (own.length > 0) return unique(own);
  if (result?.search_types[searchTypeId]) return [];
  const queryLevel = all.filter((error) => !error.search_type_id);
  return queryLevel.length > 0 ? unique(queryLevel) : result ? [] : ["The search returned no result for this query."];
}

/** Turns the finished job into the widgets' view model. */
export function toSearchResult(job: SearchJob, ids: { query: string; messages: string; histogram: string }): SearchResultModel {
  const result = job.results[ids.query];
  const messages = result?.search_types[ids.messages];
  const histogram = result?.search_types[ids.histogram];
  const windowError = [...(result?.errors ?? []), ...(job.errors ?? [])].find((error) => error.type === "result_window_limit");
  return {
    messages: messages?.type === "messages" ? messages.messages.map(toMessageRow) : [],
    total: messages?.type === "messages" ? messages.total_results : 0,
    histogram: histogram?.type === "pivot" ? histogramBuckets(histogram.rows) : [],
    effectiveRange: result ? result.execution_stats.effective_timerange : null,
    durationMs: result?.execution_stats.duration ?? 0,
    executedAt: result?.execution_stats.timestamp ?? null,
    messageErrors: widgetErrors(job, ids.query, ids.messages),
    histogramErrors: widgetErrors(job, ids.query, ids.histogram),
    resultWindowLimit: windowError?.result_window_limit ?? null,
  };
}

type PivotRows = Extract<SearchJob["results"][string]["search_types"][string], { type: "pivot" }>["rows"];

/** The count per time bucket from the pivot's leaf rows, in time order. */
export function histogramBuckets(rows: PivotRows): HistogramBucket[] {
  return rows
    .filter((row) => row.source === "leaf" && row.key.length > 0)
    .map((row) => {
      const value = row.values.find((v) => v.key.at(-1) === "count()")?.value;
      return { time: row.key[0], count: typeof value === "number" ? value : Number(value ?? 0) };
    })
    .sort((a, b) => Date.parse(a.time) - Date.parse(b.time));
}
