import { param, type RuleFunction, textOf } from "../rule-function.ts";

/** Graylog's conversion functions: a value of any type to String, Long, Double, Boolean; null checks. */
export const CONVERSION_FUNCTIONS: readonly RuleFunction[] = [
  {
    name: "to_string",
    description: "Converts a value to its string representation; null becomes the default",
    params: [param("value", "Object", "Value to convert"), param("default", "String", "Used when the value is null (\"\" unless given)", true)],
    returnType: "String",
    run: ([value, fallback]) => textOf(value) ?? (fallback as string | undefined) ?? "",
  },
  {
    name: "to_long",
    description: "Converts a value to a long integer; a value that is not one becomes the default",
    params: [param("value", "Object", "Value to convert"), param("default", "Long", "Used when the value cannot be converted (0 unless given)", true)],
    returnType: "Long",
    run: ([value, fallback]) => toLong(value) ?? (fallback as number | undefined) ?? 0,
  },
  {
    name: "to_double",
    description: "Converts a value to a double; a value that is not a number becomes the default",
    params: [param("value", "Object", "Value to convert"), param("default", "Double", "Used when the value cannot be converted (0.0 unless given)", true)],
    returnType: "Double",
    run: ([value, fallback]) => toDouble(value) ?? (fallback as number | undefined) ?? 0,
  },
  {
    name: "to_bool",
    description: "Converts a value to a boolean: \"true\" (any case) and non-zero numbers are true",
    params: [param("value", "Object", "Value to convert")],
    returnType: "Boolean",
    run: ([value]) => {
      if (typeof value === "boolean") return value;
      if (typeof value === "number") return Math.trunc(value) !== 0;
      return (textOf(value) ?? "").toLowerCase() === "true";
    },
  },
  {
    name: "is_null",
    description: "Checks whether a value is null (a missing field is)",
    params: [param("value", "Object", "Value to check")],
    returnType: "Boolean",
    run: ([value]) => value === null || value === undefined,
  },
  {
    name: "is_not_null",
    description: "Checks whether a value is not null",
    params: [param("value", "Object", "Value to check")],
    returnType: "Boolean",
    run: ([value]) => value !== null && value !== undefined,
  },
];

/** Java's Long.parseLong on the text (Graylog's LongConversion): numbers are truncated, "3.5" is not a long. */
export function toLong(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? Math.trunc(value) : null;
  const text = textOf(value)?.trim() ?? "";
  return /^[+-]?\d{1,18}$/.test(text) ? Number(text) : null;
}

export function toDouble(value: unknown): number | null {
  if (typeof value === "number") return value;
  const text = textOf(value)?.trim() ?? "";
  if (!/^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^[+-]?(NaN|Infinity)$/.test(text)) return null;
  return Number(text);
}
