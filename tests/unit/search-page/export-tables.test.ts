import assert from "node:assert/strict";
import type { Widget } from "../../../api/schemas/widgets.ts";
import {
  DEFAULT_EXPORT_FORMAT,
  EXPORT_FORMAT_IDS,
  exportFormat,
  offersFormatChoice,
} from "../../../ui/search/export/export-formats.ts";
import {
  DEFAULT_EXPORT_SORT,
  type ExportMessageTable,
  exportFieldsOf,
  exportSortOf,
  initialExportTable,
  messageTablesForExport,
} from "../../../ui/search/export/export-tables.ts";
import { exportFileName } from "../../../ui/search/export/export-file.ts";
import { messageCountWidget, messagesWidget } from "../../../ui/widgets/logic/default-search-view.ts";

function table(overrides: Partial<ExportMessageTable> & { id: string }): ExportMessageTable {
  return {
    title: overrides.id,
    config: { fields: ["timestamp", "source"], show_message_row: true, sort: [{ type: "pivot", field: "timestamp", direction: "Descending" }] },
    ...overrides,
  };
}

Deno.test("a page's message tables are offered in page order with their frame titles; charts are not", () => {
  const first = messagesWidget("t1");
  const second: Widget = { ...messagesWidget("t2"), config: { ...messagesWidget("t2").config, fields: ["source", "http_method"] } };
  const tables = messageTablesForExport([messageCountWidget("c"), first, second], (widget) => `Title of ${widget.id}`);
  assert.deepEqual(tables.map((entry) => [entry.id, entry.title]), [["t1", "Title of t1"], ["t2", "Title of t2"]]);
  assert.deepEqual(tables[1].config.fields, ["source", "http_method"]);
});

Deno.test("a widget's own Export preselects its table; the search's Export starts on the first", () => {
  const tables = [table({ id: "a" }), table({ id: "b" })];
  assert.equal(initialExportTable(tables, "b")?.id, "b");
  assert.equal(initialExportTable(tables, null)?.id, "a");
  assert.equal(initialExportTable(tables, "gone")?.id, "a");
  assert.equal(initialExportTable([], null), null);
});

Deno.test("a table exports its columns, then message when it shows the message row", () => {
  assert.deepEqual(exportFieldsOf(table({ id: "a" })), ["timestamp", "source", "message"]);
  const noRow = table({ id: "b", config: { fields: ["source", "http_method"], show_message_row: false, sort: [] } });
  assert.deepEqual(exportFieldsOf(noRow), ["source", "http_method"]);
  const messageColumn = table({ id: "c", config: { fields: ["message", "source"], show_message_row: true, sort: [] } });
  assert.deepEqual(exportFieldsOf(messageColumn), ["message", "source"]);
});

Deno.test("without a table, or with an empty one, the default fields are exported", () => {
  assert.deepEqual(exportFieldsOf(null), ["timestamp", "source", "message"]);
  assert.deepEqual(exportFieldsOf(table({ id: "e", config: { fields: [], show_message_row: false, sort: [] } })), [
    "timestamp",
    "source",
    "message",
  ]);
});

Deno.test("a table's sort becomes the export's order; metric entries are dropped", () => {
  const sorted = table({
    id: "s",
    config: {
      fields: ["source"],
      show_message_row: false,
      sort: [
        { type: "pivot", field: "source", direction: "Ascending" },
        { type: "series", field: "count()", direction: "Descending" },
        { type: "pivot", field: "timestamp", direction: "Descending" },
      ],
    },
  });
  assert.deepEqual(exportSortOf(sorted), [{ field: "source", order: "ASC" }, { field: "timestamp", order: "DESC" }]);
  assert.deepEqual(exportSortOf(null), DEFAULT_EXPORT_SORT);
  assert.deepEqual(exportSortOf(table({ id: "n", config: { fields: [], show_message_row: true, sort: [] } })), [
    { field: "timestamp", order: "DESC" },
  ]);
});

Deno.test("only CSV exists, so the dialog offers no format choice; a second format would", () => {
  assert.deepEqual(EXPORT_FORMAT_IDS, ["csv"]);
  assert.equal(DEFAULT_EXPORT_FORMAT, "csv");
  assert.equal(offersFormatChoice(), false);
  assert.equal(offersFormatChoice(["csv", "csv"]), true);
  assert.deepEqual(exportFormat("csv"), { label: "CSV", mimeType: "text/csv", extension: "csv" });
});

Deno.test("an unknown export format is an error naming the known ones", () => {
  assert.throws(() => exportFormat("xlsx"), /Unknown export format "xlsx"; known formats: csv/);
  assert.throws(() => exportFormat("toString"), /Unknown export format/);
});

Deno.test("a dashboard without a title exports as Untitled-Dashboard", () => {
  assert.equal(exportFileName(null, "csv", "Untitled Dashboard"), "Untitled-Dashboard-search-result.csv");
  assert.equal(exportFileName("All Messages", "csv"), "All-Messages-search-result.csv");
});
