import type { PivotResult } from "../../../../api/schemas/search.ts";

/**
 * The value a single number shows: the first metric of the totals row (key [] — the only row without row
 * groupings, the rollup row with them). null when the result has no such value.
 */
export function singleValueOf(result: PivotResult | undefined): number | string | null {
  if (!result) return null;
  const totals = result.rows.find((row) => row.key.length === 0);
  if (!totals) return null;
  const value = totals.values.find((v) => v.rollup) ?? totals.values[0];
  return value?.value ?? null;
}
