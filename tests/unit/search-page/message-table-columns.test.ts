import assert from "node:assert/strict";
import { clampColumnWidth, MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH, moveColumn, shiftColumn, toggleColumn } from "../../../ui/widgets/messages/logic/message-columns.ts";

const FIELDS = ["timestamp", "source", "http_method", "http_status"];

Deno.test("dropping a column on one to its right puts it after that column", () => {
  assert.deepEqual(moveColumn(FIELDS, "timestamp", "http_method"), ["source", "http_method", "timestamp", "http_status"]);
});

Deno.test("dropping a column on one to its left puts it before that column", () => {
  assert.deepEqual(moveColumn(FIELDS, "http_status", "source"), ["timestamp", "http_status", "source", "http_method"]);
});

Deno.test("dropping a column on itself or on an unknown column changes nothing, and never the input", () => {
  const input = [...FIELDS];
  assert.deepEqual(moveColumn(input, "source", "source"), FIELDS);
  assert.deepEqual(moveColumn(input, "source", "nope"), FIELDS);
  assert.deepEqual(moveColumn(input, "nope", "source"), FIELDS);
  moveColumn(input, "timestamp", "http_status");
  assert.deepEqual(input, FIELDS);
});

Deno.test("shifting moves a column one place and stops at the ends", () => {
  assert.deepEqual(shiftColumn(FIELDS, "source", -1), ["source", "timestamp", "http_method", "http_status"]);
  assert.deepEqual(shiftColumn(FIELDS, "source", 1), ["timestamp", "http_method", "source", "http_status"]);
  assert.deepEqual(shiftColumn(FIELDS, "timestamp", -1), FIELDS);
  assert.deepEqual(shiftColumn(FIELDS, "http_status", 1), FIELDS);
});

Deno.test("'Add to table' appends a field, 'Remove from table' takes it out", () => {
  assert.deepEqual(toggleColumn(["timestamp", "source"], "level"), ["timestamp", "source", "level"]);
  assert.deepEqual(toggleColumn(["timestamp", "source", "level"], "source"), ["timestamp", "level"]);
});

Deno.test("dragged widths are whole pixels within the limits", () => {
  assert.equal(clampColumnWidth(123.6), 124);
  assert.equal(clampColumnWidth(5), MIN_COLUMN_WIDTH);
  assert.equal(clampColumnWidth(99_999), MAX_COLUMN_WIDTH);
  assert.equal(clampColumnWidth(Number.NaN), MIN_COLUMN_WIDTH);
});
