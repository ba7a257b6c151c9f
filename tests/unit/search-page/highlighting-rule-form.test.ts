import assert from "node:assert/strict";
import {
  type HighlightingRuleForm,
  highlightingRuleFromForm,
  highlightingRuleToForm,
  newHighlightingRuleForm,
  switchColoring,
  validateHighlightingRule,
} from "../../../ui/search/logic/highlighting-rule-form.ts";
import { STATIC_HIGHLIGHT_PALETTE } from "../../../ui/view/highlighting-rules.ts";

const FIELD_TYPES = [
  { name: "took_ms", type: { type: "long", properties: ["numeric"] as "numeric"[], index_names: [] } },
  { name: "source", type: { type: "string", properties: ["enumerable"] as "enumerable"[], index_names: [] } },
];

function form(overrides: Partial<HighlightingRuleForm> = {}): HighlightingRuleForm {
  return {
    field: "source",
    condition: "==",
    value: "web-01",
    coloring: { type: "static", color: "#ff7875" },
    ...overrides,
  };
}

function gradient(
  lower: string,
  upper: string,
  name: "Viridis" | null = "Viridis",
): HighlightingRuleForm["coloring"] {
  return { type: "gradient", gradient: name, lower, upper };
}

Deno.test("a new rule has no field or value, condition ==, and a random palette colour", () => {
  const fresh = newHighlightingRuleForm(() => 0.5);
  assert.equal(fresh.field, null);
  assert.equal(fresh.value, undefined);
  assert.equal(fresh.condition, "==");
  assert.deepEqual(fresh.coloring, { type: "static", color: STATIC_HIGHLIGHT_PALETTE[6] });
  assert.deepEqual(validateHighlightingRule(fresh, FIELD_TYPES), {
    field: "Field is required",
    value: "Value is required",
  });
});

Deno.test("field, condition, value and coloring are required", () => {
  assert.deepEqual(validateHighlightingRule(form(), FIELD_TYPES), {});
  assert.deepEqual(validateHighlightingRule(form({ field: null }), FIELD_TYPES), {
    field: "Field is required",
  });
  assert.deepEqual(validateHighlightingRule(form({ field: "" }), FIELD_TYPES), {
    field: "Field is required",
  });
  assert.deepEqual(validateHighlightingRule(form({ condition: null }), FIELD_TYPES), {
    condition: "Condition is required",
  });
  for (const value of ["", null, undefined]) {
    assert.deepEqual(
      validateHighlightingRule(form({ value }), FIELD_TYPES),
      { value: "Value is required" },
      `value ${value}`,
    );
  }
  // Zero and a space are values.
  assert.deepEqual(validateHighlightingRule(form({ value: "0" }), FIELD_TYPES), {});
  assert.deepEqual(validateHighlightingRule(form({ coloring: null }), FIELD_TYPES), {
    coloring: "Coloring is required",
  });
});

Deno.test("a gradient needs a numeric field, a scale, and numbers with upper above lower", () => {
  const numeric = (coloring: HighlightingRuleForm["coloring"]) =>
    validateHighlightingRule(form({ field: "took_ms", condition: ">=", value: "0", coloring }), FIELD_TYPES);
  assert.deepEqual(numeric(gradient("0", "100")), {});
  assert.deepEqual(numeric(gradient("-10", "10")), {});
  assert.deepEqual(
    validateHighlightingRule(form({ coloring: gradient("0", "100") }), FIELD_TYPES),
    { coloring: "A gradient can only be defined for numeric fields." },
  );
  assert.deepEqual(numeric(gradient("0", "100", null)), { gradient: "Must be selected." });
  assert.deepEqual(numeric(gradient("", "")), { lower: "Must be present.", upper: "Must be present." });
  assert.deepEqual(numeric(gradient("abc", "1.5")), {
    lower: "Must be a number.",
    upper: "Must be a number.",
  });
  assert.deepEqual(numeric(gradient("--1", "1-")), {
    lower: "Must be a number.",
    upper: "Must be a number.",
  });
  assert.deepEqual(numeric(gradient("5", "5")), { upper: "Must be higher than lowest value." });
  assert.deepEqual(numeric(gradient("10", "-5")), { upper: "Must be higher than lowest value." });
  // The defaults (0, 0) are not yet valid: the user has to set a range.
  assert.deepEqual(numeric(switchColoring(null, "gradient")), { upper: "Must be higher than lowest value." });
});

Deno.test("switching the coloring type starts from the defaults and keeps the current one", () => {
  assert.deepEqual(switchColoring(null, "gradient"), {
    type: "gradient",
    gradient: "Viridis",
    lower: "0",
    upper: "0",
  });
  const current = gradient("1", "9");
  assert.equal(switchColoring(current, "gradient"), current);
  assert.deepEqual(switchColoring(current, "static", () => 0), {
    type: "static",
    color: STATIC_HIGHLIGHT_PALETTE[0],
  });
});

Deno.test("a valid form becomes a rule; numbers of numeric fields are stored as numbers", () => {
  assert.deepEqual(highlightingRuleFromForm(form(), FIELD_TYPES), {
    field: "source",
    condition: "==",
    value: "web-01",
    color: { type: "static", color: "#ff7875" },
  });
  const rule = highlightingRuleFromForm(
    form({ field: "took_ms", condition: ">", value: "250", coloring: gradient("0", "1000") }),
    FIELD_TYPES,
  );
  assert.deepEqual(rule, {
    field: "took_ms",
    condition: ">",
    value: 250,
    color: { type: "gradient", gradient: "Viridis", lower: 0, upper: 1000 },
  });
  assert.deepEqual(highlightingRuleToForm(rule), {
    field: "took_ms",
    condition: ">",
    value: "250",
    coloring: gradient("0", "1000"),
  });
  assert.throws(() => highlightingRuleFromForm(form({ field: null }), FIELD_TYPES), /invalid/);
});
