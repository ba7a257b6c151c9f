/**
 * fast-check arbitraries from the JSON Schemas of the API's OpenAPI document (the subset zod emits: $ref, const,
 * enum, anyOf/oneOf/allOf, typed objects, arrays, strings with lengths and patterns, numbers with bounds), so
 * that tests generate valid requests for every operation there is, new ones included, without a hand-written
 * case.
 */
import fc from "fast-check";

/** A JSON Schema as the document holds it. */
export type JsonSchema = {
  $ref?: string;
  type?: string | string[];
  const?: unknown;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  default?: unknown;
};

/** Follows `#/components/schemas/…` references within the document. */
export function resolveSchema(schema: JsonSchema, document: unknown): JsonSchema {
  let current = schema;
  for (let hops = 0; current.$ref && hops < 20; hops++) {
    const target = current.$ref.replace(/^#\//, "").split("/").reduce<unknown>(
      (node, key) => (node as Record<string, unknown>)?.[key.replaceAll("~1", "/").replaceAll("~0", "~")],
      document,
    );
    if (!target) throw new Error(`Unresolvable $ref ${current.$ref}`);
    current = target as JsonSchema;
  }
  return current;
}

/** How deep generated values may nest before optional parts are left out (recursive schemas end there). */
const MAX_DEPTH = 5;

/** Values valid against `schema`. */
export function schemaArbitrary(schema: JsonSchema, document: unknown, depth = 0): fc.Arbitrary<unknown> {
  const resolved = resolveSchema(schema, document);
  if ("const" in resolved) return fc.constant(resolved.const);
  if (resolved.enum) return fc.constantFrom(...resolved.enum);
  const branches = resolved.anyOf ?? resolved.oneOf;
  // Past the depth limit only the first branch is taken, so that recursive unions (condition expressions) end.
  const usable = branches && depth >= MAX_DEPTH ? branches.slice(0, 1) : branches;
  if (usable) return fc.oneof(...usable.map((branch) => schemaArbitrary(branch, document, depth + 1)));
  if (resolved.allOf) return schemaArbitrary(mergeAll(resolved.allOf.map((part) => resolveSchema(part, document))), document, depth);
  const types = Array.isArray(resolved.type) ? resolved.type : resolved.type ? [resolved.type] : [];
  if (types.length > 1) return fc.oneof(...types.map((type) => schemaArbitrary({ ...resolved, type }, document, depth)));
  switch (types[0] ?? (resolved.properties ? "object" : undefined)) {
    case "null":
      return fc.constant(null);
    case "boolean":
      return fc.boolean();
    case "integer":
      return fc.integer({ min: lowerBound(resolved, 1) ?? -1000, max: upperBound(resolved, 1) ?? 100_000 });
    case "number": {
      const min = lowerBound(resolved, 0.001) ?? -1000;
      return fc.double({ min, max: upperBound(resolved, 0.001) ?? min + 100_000, noNaN: true, noDefaultInfinity: true });
    }
    case "string":
      return stringArbitrary(resolved);
    case "array": {
      const minLength = resolved.minItems ?? 0;
      const maxLength = depth >= MAX_DEPTH ? minLength : Math.min(resolved.maxItems ?? minLength + 3, minLength + 3);
      return fc.array(schemaArbitrary(resolved.items ?? {}, document, depth + 1), { minLength, maxLength });
    }
    case "object":
      return objectArbitrary(resolved, document, depth);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectArbitrary(schema: JsonSchema, document: unknown, depth: number): fc.Arbitrary<unknown> {
  const required = new Set(schema.required ?? []);
  const properties = Object.entries(schema.properties ?? {}).filter(([name]) => required.has(name) || depth < MAX_DEPTH);
  const record = fc.record(
    Object.fromEntries(properties.map(([name, property]) => [name, schemaArbitrary(property, document, depth + 1)])),
    { requiredKeys: properties.map(([name]) => name).filter((name) => required.has(name)) },
  );
  const extra = schema.additionalProperties;
  if (typeof extra !== "object" || depth >= MAX_DEPTH) return record;
  const entries = fc.dictionary(fc.stringMatching(/^[a-z][a-z0-9_]{0,11}$/), schemaArbitrary(extra, document, depth + 1), { maxKeys: 3 });
  return fc.tuple(entries, record).map(([more, known]) => ({ ...more, ...known }));
}

function stringArbitrary(schema: JsonSchema): fc.Arbitrary<string> {
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? minLength + 30, minLength + 30);
  if (schema.pattern) {
    const pattern = new RegExp(schema.pattern);
    return fc.stringMatching(pattern).filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
  }
  if (schema.format === "email") return fc.emailAddress();
  if (schema.format === "date-time") return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
  return fc.string({ minLength, maxLength, unit: "grapheme" });
}

function lowerBound(schema: JsonSchema, step: number): number | undefined {
  if (schema.exclusiveMinimum !== undefined) return schema.exclusiveMinimum + step;
  return schema.minimum !== undefined ? Math.max(schema.minimum, -Number.MAX_SAFE_INTEGER) : undefined;
}

function upperBound(schema: JsonSchema, step: number): number | undefined {
  if (schema.exclusiveMaximum !== undefined) return schema.exclusiveMaximum - step;
  return schema.maximum !== undefined ? Math.min(schema.maximum, Number.MAX_SAFE_INTEGER) : undefined;
}

function mergeAll(parts: JsonSchema[]): JsonSchema {
  return parts.reduce<JsonSchema>((merged, part) => ({
    ...merged,
    ...part,
    properties: { ...merged.properties, ...part.properties },
    required: [...(merged.required ?? []), ...(part.required ?? [])],
  }), {});
}
