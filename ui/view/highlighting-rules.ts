import type { FieldTypeMapping } from "../../api/schemas/search-support.ts";
import type {
  HeatmapColorScale,
  HighlightingCondition,
  HighlightingRule,
} from "../../api/schemas/widgets.ts";
import { colorAt, DEFAULT_COLOR_SCALE, normalize } from "../visualizations/logic/color-scales.ts";

/**
 * Highlighting rules (spec 001 §3 'Highlighting rule', §5): which rule colours a message field, with what colour.
 * Rules are evaluated in order and the first match wins; `==`/`!=` work on any field, the comparisons only when
 * both the message value and the rule value are numbers.
 */

/** What the field list says about a field; only `numeric` matters here. */
export type HighlightingFieldTypes = readonly Pick<FieldTypeMapping, "name" | "type">[];

export interface HighlightingConditionDefinition {
  /** Shown in the condition select. */
  label: string;
  /** Offered for non-numeric fields too. */
  anyField: boolean;
  /** Whether `messageValue condition ruleValue` holds; comparisons get numbers only. */
  test: (message: ComparableValue, rule: ComparableValue) => boolean;
}

/** A value prepared for comparison: its text and, when it is a number, the number. */
export interface ComparableValue {
  text: string;
  number: number | null;
}

const compare =
  (holds: (a: number, b: number) => boolean) => (message: ComparableValue, rule: ComparableValue) =>
    message.number !== null && rule.number !== null && holds(message.number, rule.number);

export const HIGHLIGHTING_CONDITION_DEFINITIONS: Record<
  HighlightingCondition,
  HighlightingConditionDefinition
> = {
  "==": { label: "== (is equal)", anyField: true, test: (message, rule) => equalValues(message, rule) },
  "!=": { label: "!= (is not equal)", anyField: true, test: (message, rule) => !equalValues(message, rule) },
  "<=": { label: "<= (is less or equal than)", anyField: false, test: compare((a, b) => a <= b) },
  ">=": { label: ">= (is greater or equal than)", anyField: false, test: compare((a, b) => a >= b) },
  "<": { label: "< (is less than)", anyField: false, test: compare((a, b) => a < b) },
  ">": { label: "> (is greater than)", anyField: false, test: compare((a, b) => a > b) },
};

/** Default condition of a new rule (spec 001 §3 'condition (default equal)'). */
export const DEFAULT_HIGHLIGHTING_CONDITION: HighlightingCondition = "==";

/** Gradient defaults of spec 001 §5: Viridis, lower 0, upper 0. */
export const DEFAULT_GRADIENT = {
  type: "gradient",
  gradient: DEFAULT_COLOR_SCALE,
  lower: 0,
  upper: 0,
} as const satisfies HighlightingRule["color"];

/**
 * The static colours a new rule picks from at random (spec 001 §9). Mid-tone colours that keep dark and light
 * text readable on both themes.
 */
export const STATIC_HIGHLIGHT_PALETTE = [
  "#ffec3d",
  "#ffc069",
  "#ff9c6e",
  "#ff7875",
  "#ff85c0",
  "#d3adf7",
  "#adc6ff",
  "#91d5ff",
  "#87e8de",
  "#b7eb8f",
  "#eaff8f",
  "#d9d9d9",
] as const;

/** A random palette colour; `random` is injectable so tests can pin it. */
export function randomStaticColor(random: () => number = Math.random): string {
  const index = Math.min(
    STATIC_HIGHLIGHT_PALETTE.length - 1,
    Math.floor(random() * STATIC_HIGHLIGHT_PALETTE.length),
  );
  return STATIC_HIGHLIGHT_PALETTE[index];
}

/** Whether the field list marks `field` numeric. */
export function isNumericField(field: string, fieldTypes: HighlightingFieldTypes): boolean {
  return fieldTypes.find((mapping) => mapping.name === field)?.type.properties.includes("numeric") ?? false;
}

/** The conditions a rule on `field` may use: `==` and `!=` always, the comparisons for numeric fields. */
export function conditionsFor(
  field: string | null,
  fieldTypes: HighlightingFieldTypes,
): HighlightingCondition[] {
  const numeric = field !== null && isNumericField(field, fieldTypes);
  return (Object.keys(HIGHLIGHTING_CONDITION_DEFINITIONS) as HighlightingCondition[])
    .filter((condition) => numeric || HIGHLIGHTING_CONDITION_DEFINITIONS[condition].anyField);
}

