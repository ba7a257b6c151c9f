/**
 * The saved searches list of the Load dialog (spec 001 §2 'Other screens', §8, §9): paging and search
 * parameters, selection after a bulk delete, and the texts of its outcomes.
 */

/** Spec 001 §9: page size 20, sorted by title ascending (the user may turn the order around). */
export const SAVED_SEARCHES_PAGE_SIZE = 20;
export const SAVED_SEARCHES_SORT = { field: "title", order: "asc" } as const;

export interface SavedSearchesListParams {
  query: string;
  page: number;
  /** Title order; ascending when not given. */
  order?: "asc" | "desc";
}


/** The query parameters of GET /search/saved for the list's parameters. */
export function savedSearchesQuery(
  { query, page, order = SAVED_SEARCHES_SORT.order }: SavedSearchesListParams,
  perPage = SAVED_SEARCHES_PAGE_SIZE,
) {
  return { query, page, per_page: perPage, sort: SAVED_SEARCHES_SORT.field, order };
}

/** Empty texts of spec 001 §8: nothing saved at all, or nothing matching the search. */
export function emptySavedSearchesText(query: string): string {
  return query.trim() === ""
    ? "No saved searches have been created yet."
    : "No saved searches have been found.";
}

export function deleteQuestion(title: string): string {
  return `You are about to delete saved search: "${title}". Are you sure?`;
}

export function bulkDeleteQuestion(count: number): string {
  return `Do you really want to remove ${count} saved ${count === 1 ? "search" : "searches"}?`;
}

/** What a bulk delete answered, and what the list does next: a toast, and which ids stay selected. */
export interface BulkDeleteOutcome {
  kind: "complete" | "partial";
  message: string;
  stillSelected: string[];
}

export function bulkDeleteOutcome(
  selected: readonly string[],
  failures: readonly { entity_id: string }[],
): BulkDeleteOutcome {
  const failed = new Set(failures.map((failure) => failure.entity_id));
  const stillSelected = selected.filter((id) => failed.has(id));
  if (stillSelected.length === 0) {
    return {
      kind: "complete",
      message: `${selected.length} saved searches were deleted successfully.`,
      stillSelected,
    };
  }
  return {
    kind: "partial",
    message:
      `${stillSelected.length} out of ${selected.length} selected saved searches could not be deleted.`,
    stillSelected,
  };
}

export function bulkDeleteErrorText(error: string): string {
  return `An error occurred while deleting saved searches. ${error}`;
}

export function loadSavedSearchesErrorText(status: number | string): string {
  return `Loading saved searches failed with status: ${status}`;
}
