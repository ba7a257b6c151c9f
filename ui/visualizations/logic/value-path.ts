import type { ValuePath } from "../visualization-props.ts";

/** Pairs grouping fields with the values a row or column key holds for them (a key longer than the fields is cut). */
export function valuePath(fields: readonly string[], keys: readonly string[]): ValuePath {
  return fields.slice(0, keys.length).map((field, index) => ({ field, value: keys[index] }));
}
