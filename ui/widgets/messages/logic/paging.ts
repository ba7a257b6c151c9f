/** Message table paging (spec 001 §4, §8 'Result window'). */

export interface PagingModel {
  /** Pages the user can reach: all pages, capped at floor(limit / page size) when the engine limits the window. */
  pageCount: number;
  /** 'The search engine limits the search result to {limit} messages' when it applies, else null. */
  windowText: string | null;
}

export function resultWindowText(limit: number): string {
  return `The search engine limits the search result to ${limit} messages`;
}

export function pagingModel(total: number, pageSize: number, resultWindowLimit: number): PagingModel {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (total <= resultWindowLimit) return { pageCount: pages, windowText: null };
  return { pageCount: Math.max(1, Math.min(pages, Math.floor(resultWindowLimit / pageSize))), windowText: resultWindowText(resultWindowLimit) };
}

/** The message table's sort cycle on the timestamp column: descending, ascending, default (descending). */
export function nextTimestampSort(current: "ASC" | "DESC"): "ASC" | "DESC" {
  return current === "DESC" ? "ASC" : "DESC";
}
