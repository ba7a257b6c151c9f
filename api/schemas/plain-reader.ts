/**
 * A few zod-like readers without zod: each takes an unknown value and returns it read (unknown object keys
 * dropped, defaults filled) or FAILED. The browser reads stored view states with them, because zod itself
 * (about 30 KB gzip of a search page's scripts) cannot be tree-shaken (issue 4 item 10). They mirror the zod
 * schemas they stand for, and a property test holds each reader to its schema (tests/unit/schemas).
 */

/** What a reader returns for a value that does not fit. */
export const FAILED: unique symbol = Symbol("failed");

export type Reader<T> = (value: unknown) => T | typeof FAILED;

type Read<R> = R extends Reader<infer T> ? T : never;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function string(checks: { min?: number; max?: number } = {}): Reader<string> {
  return (value) =>
    typeof value === "string" && value.length >= (checks.min ?? 0) && value.length <= (checks.max ?? Infinity)
      ? value
      : FAILED;
}

/** Finite numbers only, as zod 4's `z.number()`; `int` as its `.int()` (safe integers). */
export function number(checks: { int?: boolean; min?: number } = {}): Reader<number> {
  return (value) =>
    typeof value === "number" && Number.isFinite(value) && (!checks.int || Number.isSafeInteger(value)) &&
      value >= (checks.min ?? -Infinity)
      ? value
      : FAILED;
}

export const boolean = (): Reader<boolean> => (value) => (typeof value === "boolean" ? value : FAILED);

export const unknown = (): Reader<unknown> => (value) => value;

export function literal<const T extends string | number | boolean>(expected: T): Reader<T> {
  return (value) => (value === expected ? expected : FAILED);
}

export function oneOf<const T extends string>(values: readonly T[]): Reader<T> {
  return (value) => (values.includes(value as T) ? (value as T) : FAILED);
}

/** undefined and null pass as they are (zod's `.nullish()`). */
export function nullish<T>(reader: Reader<T>): Reader<T | null | undefined> {
  return (value) => (value === undefined || value === null ? value : reader(value));
}

/** undefined passes (zod's `.optional()`). */
export function optional<T>(reader: Reader<T>): Reader<T | undefined> {
  return (value) => (value === undefined ? undefined : reader(value));
}

/** undefined becomes a copy of `fallback`, which is not read (zod's `.default()`). */
export function withDefault<T>(reader: Reader<T>, fallback: T): Reader<T> {
  return (value) => (value === undefined ? structuredClone(fallback) : reader(value));
}

export function refine<T>(reader: Reader<T>, holds: (value: T) => boolean): Reader<T> {
  return (value) => {
    const read = reader(value);
    return read === FAILED || !holds(read) ? FAILED : read;
  };
}

export function array<T>(item: Reader<T>): Reader<T[]> {
  return (value) => {
    if (!Array.isArray(value)) return FAILED;
    const read: T[] = [];
    for (const element of value) {
      const one = item(element);
      if (one === FAILED) return FAILED;
      read.push(one);
    }
    return read;
  };
}

/** A plain object with string keys, every value read by `item` (zod's `z.record(z.string(), item)`). */
export function record<T>(item: Reader<T>): Reader<Record<string, T>> {
  return (value) => {
    if (!isObject(value)) return FAILED;
    const read: Record<string, T> = {};
    for (const [key, element] of Object.entries(value)) {
      const one = item(element);
      if (one === FAILED) return FAILED;
      read[key] = one;
    }
    return read;
  };
}

type Shape = Record<string, Reader<unknown>>;
/** Keys whose reader may give undefined are optional, as in zod's inferred types. */
type ObjectOf<S extends Shape> =
  & { [K in keyof S as undefined extends Read<S[K]> ? never : K]: Read<S[K]> }
  & { [K in keyof S as undefined extends Read<S[K]> ? K : never]?: Read<S[K]> };

/** The shape's keys read in turn; other keys are dropped, keys read as undefined are left out (zod's `z.object`). */
export function object<S extends Shape>(shape: S): Reader<ObjectOf<S>> {
  return (value) => {
    if (!isObject(value)) return FAILED;
    const read: Record<string, unknown> = {};
    for (const [key, reader] of Object.entries(shape)) {
      const one = reader(value[key]);
      if (one === FAILED) return FAILED;
      if (one !== undefined) read[key] = one;
    }
    return read as ObjectOf<S>;
  };
}

/** `object`, refusing keys the shape does not name (zod's `.strict()`). */
export function strictObject<S extends Shape>(shape: S): Reader<ObjectOf<S>> {
  const read = object(shape);
  return (value) => (isObject(value) && Object.keys(value).every((key) => key in shape) ? read(value) : FAILED);
}

/** The first option that reads the value (zod's `z.union`, and `z.discriminatedUnion` for distinct literals). */
export function union<R extends Reader<unknown>[]>(...options: R): Reader<Read<R[number]>> {
  return (value) => {
    for (const option of options) {
      const read = option(value);
      if (read !== FAILED) return read as Read<R[number]>;
    }
    return FAILED;
  };
}
