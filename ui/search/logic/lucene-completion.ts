/** What the query editor offers at the cursor (spec 001 §5 search bar: fields with types; AND/OR/NOT only where they fit). */

export interface CompletionField {
  name: string;
  type: string;
}

export interface CompletionOption {
  label: string;
  /** Text inserted in place of the word. */
  apply: string;
  detail: string;
  kind: "field" | "operator";
}

export const OPERATORS = ["AND", "OR", "NOT"] as const;

/**
 * Options for the word ending at the cursor: field names (as `name:`) matching its prefix, and the boolean
 * operators when the word follows a complete term (not at the start, not after an operator or `(`).
 */
export function completionOptions(textBefore: string, fields: readonly CompletionField[]): { from: number; options: CompletionOption[] } | null {
  const word = /[\w.@-]*$/.exec(textBefore)![0];
  const from = textBefore.length - word.length;
  const before = textBefore.slice(0, from);
  // Inside a value (`field:va`) or a phrase there is nothing to complete here.
  if (/:\s*$/.test(before) || (before.match(/"/g)?.length ?? 0) % 2 === 1) return null;
  const prefix = word.toLowerCase();
  const options: CompletionOption[] = fields
    .filter((field) => field.name.toLowerCase().startsWith(prefix))
    .map((field) => ({ label: field.name, apply: `${field.name}:`, detail: field.type, kind: "field" as const }));
  const previous = before.trimEnd();
  const afterTerm = previous !== "" && before !== previous && !/(\(|\b(AND|OR|NOT))$/.test(previous);
  if (afterTerm && prefix !== "") {
    for (const operator of OPERATORS) {
      if (operator.toLowerCase().startsWith(prefix)) options.push({ label: operator, apply: `${operator} `, detail: "operator", kind: "operator" });
    }
  } else if (afterTerm) {
    for (const operator of OPERATORS) options.push({ label: operator, apply: `${operator} `, detail: "operator", kind: "operator" });
  }
  if (options.length === 0) return null;
  return { from, options };
}
