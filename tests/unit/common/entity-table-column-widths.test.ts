import { deepStrictEqual as assertEquals } from "node:assert/strict";
import type { ColumnDefinition } from "../../../ui/common/entity-table/logic/column-definition.ts";
import {
  BULK_SELECT_COLUMN_OUTER_WIDTH_PX,
  columnWidths,
  DATE_COLUMN_WIDTH_PX,
  MIN_COLUMN_WIDTH_PX,
} from "../../../ui/common/entity-table/logic/column-widths.ts";

const col = (id: string, type?: ColumnDefinition["type"]): ColumnDefinition => ({ id, title: id, type });

Deno.test("date, owner and favorite columns get their fixed widths of 160, 120 and 30 px", () => {
  const widths = columnWidths([col("created_at", "DATE"), col("owner"), col("favorite")], {
    tableWidth: 2000,
    bulkSelection: false,
    actionsWidth: 0,
  });
  assertEquals(widths, { created_at: DATE_COLUMN_WIDTH_PX, owner: 120, favorite: 30 });
});

Deno.test("the remaining width is shared by weight: description twice, summary one and a half times a plain column", () => {
  const widths = columnWidths([col("title"), col("description"), col("summary")], {
    tableWidth: 900 + BULK_SELECT_COLUMN_OUTER_WIDTH_PX + 100,
    bulkSelection: true,
    actionsWidth: 100,
  });
  assertEquals(widths, { title: 200, description: 400, summary: 300 });
});

Deno.test("no flexible column gets narrower than 150 px, even before the table was measured", () => {
  const widths = columnWidths([col("title"), col("description")], {
    tableWidth: 0,
    bulkSelection: true,
    actionsWidth: 0,
  });
  assertEquals(widths, { title: MIN_COLUMN_WIDTH_PX, description: MIN_COLUMN_WIDTH_PX });
});
