import type { FieldMatching, FieldType, StoredField } from "../search/field-catalog.ts";

/**
 * How a field is searched: strings by their matching (analysed text, case-insensitive or exact keyword), other
 * types by their type. Node kinds keep one `Record<FieldClass, …>` each, so a new type does not compile until
 * every kind says what it means for it.
 */
export type FieldClass = FieldMatching | Exclude<FieldType, "string">;

export function fieldClass(field: StoredField): FieldClass {
  return field.type === "string" ? field.matching : field.type;
}

const NUMBER = /^[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
const LONG_MIN = -(2n ** 63n);
const LONG_MAX = 2n ** 63n - 1n;

/** A number as Elasticsearch's numeric fields accept it, or null (then the clause matches nothing). */
export function parseNumber(text: string): number | null {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
}

/**
 * A whole number for a `long` field: a safe integer as a number (bound as BIGINT-compatible INTEGER/BIGINT so
 * DuckDB keeps the column's type and its zone maps), a larger one as its exact decimal text for `CAST(? AS BIGINT)`.
 */
export type LongValue = { kind: "number"; value: number } | { kind: "text"; value: string };

export function parseLong(text: string): LongValue | null {
  const trimmed = text.trim();
  if (INTEGER.test(trimmed)) {
    const big = BigInt(trimmed);
    if (big < LONG_MIN || big > LONG_MAX) return null;
    const value = Number(big);
    return Number.isSafeInteger(value) ? { kind: "number", value } : { kind: "text", value: big.toString() };
  }
  const value = parseNumber(trimmed);
  // "400.0" is 400 to Elasticsearch; 400.5 is no long at all.
  return value !== null && Number.isSafeInteger(value) ? { kind: "number", value } : null;
}

/** Elasticsearch's boolean field accepts only "true" and "false". */
export function parseBoolean(text: string): boolean | null {
  return text === "true" ? true : text === "false" ? false : null;
}
