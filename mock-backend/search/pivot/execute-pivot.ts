import type { PivotSearchType } from "../../../api/schemas/search.ts";
import type { SearchTypeContext } from "../search-context.ts";
import { effectiveTimeRange } from "../time-range.ts";
import { type Bucket, buildBucketTree } from "./bucket-tree.ts";
import { type PivotPlan, planPivot } from "./pivot-plan.ts";
import { type PivotRow, shapePivotRows } from "./pivot-rows.ts";
import { type BucketRow, buildPivotSql, pivotRows } from "./pivot-sql.ts";

/** The `pivot` search type result (PivotResultSchema). */
export interface PivotResult {
  id: string;
  name?: string;
  type: "pivot";
  rows: PivotRow[];
  /** Messages matched (hits), whatever the groupings kept. */
  total: number;
  effective_timerange: { type: "absolute"; from: string; to: string };
}

/**
 * The `pivot` search type (aggregation widgets): row and column groupings of values and time, series per bucket,
 * in Graylog 5.1's result layout. One SQL query computes every level; the tree is then shaped into rows.
 * Bad fields for a function or grouping throw a SearchTypeError (a `search_type` error in the job).
 */
export async function executePivot(
  searchType: PivotSearchType,
  context: SearchTypeContext,
): Promise<PivotResult> {
  const plan = planPivot(searchType, { catalog: context.catalog, rangeMs: context.to - context.from });
  const query = context.sharedHits && readsTimeOnly(plan)
    ? buildPivotSql(plan, { sql: "TRUE", params: [] }, context.sharedHits.table)
    : buildPivotSql(plan, context.filter);
  const rows = pivotRows(await context.db.all<BucketRow>(query.sql, [...query.params]), plan);
  const tree: Bucket = buildBucketTree(rows, plan);
  return {
    id: searchType.id,
    ...(searchType.name ? { name: searchType.name } : {}),
    type: "pivot",
    rows: shapePivotRows(tree, {
      rowLevels: plan.rowLevels,
      columnLevels: plan.columnLevels,
      seriesIds: plan.series.map((series) => series.id),
      rollup: plan.rollup,
    }),
    total: tree.count,
    effective_timerange: effectiveTimeRange(context),
  };
}

/**
 * Whether the pivot reads nothing of a message but its `timestamp` (a message count histogram, the search page's):
 * then hits shared from a text filter (shared-hits.ts) hold all it needs.
 */
function readsTimeOnly(plan: PivotPlan): boolean {
  return plan.inputs.length === 0 &&
    plan.levels.every((level) => level.columns.every((column) => column.field === "timestamp"));
}
