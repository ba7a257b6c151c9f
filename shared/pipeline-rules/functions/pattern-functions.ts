import { compileGrok } from "../../grok/grok-compiler.ts";
import { constantText, param, type RuleFunction, textOf } from "../rule-function.ts";

/** A Java regular expression as JavaScript runs it; null when it does not compile. */
export function compileRegex(pattern: string, flags = ""): RegExp | null {
  try {
    return new RegExp(pattern, flags);
  } catch {
    return null;
  }
}

const regexCache = new Map<string, RegExp>();

/** Compiled once per pattern (rules run per message). */
function cachedRegex(pattern: string, flags = ""): RegExp {
  // Patterns are mostly constants of the rule's source: keyed by themselves, their hash is computed once.
  const key = flags === "" ? pattern : `${flags}/${pattern}`;
  let regex = regexCache.get(key);
  if (!regex) {
    regex = compileRegex(pattern, flags) ?? undefined;
    if (!regex) throw new Error(`Invalid regular expression: ${pattern}`);
    if (regexCache.size > 1000) regexCache.clear();
    regexCache.set(key, regex);
  }
  return regex;
}

const checkPattern = (index: number) => (args: readonly unknown[]) => {
  const pattern = constantText(args[index] as Parameters<typeof constantText>[0]);
  return pattern !== null && compileRegex(pattern) === null ? { index, reason: `Invalid regular expression: ${pattern}` } : null;
};

/** Java's String.split: with limit 0 trailing empty strings go; with limit n at most n parts. */
export function javaSplit(text: string, regex: RegExp, limit: number): string[] {
  const parts: string[] = [];
  const global = regex.global ? regex : new RegExp(regex.source, regex.flags + "g");
  let last = 0;
  for (const match of text.matchAll(global)) {
    if (limit > 0 && parts.length === limit - 1) break;
    if (match[0] === "" && (match.index === 0 || match.index === text.length)) continue;
    parts.push(text.slice(last, match.index));
    last = match.index! + match[0].length;
  }
  parts.push(text.slice(last));
  if (limit === 0) while (parts.length > 1 && parts[parts.length - 1] === "") parts.pop();
  return parts;
}

/** Graylog's pattern functions: split, regex, grok, key_value. */
export const PATTERN_FUNCTIONS: readonly RuleFunction[] = [
  {
    name: "split",
    description: "Splits a string around matches of a regular expression",
    params: [param("pattern", "String", "The regular expression to split by"), param("value", "String", "The string to split"), param("limit", "Long", "At most this many parts; 0 drops trailing empty parts (default)", true)],
    returnType: "List",
    check: checkPattern(0),
    run: ([pattern, value, limit]) => javaSplit(textOf(value) ?? "", cachedRegex(textOf(pattern) ?? "", "g"), (limit as number | undefined) ?? 0),
  },
  {
    name: "regex",
    description: "Matches a regular expression against a value; the groups by index (\"0\" is the first group) or by the given names, and `matches`",
    params: [param("pattern", "String", "The regular expression"), param("value", "String", "The string to match"), param("group_names", "List", "Names for the groups, in order", true)],
    returnType: "Map",
    check: checkPattern(0),
    run: ([pattern, value, names]) => {
      const match = cachedRegex(textOf(pattern) ?? "").exec(textOf(value) ?? "");
      const result: Record<string, unknown> = { matches: match !== null };
      if (!match) return result;
      const groupNames = Array.isArray(names) ? names.map((name) => textOf(name) ?? "") : [];
      for (let i = 1; i < match.length; i++) result[groupNames[i - 1] ?? String(i - 1)] = match[i] ?? null;
      return result;
    },
  },
  {
    name: "grok",
    description: "Matches a grok pattern (using the stored grok patterns) against a value; the captures, and `matches`",
    params: [param("pattern", "String", "The grok pattern, e.g. %{IP:client}"), param("value", "String", "The string to match"), param("only_named_captures", "Boolean", "Only %{NAME:field} captures (false unless given)", true)],
    returnType: "Map",
    run: ([pattern, value, named], { env }) => {
      const grok = compileGrok(textOf(pattern) ?? "", env.grokPatterns());
      const captures = grok.match(textOf(value) ?? "", { namedCapturesOnly: named === true });
      return captures ? { ...captures, matches: true } : { matches: false };
    },
  },
  {
    name: "key_value",
    description: "Extracts key/value pairs from a string, e.g. \"a=1 b=2\"",
    params: [
      param("value", "String", "The string to extract from"),
      param("delimiters", "String", "Characters between pairs (\" \" unless given)", true),
      param("kv_delimiters", "String", "Characters between key and value (\"=\" unless given)", true),
      param("ignore_empty_values", "Boolean", "Skip pairs with an empty value (true unless given)", true),
      param("allow_dup_keys", "Boolean", "Allow a key more than once (true unless given)", true),
      param("handle_dup_keys", "String", "take_first (default), take_last, or a separator to join the values with", true),
      param("trim_key_chars", "String", "Characters trimmed from keys", true),
      param("trim_value_chars", "String", "Characters trimmed from values", true),
    ],
    returnType: "Map",
    run: ([value, delimiters, kvDelimiters, ignoreEmpty, allowDup, handleDup, trimKey, trimValue]) => {
      const between = [...((delimiters as string | undefined) ?? " ")];
      const inside = [...((kvDelimiters as string | undefined) ?? "=")];
      const result: Record<string, string> = {};
      let part = "";
      const pairs: string[] = [];
      for (const c of textOf(value) ?? "") {
        if (between.includes(c)) (part.trim() !== "" && pairs.push(part.trim()), part = "");
        else part += c;
      }
      if (part.trim() !== "") pairs.push(part.trim());
      for (const pair of pairs) {
        const at = [...pair].findIndex((c) => inside.includes(c));
        if (at < 0) continue;
        const key = trim(pair.slice(0, at).trim(), (trimKey as string | undefined) ?? "");
        const entry = trim(pair.slice(at + 1).trim(), (trimValue as string | undefined) ?? "");
        if (key === "" || (entry === "" && ignoreEmpty !== false)) continue;
        if (Object.hasOwn(result, key)) {
          if (allowDup === false) throw new Error(`key_value: the key ${key} appears more than once`);
          const mode = (handleDup as string | undefined) ?? "take_first";
          if (mode === "take_last") result[key] = entry;
          else if (mode !== "take_first") result[key] = `${result[key]}${mode}${entry}`;
          continue;
        }
        result[key] = entry;
      }
      return result;
    },
  },
];

function trim(text: string, characters: string): string {
  if (characters === "") return text;
  let start = 0;
  let end = text.length;
  while (start < end && characters.includes(text[start])) start++;
  while (end > start && characters.includes(text[end - 1])) end--;
  return text.slice(start, end);
}
