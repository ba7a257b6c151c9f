import type {
  HeatmapColorScale,
  HighlightingCondition,
  HighlightingRule,
} from "../../../api/schemas/widgets.ts";
import {
  DEFAULT_GRADIENT,
  DEFAULT_HIGHLIGHTING_CONDITION,
  type HighlightingFieldTypes,
  isNumericField,
  randomStaticColor,
} from "../../view/highlighting-rules.ts";

/**
 * The 'Create/Edit Highlighting Rule' form (spec 001 §2 dialogs, §5 'Highlighting rule'): what the dialog edits,
 * its validation with the spec's texts, and the conversion to and from the saved rule.
 */

export type ColoringType = "static" | "gradient";

/** The form's colouring: numbers of a gradient are kept as typed so 'Must be a number.' can be shown. */
export type ColoringForm =
  | { type: "static"; color: string }
  | { type: "gradient"; gradient: HeatmapColorScale | null; lower: string; upper: string };

export interface HighlightingRuleForm {
  field: string | null;
  condition: HighlightingCondition | null;
  /** Text typed (or null/undefined when nothing was ever entered). */
  value: string | null | undefined;
  coloring: ColoringForm | null;
}

/** One message per input that has a problem; no key means valid. */
export interface HighlightingRuleErrors {
  field?: string;
  condition?: string;
  value?: string;
  coloring?: string;
  gradient?: string;
  lower?: string;
  upper?: string;
}

export const HIGHLIGHTING_RULE_TEXTS = {
  fieldRequired: "Field is required",
  conditionRequired: "Condition is required",
  valueRequired: "Value is required",
  coloringRequired: "Coloring is required",
  gradientNeedsNumericField: "A gradient can only be defined for numeric fields.",
  mustBeSelected: "Must be selected.",
  mustBePresent: "Must be present.",
  mustBeNumber: "Must be a number.",
  mustBeHigher: "Must be higher than lowest value.",
} as const;

/** 'Must be a number.': an optional minus and digits (spec 001 §5). */
const GRADIENT_NUMBER = /^-?\d+$/;

/** A new rule: no field or value yet, condition `==`, a random static colour (spec 001 §5). */
export function newHighlightingRuleForm(random: () => number = Math.random): HighlightingRuleForm {
  return {
    field: null,
    condition: DEFAULT_HIGHLIGHTING_CONDITION,
    value: undefined,
    coloring: { type: "static", color: randomStaticColor(random) },
  };
}

/** The form of an existing rule. */
export function highlightingRuleToForm(rule: HighlightingRule): HighlightingRuleForm {
  const coloring: ColoringForm = rule.color.type === "static"
    ? { type: "static", color: rule.color.color }
    : {
      type: "gradient",
      gradient: rule.color.gradient,
      lower: String(rule.color.lower),
      upper: String(rule.color.upper),
    };
  return { field: rule.field, condition: rule.condition, value: String(rule.value), coloring };
}

/**
 * The colouring after switching its type: a gradient starts from the defaults (Viridis, 0, 0), static from a
 * random palette colour; switching to the current type keeps it.
 */
export function switchColoring(
  current: ColoringForm | null,
  type: ColoringType,
  random: () => number = Math.random,
): ColoringForm {
  if (current?.type === type) return current;
  if (type === "static") return { type: "static", color: randomStaticColor(random) };
  return {
    type: "gradient",
    gradient: DEFAULT_GRADIENT.gradient,
    lower: String(DEFAULT_GRADIENT.lower),
    upper: String(DEFAULT_GRADIENT.upper),
  };
}

/** Every validation of spec 001 §5 'Highlighting rule', with its exact text. */
export function validateHighlightingRule(
  form: HighlightingRuleForm,
  fieldTypes: HighlightingFieldTypes,
): HighlightingRuleErrors {
  const errors: HighlightingRuleErrors = {};
  const texts = HIGHLIGHTING_RULE_TEXTS;
  if (!form.field) errors.field = texts.fieldRequired;
  if (!form.condition) errors.condition = texts.conditionRequired;
  if (form.value === undefined || form.value === null || form.value === "") {
    errors.value = texts.valueRequired;
  }
  const coloring = form.coloring;
  if (!coloring) {
    errors.coloring = texts.coloringRequired;
    return errors;
  }
  if (coloring.type === "gradient") {
    if (form.field && !isNumericField(form.field, fieldTypes)) {
      errors.coloring = texts.gradientNeedsNumericField;
    }
    if (!coloring.gradient) errors.gradient = texts.mustBeSelected;
    const lower = numberError(coloring.lower);
    const upper = numberError(coloring.upper);
    if (lower) errors.lower = lower;
    if (upper) errors.upper = upper;
    if (!lower && !upper && !(Number(coloring.upper) > Number(coloring.lower))) {
      errors.upper = texts.mustBeHigher;
    }
  }
  return errors;
}

export function hasErrors(errors: HighlightingRuleErrors): boolean {
  return Object.keys(errors).length > 0;
}

/**
 * The rule a valid form saves. The value of a numeric field is stored as a number when it reads as one, so
 * comparisons work on saved views as Graylog's do. Throws on an invalid form (validate first).
 */
export function highlightingRuleFromForm(
  form: HighlightingRuleForm,
  fieldTypes: HighlightingFieldTypes,
): HighlightingRule {
  if (hasErrors(validateHighlightingRule(form, fieldTypes))) {
    throw new Error("The highlighting rule form is invalid.");
  }
  const field = form.field!;
  const text = String(form.value);
  const value = isNumericField(field, fieldTypes) && /^-?\d+(\.\d+)?$/.test(text.trim())
    ? Number(text)
    : text;
  const coloring = form.coloring!;
  const color: HighlightingRule["color"] = coloring.type === "static"
    ? { type: "static", color: coloring.color }
    : {
      type: "gradient",
      gradient: coloring.gradient!,
      lower: Number(coloring.lower),
      upper: Number(coloring.upper),
    };
  return { field, condition: form.condition!, value, color };
}

function numberError(text: string): string | undefined {
  if (text.trim() === "") return HIGHLIGHTING_RULE_TEXTS.mustBePresent;
  if (!GRADIENT_NUMBER.test(text.trim())) return HIGHLIGHTING_RULE_TEXTS.mustBeNumber;
  return undefined;
}
