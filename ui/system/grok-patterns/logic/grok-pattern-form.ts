/**
 * The create/edit form of a grok pattern: its values and the checks made before anything is sent (the
 * server compiles the pattern and checks the name is new).
 */
export interface GrokPatternFormValues {
  name: string;
  pattern: string;
  sampleData: string;
}

/** Spec 000 §5's generic required text. */
export const FIELD_REQUIRED = "Field is required.";
export const NAME_CHARACTERS = "Use only letters, digits and underscores.";

export function validateName(name: string): string | null {
  if (name.trim() === "") return FIELD_REQUIRED;
  return /^\w+$/.test(name) ? null : NAME_CHARACTERS;
}

export function validatePattern(pattern: string): string | null {
  return pattern.trim() === "" ? FIELD_REQUIRED : null;
}

export const EMPTY_GROK_PATTERN_FORM: GrokPatternFormValues = { name: "", pattern: "", sampleData: "" };

/** Test results in the order captured keys appear, the pattern's own whole match first. */
export function testResultRows(name: string, result: Record<string, string | number | boolean>): [string, string][] {
  const rows = Object.entries(result).map(([key, value]): [string, string] => [key, String(value)]);
  return [...rows.filter(([key]) => key === name), ...rows.filter(([key]) => key !== name)];
}
