import assert from "node:assert/strict";
import type { HighlightingRule } from "../../../api/schemas/widgets.ts";
import {
  conditionsFor,
  DEFAULT_GRADIENT,
  highlightColor,
  matchingRule,
  randomStaticColor,
  readableTextColor,
  ruleMatches,
  STATIC_HIGHLIGHT_PALETTE,
} from "../../../ui/view/highlighting-rules.ts";
import { colorAt } from "../../../ui/visualizations/logic/color-scales.ts";

const FIELD_TYPES = [
  {
    name: "http_response_code",
    type: {
      type: "long",
      properties: ["numeric", "enumerable"] as ("numeric" | "enumerable")[],
      index_names: [],
    },
  },
  { name: "took_ms", type: { type: "double", properties: ["numeric"] as "numeric"[], index_names: [] } },
  { name: "source", type: { type: "string", properties: ["enumerable"] as "enumerable"[], index_names: [] } },
];

function rule(overrides: Partial<HighlightingRule> = {}): HighlightingRule {
  return {
    field: "source",
    value: "web-01",
    condition: "==",
    color: { type: "static", color: "#ff7875" },
    ...overrides,
  };
}

Deno.test("== and != compare any field by value", () => {
  assert.equal(ruleMatches(rule(), "web-01"), true);
  assert.equal(ruleMatches(rule(), "web-02"), false);
  assert.equal(ruleMatches(rule({ condition: "!=" }), "web-02"), true);
  assert.equal(ruleMatches(rule({ condition: "!=" }), "web-01"), false);
  // A number in the message equals the same number typed as text in the rule.
  assert.equal(ruleMatches(rule({ field: "http_response_code", value: "200" }), 200), true);
  assert.equal(ruleMatches(rule({ field: "http_response_code", value: 200 }), 200.0), true);
  assert.equal(ruleMatches(rule({ value: true }), "true"), true);
  // A missing value never matches, not even !=.
  assert.equal(ruleMatches(rule({ condition: "!=" }), undefined), false);
  assert.equal(ruleMatches(rule({ condition: "!=" }), null), false);
});

Deno.test("comparisons match only when both sides are numeric", () => {
  const code = (condition: HighlightingRule["condition"], value: HighlightingRule["value"]) =>
    rule({ field: "http_response_code", condition, value });
  assert.equal(ruleMatches(code(">=", 500), 503), true);
  assert.equal(ruleMatches(code(">=", 500), 500), true);
  assert.equal(ruleMatches(code(">=", 500), 404), false);
  assert.equal(ruleMatches(code(">", 500), 500), false);
  assert.equal(ruleMatches(code("<", 300), 200), true);
  assert.equal(ruleMatches(code("<=", 200), 200), true);
  assert.equal(ruleMatches(code("<=", "300"), 200), true, "a numeric text rule value compares as a number");
  // Text on either side: no match, even where a text comparison would say yes.
  assert.equal(ruleMatches(code(">", 100), "abc"), false);
  assert.equal(ruleMatches(code(">", "abc"), 200), false);
  assert.equal(
    ruleMatches(code("<", 300), "200"),
    false,
    "a message text is not a number unless the caller converts it",
  );
});

Deno.test("rules are evaluated in order and the first match wins", () => {
  const rules = [
    rule({
      field: "http_response_code",
      condition: ">=",
      value: 500,
      color: { type: "static", color: "#ff0000" },
    }),
    rule({
      field: "http_response_code",
      condition: ">=",
      value: 400,
      color: { type: "static", color: "#ffaa00" },
    }),
    rule({ field: "source", value: "web-01", color: { type: "static", color: "#00ff00" } }),
  ];
  assert.equal(matchingRule(rules, "http_response_code", 503), rules[0]);
  assert.equal(matchingRule(rules, "http_response_code", 404), rules[1]);
  assert.equal(matchingRule(rules, "http_response_code", 200), null);
  assert.equal(highlightColor(rules, "http_response_code", 503, FIELD_TYPES), "#ff0000");
  assert.equal(highlightColor(rules, "http_response_code", 404, FIELD_TYPES), "#ffaa00");
  assert.equal(highlightColor(rules, "source", "web-01", FIELD_TYPES), "#00ff00");
  // A rule on another field never colours this one.
  assert.equal(highlightColor(rules, "message", "web-01", FIELD_TYPES), null);
  assert.equal(highlightColor([], "source", "web-01", FIELD_TYPES), null);
});

