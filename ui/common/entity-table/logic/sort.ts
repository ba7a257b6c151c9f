import type { Sort } from "./column-definition.ts";

/** The sort after clicking a column header: the first click sorts ascending, further clicks toggle (spec 000 §4). */
export function nextSort(active: Sort | undefined, attributeId: string): Sort {
  if (active?.attributeId === attributeId) {
    return { attributeId, direction: active.direction === "asc" ? "desc" : "asc" };
  }
  return { attributeId, direction: "asc" };
}
