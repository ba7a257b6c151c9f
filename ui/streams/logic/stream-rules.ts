import {
  RULE_TYPES_WITH_VALUE,
  RULE_TYPES_WITHOUT_FIELD,
  STREAM_RULE_TYPES,
  type StreamRule,
  type StreamRuleType,
  streamRuleTypeOf,
} from "../../../api/schemas/streams.ts";

/** Graylog's stream rule types as the rules editor offers them: the label and how a rule of the type reads. */
export const RULE_TYPE_LABELS: Record<StreamRuleType, string> = {
  exact: "match exactly",
  regex: "match regular expression",
  greater: "greater than",
  smaller: "smaller than",
  presence: "field presence",
  contains: "contain",
  always_match: "always match",
  match_input: "match input",
};

export const RULE_TYPE_OPTIONS = (Object.keys(STREAM_RULE_TYPES) as StreamRuleType[]).map((type) => ({
  value: String(STREAM_RULE_TYPES[type]),
  label: RULE_TYPE_LABELS[type],
}));

export const needsField = (type: StreamRuleType) => !RULE_TYPES_WITHOUT_FIELD.has(type);
export const needsValue = (type: StreamRuleType) => RULE_TYPES_WITH_VALUE.has(type);

/** A rule as one sentence, e.g. `source must match exactly "web-01"`, `level must not be greater than 4`. */
export function ruleSentence(rule: Pick<StreamRule, "field" | "type" | "value" | "inverted">): string {
  const type = streamRuleTypeOf(rule.type);
  if (!type) return `unknown rule type ${rule.type}`;
  const must = rule.inverted ? "must not" : "must";
  switch (type) {
    case "always_match":
      return rule.inverted ? "never match" : "always match";
    case "match_input":
      return `the input ${must} be ${rule.value}`;
    case "presence":
      return `${rule.field} ${must} be present`;
    case "exact":
      return `${rule.field} ${must} match exactly "${rule.value}"`;
    case "regex":
      return `${rule.field} ${must} match regular expression /${rule.value}/`;
    case "greater":
      return `${rule.field} ${must} be greater than ${rule.value}`;
    case "smaller":
      return `${rule.field} ${must} be smaller than ${rule.value}`;
    case "contains":
      return `${rule.field} ${must} contain "${rule.value}"`;
  }
}

export interface RuleFormValues {
  type: string;
  field: string;
  value: string;
  inverted: boolean;
  description: string;
}

export const EMPTY_RULE_FORM: RuleFormValues = { type: String(STREAM_RULE_TYPES.exact), field: "", value: "", inverted: false, description: "" };

/** The form's errors by field, as the server would name them (null when the rule is whole). */
export function validateRule(values: RuleFormValues): Partial<Record<"field" | "value", string>> {
  const type = streamRuleTypeOf(Number(values.type));
  if (!type) return {};
  const errors: Partial<Record<"field" | "value", string>> = {};
  if (needsField(type) && values.field.trim() === "") errors.field = "Field is required.";
  if (needsValue(type) && values.value === "") errors.value = "Value is required.";
  else if ((type === "greater" || type === "smaller") && !Number.isFinite(Number(values.value))) errors.value = "Value must be a number.";
  else if (type === "regex") {
    try {
      new RegExp(values.value, "u");
    } catch {
      errors.value = "Value must be a valid regular expression.";
    }
  }
  return errors;
}

/** The rule body for the server: fields the type does not read are sent empty. */
export function ruleBody(values: RuleFormValues) {
  const code = Number(values.type);
  const type = streamRuleTypeOf(code)!;
  return {
    type: code,
    field: needsField(type) ? values.field.trim() : "",
    value: needsValue(type) ? values.value : "",
    inverted: values.inverted,
    description: values.description,
  };
}

/** Parses the JSON object of the test against a message; an error text when it is not one. */
export function parseTestMessage(text: string): { message: Record<string, unknown> } | { error: string } {
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return { message: parsed as Record<string, unknown> };
  } catch {
    // answered below
  }
  return { error: 'Enter the message as a JSON object of fields, e.g. {"source": "web-01", "message": "GET /"}.' };
}

/**
 * Fields of a stored message that rules never read and a test need not show: its id, index and stream list and
 * Graylog's internal `gl2_…` fields, except the input it came from (what a 'match input' rule reads).
 */
const isInternalField = (name: string) =>
  name === "_id" || name === "_index" || name === "_source" || name === "streams" || (name.startsWith("gl2_") && name !== "gl2_source_input");

/** The test against a message's JSON for a stored example message (/streams/{id}/edit?index=&message_id=). */
export function exampleMessageText(fields: Record<string, unknown>): string {
  const kept = Object.fromEntries(Object.entries(fields).filter(([name]) => !isInternalField(name)));
  return JSON.stringify(kept, null, 2);
}