Deno.test("numeric text of a numeric field counts as a number for highlightColor", () => {
  const rules = [
    rule({
      field: "http_response_code",
      condition: ">",
      value: 400,
      color: { type: "static", color: "#ff0000" },
    }),
  ];
  assert.equal(highlightColor(rules, "http_response_code", "503", FIELD_TYPES), "#ff0000");
  assert.equal(highlightColor(rules, "http_response_code", "301", FIELD_TYPES), null);
  // The same text in a string field stays text: no comparison.
  const onSource = [rule({ field: "source", condition: ">", value: 400 })];
  assert.equal(highlightColor(onSource, "source", "503", FIELD_TYPES), null);
});

Deno.test("a gradient maps the value clamped to lower..upper onto the scale", () => {
  const gradient = rule({
    field: "took_ms",
    condition: ">=",
    value: 0,
    color: { type: "gradient", gradient: "Viridis", lower: 100, upper: 200 },
  });
  const at = (value: unknown) => highlightColor([gradient], "took_ms", value, FIELD_TYPES);
  assert.equal(at(100), colorAt("Viridis", 0));
  assert.equal(at(150), colorAt("Viridis", 0.5));
  assert.equal(at(200), colorAt("Viridis", 1));
  assert.equal(at(50), colorAt("Viridis", 0), "below lower clamps to the low end");
  assert.equal(at(1000), colorAt("Viridis", 1), "above upper clamps to the high end");
  assert.equal(at("175"), colorAt("Viridis", 0.75));
  assert.notEqual(at(100), at(200));
  // Another scale gives other colours.
  const reds = { ...gradient, color: { ...gradient.color, gradient: "Reds" as const } };
  assert.equal(highlightColor([reds], "took_ms", 200, FIELD_TYPES), colorAt("Reds", 1));
});

Deno.test("conditions: == and != for any field, comparisons only for numeric fields", () => {
  assert.deepEqual(conditionsFor("source", FIELD_TYPES), ["==", "!="]);
  assert.deepEqual(conditionsFor(null, FIELD_TYPES), ["==", "!="]);
  assert.deepEqual(conditionsFor("http_response_code", FIELD_TYPES), ["==", "!=", "<=", ">=", "<", ">"]);
});

Deno.test("a static colour is picked from the palette at random; the gradient defaults to Viridis 0..0", () => {
  assert.equal(randomStaticColor(() => 0), STATIC_HIGHLIGHT_PALETTE[0]);
  assert.equal(
    randomStaticColor(() => 0.9999),
    STATIC_HIGHLIGHT_PALETTE[STATIC_HIGHLIGHT_PALETTE.length - 1],
  );
  const seen = new Set(Array.from({ length: 200 }, () => randomStaticColor()));
  assert.ok(seen.size > 1, "different rules get different colours");
  for (const color of seen) assert.ok((STATIC_HIGHLIGHT_PALETTE as readonly string[]).includes(color));
  assert.deepEqual(DEFAULT_GRADIENT, { type: "gradient", gradient: "Viridis", lower: 0, upper: 0 });
});

Deno.test("text on a highlight colour is black on light colours and white on dark ones", () => {
  for (const color of STATIC_HIGHLIGHT_PALETTE) assert.equal(readableTextColor(color), "#000000", color);
  assert.equal(readableTextColor(colorAt("Viridis", 0)), "#ffffff", "Viridis starts dark purple");
  assert.equal(readableTextColor(colorAt("Viridis", 1)), "#000000", "and ends yellow");
  assert.equal(readableTextColor("#000"), "#ffffff");
  assert.equal(readableTextColor("#FFF"), "#000000");
  assert.equal(readableTextColor("var(--x)"), "#000000");
});
