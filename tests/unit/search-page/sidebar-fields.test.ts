import assert from "node:assert/strict";
import type { FieldTypeMapping } from "../../../api/schemas/search-support.ts";
import {
  currentFieldNames,
  fieldKind,
  formatPercent,
  topValues,
  visibleFields,
} from "../../../ui/search/sidebar/field-list.ts";

const mapping = (
  name: string,
  type = "string",
  overrides: Partial<FieldTypeMapping> = {},
): FieldTypeMapping => ({
  name,
  type: { type, properties: ["enumerable"], index_names: ["graylog_0"] },
  ...overrides,
});

const MAPPINGS = [
  mapping("source"),
  mapping("http_method"),
  mapping("took_ms", "long"),
  mapping("gl2_source_input"),
  mapping("streams"),
  mapping("timestamp", "date"),
];
const names = (fields: { name: string }[]) => fields.map((field) => field.name);

Deno.test("'all' lists every field but the reserved gl2_* ones and streams, sorted by name", () => {
  assert.deepEqual(
    names(visibleFields(MAPPINGS, { group: "all", filter: "", currentFieldNames: new Set() })),
    [
      "http_method",
      "source",
      "timestamp",
      "took_ms",
    ],
  );
});

Deno.test("'all including reserved' lists the gl2_* fields and streams too", () => {
  const listed = names(visibleFields(MAPPINGS, { group: "allReserved", filter: "", currentFieldNames: new Set() }));
  assert.ok(listed.includes("gl2_source_input"));
  assert.ok(listed.includes("streams"));
});

Deno.test("'current query' leaves out streams and the gl2_* fields the messages carry", () => {
  const fields = visibleFields(MAPPINGS, {
    group: "current",
    filter: "",
    currentFieldNames: new Set(["source", "streams", "gl2_source_input"]),
  });
  assert.deepEqual(names(fields), ["source"]);
});

Deno.test("'current query' lists only fields present in the current messages, unknown ones with an unknown type", () => {
  const fields = visibleFields(MAPPINGS, {
    group: "current",
    filter: "",
    currentFieldNames: new Set(["source", "custom"]),
  });
  assert.deepEqual(fields, [
    { name: "custom", type: "unknown", kind: "unknown" },
    { name: "source", type: "string", kind: "string" },
  ]);
});

Deno.test("the filter matches a part of the name, ignoring case", () => {
  assert.deepEqual(
    names(visibleFields(MAPPINGS, { group: "all", filter: " METH ", currentFieldNames: new Set() })),
    ["http_method"],
  );
  assert.deepEqual(
    visibleFields(MAPPINGS, { group: "all", filter: "nothing-like-this", currentFieldNames: new Set() }),
    [],
  );
});

Deno.test("field types map to the icon kinds, unknown types to 'unknown'", () => {
  assert.equal(fieldKind("long"), "number");
  assert.equal(fieldKind("double"), "number");
  assert.equal(fieldKind("date"), "date");
  assert.equal(fieldKind("geo-point"), "geo");
  assert.equal(fieldKind("binary"), "unknown");
});

Deno.test("the current field names come from the messages' stored fields without _id", () => {
  assert.deepEqual(
    [...currentFieldNames([{ raw: { _id: "1", source: "a" } }, { raw: { message: "m" } }])].sort(),
    ["message", "source"],
  );
});

Deno.test("top values are sorted by count with their share of the total in percent", () => {
  const values = topValues([{ value: "POST", occurrence: 25 }, { value: "GET", occurrence: 70 }], 200);
  assert.deepEqual(values, [{ value: "GET", count: 70, percent: 35 }, {
    value: "POST",
    count: 25,
    percent: 12.5,
  }]);
});

Deno.test("top values of an empty result have 0 percent instead of dividing by zero", () => {
  assert.deepEqual(topValues([{ value: "GET", occurrence: 3 }], 0), [{ value: "GET", count: 3, percent: 0 }]);
});

Deno.test("percentages show one decimal, tiny shares as <0.1%", () => {
  assert.equal(formatPercent(12.5), "12.5%");
  assert.equal(formatPercent(0.01), "<0.1%");
  assert.equal(formatPercent(0), "0.0%");
});
