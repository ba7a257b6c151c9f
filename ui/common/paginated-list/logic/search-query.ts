/** Debounce of the search box (spec 000 §9). */
export const SEARCH_DEBOUNCE_MS = 300;

/** Whether the reset icon has anything to restore: the typed text differs from the original query. */
export function canResetQuery(typed: string, original: string): boolean {
  return typed !== original;
}
