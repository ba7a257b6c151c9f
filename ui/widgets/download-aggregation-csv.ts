import type { PivotResult } from "../../api/schemas/search.ts";
import type { AggregationWidget } from "../../api/schemas/widgets.ts";
import { saveBlob } from "../search/export/download-export.ts";
import { pivotToTableData } from "../visualizations/logic/table-data.ts";
import { aggregationCsv, aggregationCsvFileName } from "./logic/aggregation-csv.ts";

/** Saves the aggregation's current result as a CSV file. */
export function downloadAggregationCsv(widget: AggregationWidget, pivot: PivotResult, title: string): void {
  const csv = aggregationCsv(pivotToTableData(pivot, widget.config));
  saveBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), aggregationCsvFileName(title));
}
