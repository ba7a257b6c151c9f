import { param, type RuleFunction, textOf } from "../rule-function.ts";

const ignoreCase = param("ignore_case", "Boolean", "Whether to compare case-insensitively (false unless given)", true);

/** Compares with or without case. */
function folded(value: unknown, fold: unknown): string {
  const text = textOf(value) ?? "";
  return fold === true ? text.toLowerCase() : text;
}

/**
 * Lower or upper case by a locale's rules. English (the default) has no special cases, so it takes the plain,
 * much cheaper conversion; other locales (Turkish dotless i, …) go through the locale-aware one.
 */
function inLocale(text: string, locale: unknown, to: "lower" | "upper"): string {
  const tag = typeof locale === "string" ? locale : "en";
  if (tag === "en" || tag.startsWith("en-") || tag.startsWith("en_") || tag === "") return to === "lower" ? text.toLowerCase() : text.toUpperCase();
  return to === "lower" ? text.toLocaleLowerCase(tag.replace("_", "-")) : text.toLocaleUpperCase(tag.replace("_", "-"));
}

/** Graylog's string functions. */
export const STRING_FUNCTIONS: readonly RuleFunction[] = [
  {
    name: "concat",
    description: "Concatenates two strings",
    params: [param("first", "String", "First string"), param("second", "String", "Second string")],
    returnType: "String",
    run: ([first, second]) => `${textOf(first) ?? ""}${textOf(second) ?? ""}`,
  },
  {
    name: "contains",
    description: "Checks whether a string contains another string",
    params: [param("value", "String", "String to search in"), param("search", "String", "String to search for"), ignoreCase],
    returnType: "Boolean",
    run: ([value, search, fold]) => folded(value, fold).includes(folded(search, fold)),
  },
  {
    name: "starts_with",
    description: "Checks whether a string starts with a prefix",
    params: [param("value", "String", "String to check"), param("prefix", "String", "The prefix"), ignoreCase],
    returnType: "Boolean",
    run: ([value, prefix, fold]) => folded(value, fold).startsWith(folded(prefix, fold)),
  },
  {
    name: "ends_with",
    description: "Checks whether a string ends with a suffix",
    params: [param("value", "String", "String to check"), param("suffix", "String", "The suffix"), ignoreCase],
    returnType: "Boolean",
    run: ([value, suffix, fold]) => folded(value, fold).endsWith(folded(suffix, fold)),
  },
  {
    name: "lowercase",
    description: "Lowercases a string",
    params: [param("value", "String", "String to lowercase"), param("locale", "String", "Locale to use (default: English)", true)],
    returnType: "String",
    run: ([value, locale]) => inLocale(textOf(value) ?? "", locale, "lower"),
  },
  {
    name: "uppercase",
    description: "Uppercases a string",
    params: [param("value", "String", "String to uppercase"), param("locale", "String", "Locale to use (default: English)", true)],
    returnType: "String",
    run: ([value, locale]) => inLocale(textOf(value) ?? "", locale, "upper"),
  },
  {
    name: "abbreviate",
    description: "Abbreviates a string with an ellipsis (\"...\") to the given width",
    params: [param("value", "String", "String to abbreviate"), param("width", "Long", "Maximum width, at least 4")],
    returnType: "String",
    run: ([value, width]) => {
      const text = textOf(value) ?? "";
      const max = width as number;
      if (max < 4) throw new Error(`abbreviate: the width must be at least 4 but is ${max}`);
      return text.length <= max ? text : `${text.slice(0, max - 3)}...`;
    },
  },
  {
    name: "substring",
    description: "Returns a substring from start (inclusive) to end (exclusive); negative indexes count from the end",
    params: [param("value", "String", "The string"), param("start", "Long", "Start index"), param("end", "Long", "End index (the end of the string unless given)", true)],
    returnType: "String",
    run: ([value, start, end]) => {
      const text = textOf(value) ?? "";
      const at = (index: number) => Math.max(0, Math.min(text.length, index < 0 ? text.length + index : index));
      const from = at(start as number);
      const to = end === undefined ? text.length : at(end as number);
      return from >= to ? "" : text.slice(from, to);
    },
  },
];
