/**
 * What the query editor offers at the cursor (spec 001 §5 search bar): fields with types, AND/OR/NOT only where
 * they fit, and values of enumerable fields after `field:` (from POST /search/suggest, spec 001 §7).
 */

export interface CompletionField {
  name: string;
  type: string;
  /** Only enumerable fields get value suggestions (spec 001 §5). */
  enumerable?: boolean;
}

export interface CompletionOption {
  label: string;
  /** Text inserted in place of the word. */
  apply: string;
  detail: string;
  kind: "field" | "operator" | "value" | "recent";
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

/** Field-value suggestions asked of the server (POST /search/suggest, size 50). */
export const SUGGESTION_SIZE = 50;

export interface ValueSuggestions {
  suggestions: readonly { value: string; occurrence: number }[];
  /** Matching values not in the list; 0 means the list is complete for this input. */
  sum_other_docs_count: number;
}

/** Asks the server for values of `field` starting with `input`. */
export type SuggestValues = (field: string, input: string) => Promise<ValueSuggestions>;

/** Where a value is being typed: `field:inp|` or `field:"inp|`. */
export interface ValueTarget {
  field: string;
  /** The typed part of the value, without the opening quote. */
  input: string;
  /** Offset in the text where the value (with its quote) starts: what a completion replaces. */
  from: number;
  quoted: boolean;
}

/** The value being typed after `field:` at the end of `textBefore`, when the field is enumerable; else null. */
export function valueTarget(textBefore: string, fields: readonly CompletionField[]): ValueTarget | null {
  const match = /(?:^|[\s(+!-])([\w.@][\w.@-]*):(?:"((?:[^"\\]|\\.)*)|((?:[^\s"():\\]|\\.)*))$/.exec(textBefore);
  if (!match) return null;
  const [, field, phrase, bare] = match;
  if (!fields.some((candidate) => candidate.name === field && candidate.enumerable)) return null;
  const quoted = phrase !== undefined;
  const typed = quoted ? phrase : bare;
  const from = textBefore.length - typed.length - (quoted ? 1 : 0);
  // An odd number of quotes before the field means the cursor is inside a phrase, not at a field value.
  const before = textBefore.slice(0, from - 1 - field.length);
  if ((before.match(/"/g)?.length ?? 0) % 2 === 1) return null;
  return { field, input: unescapeLucene(typed), from, quoted };
}

/**
 * Value completions for the value at the end of `textBefore`: null when no enumerable field value is being
 * typed. `complete` says whether the server listed every matching value (then narrowing needs no new call).
 */
export async function valueCompletions(
  textBefore: string,
  fields: readonly CompletionField[],
  suggest: SuggestValues,
): Promise<{ from: number; options: CompletionOption[]; complete: boolean } | null> {
  const target = valueTarget(textBefore, fields);
  if (!target) return null;
  const answer = await suggest(target.field, target.input);
  const options = answer.suggestions
    .filter((suggestion) => suggestion.value !== "")
    .map((suggestion) => ({
      label: suggestion.value,
      apply: quoteValue(suggestion.value, target.quoted),
      detail: String(suggestion.occurrence),
      kind: "value" as const,
    }));
  if (options.length === 0) return null;
  return { from: target.from, options, complete: answer.sum_other_docs_count === 0 };
}

/** Characters that end or change an unquoted Lucene term; `+` and `-` only at its start (operators there). */
const RESERVED = /[\s!():^[\]"{}~*?\\/&|<>=]|^[+-]/;

/** A value as query text: bare when it can be, else a phrase (always a phrase when the user opened a quote). */
export function quoteValue(value: string, quoted = false): string {
  if (!quoted && value !== "" && !RESERVED.test(value) && !/^(AND|OR|NOT|TO)$/.test(value)) return value;
  return `"${value.replace(/["\\]/g, "\\$&")}"`;
}

function unescapeLucene(text: string): string {
  return text.replace(/\\(.)/g, "$1");
}
