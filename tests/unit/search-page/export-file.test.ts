import assert from "node:assert/strict";
import { exportFileName, formatBytes } from "../../../ui/search/export/export-file.ts";

Deno.test("an unsaved search exports as Untitled-Search-search-result.csv", () => {
  assert.equal(exportFileName(null), "Untitled-Search-search-result.csv");
  assert.equal(exportFileName("   "), "Untitled-Search-search-result.csv");
});

Deno.test("a title's spaces become dashes in the export file name", () => {
  assert.equal(exportFileName("Failed  logins today"), "Failed-logins-today-search-result.csv");
});

Deno.test("received bytes are shown in B, KB or MB", () => {
  assert.equal(formatBytes(512), "512 B");
  assert.equal(formatBytes(2048), "2.0 KB");
  assert.equal(formatBytes(3 * 1024 * 1024), "3.0 MB");
});
