import type { PivotResult } from "../../../api/schemas/search.ts";
import type { AggregationWidgetConfig } from "../../../api/schemas/widgets.ts";
import type { ValuePath } from "../visualization-props.ts";
import { columnFields, rowFields } from "./pivot-fields.ts";
import { HUMAN_SEPARATOR, metricName, metricNames } from "./series-names.ts";
import { valuePath } from "./value-path.ts";

export type TableCellValue = string | number | null;

/** A column of the data table: a row grouping field, a rollup (row total) metric, or a metric for one column key. */
export interface TableColumn {
  id: string;
  kind: "row-field" | "rollup" | "series";
  /** The header: the field name or the metric name. */
  title: string;
  /** For series columns: the column grouping values, shown in the header row above. */
  columnKeys: string[];
  /** Row-field columns the visualization config pins to the left edge. */
  pinned: boolean;
}

export interface TableRow {
  id: string;
  /** Cell values by column id. */
  cells: Record<string, TableCellValue>;
  /** The row's grouping values. */
  path: ValuePath;
}

export interface TableData {
  columns: TableColumn[];
  rows: TableRow[];
  /** The column grouping header row: one group per distinct column key, spanning its metrics. */
  columnGroups: { title: string; span: number }[];
}

/**
 * A pivot result as the data table: one column per row grouping field (pinned ones first, in pinning order),
 * then the rollup metrics (row totals), then a metric column per distinct column key. One row per leaf row.
 */
export function pivotToTableData(
  result: PivotResult,
  config: AggregationWidgetConfig,
  pinnedColumns: readonly string[] = [],
): TableData {
  const names = metricNames(config);
  const fields = rowFields(config);
  const leaves = result.rows.filter((row) => row.source === "leaf");
  const rollups = new Map<string, TableColumn>();
  const series = new Map<string, TableColumn>();
  const rows = leaves.map((row, rowIndex): TableRow => {
    const cells: Record<string, TableCellValue> = {};
    fields.forEach((field, index) => cells[fieldColumnId(field)] = row.key[index] ?? null);
    for (const value of row.values) {
      if (value.source !== "row-leaf" && value.source !== "col-leaf") continue;
      const seriesId = value.key.at(-1) ?? "";
      const columnKeys = value.key.slice(0, -1);
      const id = value.rollup ? `rollup:${seriesId}` : `series:${JSON.stringify(value.key)}`;
      const target = value.rollup ? rollups : series;
      if (!target.has(id)) {
        target.set(id, {
          id,
          kind: value.rollup ? "rollup" : "series",
          title: metricName(names, seriesId),
          columnKeys: value.rollup ? [] : columnKeys,
          pinned: false,
        });
      }
      cells[id] = value.value;
    }
    return { id: `${rowIndex}:${JSON.stringify(row.key)}`, cells, path: valuePath(fields, row.key) };
  });
  const pinned = new Set(pinnedColumns.filter((field) => fields.includes(field)));
  const fieldColumns: TableColumn[] = fields.map((field) => ({
    id: fieldColumnId(field),
    kind: "row-field",
    title: field,
    columnKeys: [],
    pinned: pinned.has(field),
  }));
  const ordered = [...fieldColumns.filter((c) => c.pinned), ...fieldColumns.filter((c) => !c.pinned)];
  const seriesColumns = [...series.values()];
  return {
    columns: [...ordered, ...rollups.values(), ...seriesColumns],
    rows,
    columnGroups: columnGroups(ordered.length + rollups.size, seriesColumns),
  };
}

/** The grouping values of a cell: the row's path, plus the column values for a metric-per-column cell. */
export function cellPath(row: TableRow, column: TableColumn, config: AggregationWidgetConfig): ValuePath {
  if (column.kind === "row-field") return row.path.filter((entry) => entry.field === column.title);
  return [...row.path, ...valuePath(columnFields(config), column.columnKeys)];
}

export function fieldColumnId(field: string): string {
  return `field:${field}`;
}

function columnGroups(leading: number, seriesColumns: TableColumn[]): { title: string; span: number }[] {
  if (seriesColumns.length === 0) return [];
  const groups: { title: string; span: number }[] = leading > 0 ? [{ title: "", span: leading }] : [];
  for (const column of seriesColumns) {
    const title = column.columnKeys.join(HUMAN_SEPARATOR);
    const last = groups.at(-1);
    if (last && last.title === title && groups.length > (leading > 0 ? 1 : 0)) last.span += 1;
    else groups.push({ title, span: 1 });
  }
  return groups;
}
