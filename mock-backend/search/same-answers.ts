import type { ExecutionState, SearchType, SearchTypeResult } from "../../api/schemas/search.ts";

/**
 * Search types of one query that ask the same question get one answer: a dashboard often holds the same
 * aggregation more than once (a count over time drawn as a bar chart and as a line, a top-sources table on two
 * pages of one job), and each would otherwise scan the same messages again. Two search types ask the same when
 * everything but their `id` and `name` is equal, their execution overrides (limit, offset) included; the answer is
 * then handed to each under its own id and name (withIdentity).
 *
 * Measured with bench:dashboard (20 widgets, the nine visualization types in turn: eight different questions).
 */
export class SameAnswers {
  readonly #running = new Map<string, Promise<SearchTypeResult>>();

  /** Runs `answer` for the first search type asking this question; later ones wait for that answer. */
  once(searchType: SearchType, state: ExecutionState, answer: () => Promise<SearchTypeResult>): Promise<SearchTypeResult> {
    const key = question(searchType, state);
    const running = this.#running.get(key);
    if (running) return running;
    const started = answer();
    this.#running.set(key, started);
    return started;
  }
}

/** The answer as `searchType`'s own: its id, and its name when it has one. */
export function withIdentity(answer: SearchTypeResult, searchType: SearchType): SearchTypeResult {
  const { name: _name, ...rest } = answer;
  return { ...rest, id: searchType.id, ...(searchType.name ? { name: searchType.name } : {}) } as SearchTypeResult;
}

function question(searchType: SearchType, state: ExecutionState): string {
  const { id, name: _name, ...asked } = searchType;
  return JSON.stringify([asked, state.global_override.search_types[id] ?? null]);
}
