import assert from "node:assert/strict";
import type { ExtractorSummary } from "../../../api/schemas/extractors.ts";
import { dayjsFormatOf, parseJodaDate } from "../../../mock-backend/extractors/joda-date-format.ts";
import { exportDocument, importRequests } from "../../../ui/system/inputs/extractors/logic/extractor-export.ts";
import { configFrom, EXTRACTOR_KIND_VIEWS } from "../../../ui/system/inputs/extractors/logic/extractor-kinds.ts";
import { extractableFields, moved, newExtractorHref } from "../../../ui/system/inputs/extractors/logic/extractor-list.ts";

const anExtractor = (overrides: Partial<ExtractorSummary> = {}): ExtractorSummary => ({
  id: "0123456789abcdef01234567",
  title: "status",
  type: "regex",
  converters: [{ type: "numeric", config: {} }],
  order: 0,
  exceptions: 0,
  converter_exceptions: 0,
  metrics: { condition_hits: 3, condition_misses: 1 },
  cursor_strategy: "cut",
  source_field: "message",
  target_field: "status",
  extractor_config: { regex_value: "status=(\\d+)" },
  creator_user_id: "admin",
  condition_type: "string",
  condition_value: "status=",
  ...overrides,
});

Deno.test("an exported extractor imports as the create request that makes the same extractor", () => {
  const [request] = importRequests(exportDocument([anExtractor()]));
  assert.deepEqual(request, {
    title: "status",
    cut_or_copy: "cut",
    source_field: "message",
    target_field: "status",
    extractor_type: "regex",
    extractor_config: { regex_value: "status=(\\d+)" },
    converters: { numeric: {} },
    condition_type: "string",
    condition_value: "status=",
    order: 0,
  });
  assert.equal(JSON.parse(exportDocument([])).version, "5.1.10");
});

Deno.test("an import that is not an export document says what is wrong", () => {
  assert.throws(() => importRequests("{"), /^Error: The extractors are not valid JSON/);
  assert.throws(() => importRequests("{}"), /The JSON has no "extractors" list\./);
});

Deno.test("sorting moves an extractor one place and never past the ends", () => {
  assert.deepEqual(moved(["a", "b", "c"], 2, -1), ["a", "c", "b"]);
  assert.deepEqual(moved(["a", "b", "c"], 0, -1), ["a", "b", "c"]);
});

Deno.test("the new-extractor link carries the type, the field and the example message", () => {
  assert.equal(
    newExtractorHref({ inputId: "abc" }, "grok", "message", { index: "graylog_0", id: "m1" }),
    "/system/inputs/abc/extractors/new?extractor_type=grok&field=message&example_index=graylog_0&example_id=m1",
  );
  assert.equal(newExtractorHref({ inputId: "abc", nodeId: "n1" }, "json", "payload", null), "/system/inputs/abc/n1/extractors/new?extractor_type=json&field=payload");
});

Deno.test("the example's extractable fields leave out internal fields, message first", () => {
  assert.deepEqual(extractableFields({ source: "web", message: "hi", gl2_source_input: "x", _id: "1", bytes: 12 }), [["message", "hi"], ["bytes", "12"], ["source", "web"]]);
});

Deno.test("a stored configuration fills the form, missing values at their defaults", () => {
  assert.deepEqual(configFrom(EXTRACTOR_KIND_VIEWS.split_and_index.config, { split_by: ",", index: "3" }), { split_by: ",", index: 3 });
  assert.deepEqual(configFrom(EXTRACTOR_KIND_VIEWS.substring.config, {}), { begin_index: 0, end_index: 1 });
});

Deno.test("Joda-Time patterns of the date converter parse in the configured zone or the text's offset", () => {
  assert.equal(dayjsFormatOf("yyyy-MM-dd'T'HH:mm:ss.SSSZ"), "YYYY-MM-DD[T]HH:mm:ss.SSSZZ");
  assert.equal(parseJodaDate("2024-03-05 10:11:12", "yyyy-MM-dd HH:mm:ss", "Europe/Berlin")?.toISOString(), "2024-03-05T09:11:12.000Z");
  assert.equal(parseJodaDate("05/Mar/2024:10:11:12 +0100", "dd/MMM/yyyy:HH:mm:ss Z", "UTC")?.toISOString(), "2024-03-05T09:11:12.000Z");
  assert.equal(parseJodaDate("not a date", "yyyy-MM-dd HH:mm:ss", "UTC"), null);
});
