import type { SearchError } from "../../api/schemas/search.ts";

/** A failure of one search type, reported in the job's errors instead of failing the whole search. */
export class SearchTypeError extends Error {
  constructor(readonly type: "search_type" | "result_window_limit", message: string, readonly resultWindowLimit?: number) {
    super(message);
    this.name = "SearchTypeError";
  }

  toWire(queryId: string, searchTypeId: string): SearchError {
    return {
      type: this.type,
      description: this.message,
      query_id: queryId,
      search_type_id: searchTypeId,
      ...(this.resultWindowLimit === undefined ? {} : { result_window_limit: this.resultWindowLimit }),
    };
  }
}
