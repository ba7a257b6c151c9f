/**
 * What Enter does in the query editor while a completion list is open. Enter searches unless taking the selected
 * entry would change the query: typing a whole value or a recent query leaves its own entry selected, and taking
 * it would change nothing, so that Enter searches instead of being swallowed. In an empty editor the list that
 * opened by itself (recent queries on focus) is taken only after the user moved through it.
 */
export function enterPicksCompletion(
  query: { beforeCursor: string; empty: boolean },
  selected: { label: string; apply?: unknown } | null,
  navigated: boolean,
): boolean {
  if (selected === null) return false;
  if (query.empty && !navigated) return false;
  const inserted = typeof selected.apply === "string" ? selected.apply : selected.label;
  return !query.beforeCursor.endsWith(inserted);
}
