/** Row selection of the entity table (spec 000 §4): ids of selected entities, in selection order. */

export type HeaderCheckboxState = "checked" | "unchecked" | "indeterminate";

export function toggleSelection(selected: readonly string[], id: string): string[] {
  return selected.includes(id) ? selected.filter((other) => other !== id) : [...selected, id];
}

/** Adds every visible row to the selection (rows on other pages stay selected). */
export function selectAllVisible(selected: readonly string[], visibleIds: readonly string[]): string[] {
  const result = [...selected];
  for (const id of visibleIds) if (!result.includes(id)) result.push(id);
  return result;
}

/** Removes every visible row from the selection. */
export function deselectAllVisible(selected: readonly string[], visibleIds: readonly string[]): string[] {
  const visible = new Set(visibleIds);
  return selected.filter((id) => !visible.has(id));
}

/** Checked when all visible rows are selected, indeterminate when some are, unchecked otherwise. */
export function headerCheckboxState(
  selected: readonly string[],
  visibleIds: readonly string[],
): HeaderCheckboxState {
  if (visibleIds.length === 0) return "unchecked";
  const count = visibleIds.filter((id) => selected.includes(id)).length;
  if (count === 0) return "unchecked";
  return count === visibleIds.length ? "checked" : "indeterminate";
}

/** Clicking the header checkbox: deselects all visible rows when all are selected, otherwise selects them all. */
export function toggleAllVisible(selected: readonly string[], visibleIds: readonly string[]): string[] {
  return headerCheckboxState(selected, visibleIds) === "checked"
    ? deselectAllVisible(selected, visibleIds)
    : selectAllVisible(selected, visibleIds);
}
