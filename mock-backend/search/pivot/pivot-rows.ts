import type { Bucket } from "./bucket-tree.ts";
import type { SeriesValue } from "./series-functions.ts";

/** Graylog's pivot result row and value (GRAYLOG-NOTES §2). */
export interface PivotValue {
  key: string[];
  value: SeriesValue;
  rollup: boolean;
  source: "row-leaf" | "col-leaf" | "row-inner";
}

export interface PivotRow {
  key: string[];
  values: PivotValue[];
  source: "leaf" | "non-leaf";
}

export interface PivotLayout {
  rowLevels: number;
  columnLevels: number;
  /** Series ids (their display names, e.g. `count()`), the last element of every value key. */
  seriesIds: string[];
  rollup: boolean;
}

/**
 * Graylog's result layout over the bucket tree (ESPivot): one "leaf" row per bucket of the last row level, keyed
 * by the row keys of its path. Its values: the row's own series ("row-leaf", rollup true) when there are no
 * column groups or rollup is on; then, per bucket of the last column level, the series keyed by the column
 * keys and the series id ("col-leaf", rollup false). With row groups and rollup on, a final "non-leaf" row with
 * key [] carries the grand totals ("row-inner"). Without row groups the single leaf row has key [] and holds
 * the totals itself (what a single-number widget reads).
 */
export function shapePivotRows(root: Bucket, layout: PivotLayout): PivotRow[] {
  const rows: PivotRow[] = [];
  for (const { keys, bucket } of leaves(root, layout.rowLevels)) {
    const values: PivotValue[] = [];
    if (layout.columnLevels === 0 || layout.rollup) {
      values.push(...seriesValues(bucket, [], true, "row-leaf", layout.seriesIds));
    }
    if (layout.columnLevels > 0) {
      for (const column of leaves(bucket, layout.columnLevels)) {
        values.push(...seriesValues(column.bucket, column.keys, false, "col-leaf", layout.seriesIds));
      }
    }
    rows.push({ key: keys, values, source: "leaf" });
  }
  if (layout.rowLevels > 0 && layout.rollup) {
    rows.push({
      key: [],
      values: seriesValues(root, [], true, "row-inner", layout.seriesIds),
      source: "non-leaf",
    });
  }
  return rows;
}

/** The buckets `depth` levels below `bucket` with the keys along the way, depth first in bucket order. */
function leaves(bucket: Bucket, depth: number, keys: string[] = []): { keys: string[]; bucket: Bucket }[] {
  if (depth === 0) return [{ keys, bucket }];
  return bucket.children.flatMap((child) => leaves(child, depth - 1, [...keys, ...child.keys]));
}

function seriesValues(
  bucket: Bucket,
  keys: string[],
  rollup: boolean,
  source: PivotValue["source"],
  seriesIds: string[],
): PivotValue[] {
  return seriesIds.map((id, index) => ({ key: [...keys, id], value: bucket.values[index], rollup, source }));
}