/** Whether `rule` matches a message's `value` of the rule's field. */
export function ruleMatches(rule: HighlightingRule, value: unknown): boolean {
  if (value === null || value === undefined) return false;
  return HIGHLIGHTING_CONDITION_DEFINITIONS[rule.condition].test(
    messageComparable(value),
    ruleComparable(rule.value),
  );
}

/** The first rule on `field` that matches `value` (first match wins), or null. */
export function matchingRule(
  rules: readonly HighlightingRule[],
  field: string,
  value: unknown,
): HighlightingRule | null {
  return rules.find((rule) => rule.field === field && ruleMatches(rule, value)) ?? null;
}

/**
 * The colour a matching rule gives `value`: a static rule its colour; a gradient the scale's colour of the
 * value clamped to lower..upper, or null when the value is no number (nothing to place on the scale).
 */
export function ruleColor(rule: HighlightingRule, value: unknown): string | null {
  if (rule.color.type === "static") return rule.color.color;
  const number = messageComparable(value).number;
  if (number === null) return null;
  return gradientColor(rule.color.gradient, rule.color.lower, rule.color.upper, number);
}

/** The colour of `value` on a gradient from `lower` to `upper` (clamped). */
export function gradientColor(scale: HeatmapColorScale, lower: number, upper: number, value: number): string {
  return colorAt(scale, normalize(value, lower, upper));
}

/**
 * The background colour of a message table cell, or null when no rule matches: what the message table's
 * `cellColor(field, value)` prop calls. `fieldTypes` decides whether a text value of a numeric field counts
 * as a number (stored values may arrive as strings).
 */
export function highlightColor(
  rules: readonly HighlightingRule[],
  field: string,
  value: unknown,
  fieldTypes: HighlightingFieldTypes,
): string | null {
  if (rules.length === 0) return null;
  const typed = typeof value === "string" && isNumericField(field, fieldTypes) && NUMBER.test(value.trim())
    ? Number(value)
    : value;
  const rule = matchingRule(rules, field, typed);
  return rule ? ruleColor(rule, typed) : null;
}

/** A readable summary of a rule for the list: `field == value`. */
export function describeRule(rule: HighlightingRule): string {
  return `${rule.field} ${rule.condition} ${String(rule.value)}`;
}

const NUMBER = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** A message value is a number only when it is one (the caller converts numeric text of numeric fields). */
function messageComparable(value: unknown): ComparableValue {
  if (typeof value === "number") {
    return { text: String(value), number: Number.isFinite(value) ? value : null };
  }
  return { text: asText(value), number: null };
}

/** A rule value is a number when it is one or reads as one (rules typed as text, older saved views). */
function ruleComparable(value: unknown): ComparableValue {
  if (typeof value === "number") {
    return { text: String(value), number: Number.isFinite(value) ? value : null };
  }
  const text = asText(value);
  return { text, number: NUMBER.test(text.trim()) ? Number(text) : null };
}

function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return JSON.stringify(value) ?? "";
}

/** Numbers compare by value (200 equals "200.0"), everything else by text. */
function equalValues(message: ComparableValue, rule: ComparableValue): boolean {
  if (message.number !== null && rule.number !== null) return message.number === rule.number;
  return message.text === rule.text;
}

/**
 * Black or white, whichever reads better on `background` (`#rgb` or `#rrggbb`): highlight colours are fixed
 * (pastel palette, dark gradient ends) while the theme's text colour is not. Unknown formats get black.
 */
export function readableTextColor(background: string): "#000000" | "#ffffff" {
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(background.trim())?.[1];
  if (!hex) return "#000000";
  const full = hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
  const [r, g, b] = [0, 2, 4].map((i) => {
    const channel = parseInt(full.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast against black (L + 0.05) / 0.05 vs. white 1.05 / (L + 0.05): black wins above L ≈ 0.179.
  return luminance > 0.179 ? "#000000" : "#ffffff";
}
