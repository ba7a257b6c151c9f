import type { SortDirection, WidgetSort } from "../../../../api/schemas/widgets.ts";

/**
 * The message table's sort (spec 001 §4, §9): held in the widget config as pivot-style sort entries, cycled per
 * column header click descending → ascending → default, where default is descending on the timestamp.
 */

export const DEFAULT_MESSAGE_SORT: readonly WidgetSort[] = [{ type: "pivot", field: "timestamp", direction: "Descending" }];

/** The direction a column is sorted in, or null when the table is not sorted by it. */
export function columnSortDirection(sort: readonly WidgetSort[], field: string): SortDirection | null {
  const first = sort.length > 0 ? sort[0] : DEFAULT_MESSAGE_SORT[0];
  return first.field === field ? first.direction : null;
}

/**
 * The sort after a click on `field`'s header: an unsorted column sorts descending first, a descending one turns
 * ascending, an ascending one goes back to the default.
 */
export function nextColumnSort(sort: readonly WidgetSort[], field: string): WidgetSort[] {
  switch (columnSortDirection(sort, field)) {
    case null:
      return [{ type: "pivot", field, direction: "Descending" }];
    case "Descending":
      return [{ type: "pivot", field, direction: "Ascending" }];
    case "Ascending":
      return DEFAULT_MESSAGE_SORT.map((entry) => ({ ...entry }));
  }
}

/** The messages search type's `sort` for the widget config's sort (the default when the config has none). */
export function toSearchTypeSort(sort: readonly WidgetSort[]): { field: string; order: "ASC" | "DESC" }[] {
  const entries = sort.length > 0 ? sort : DEFAULT_MESSAGE_SORT;
  return entries.map(({ field, direction }) => ({ field, order: direction === "Ascending" ? "ASC" : "DESC" }));
}

/** The header button's accessible name, e.g. 'timestamp, sorted descending' or 'source, not sorted'. */
export function sortLabel(field: string, direction: SortDirection | null): string {
  return `${field}, ${direction === null ? "not sorted" : `sorted ${direction === "Descending" ? "descending" : "ascending"}`}`;
}
