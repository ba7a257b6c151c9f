import assert from "node:assert/strict";
import { formatBundleSize, LEVEL_OPTIONS, levelValue } from "../../../ui/system/logging/logic/logging-texts.ts";
import { sourceRows } from "../../../ui/system/sources/logic/source-ranges.ts";

Deno.test("a wire level reads as the selector's value, an unknown one as INFO", () => {
  assert.equal(levelValue("DEBUG"), "debug");
  assert.equal(levelValue("Warn"), "warn");
  assert.equal(levelValue("LOUD"), "info");
  assert.deepEqual(LEVEL_OPTIONS.map((option) => option.label), ["OFF", "FATAL", "ERROR", "WARN", "INFO", "DEBUG", "TRACE", "ALL"]);
});

Deno.test("bundle sizes are written in bytes below a KiB and with one decimal above", () => {
  assert.equal(formatBundleSize(812), "812 B");
  assert.equal(formatBundleSize(14_540), "14.2 KiB");
  assert.equal(formatBundleSize(3 * 1024 * 1024), "3.0 MiB");
});

Deno.test("source rows come largest first with each source's share of the range's messages", () => {
  const rows = sourceRows([["web-02", 25], ["db-01", 75], [null, 0]]);
  assert.deepEqual(rows, [
    { source: "db-01", count: 75, percentage: 75 },
    { source: "web-02", count: 25, percentage: 25 },
    { source: "(none)", count: 0, percentage: 0 },
  ]);
  assert.deepEqual(sourceRows([]), []);
});
