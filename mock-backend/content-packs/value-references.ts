import type { ContentPackParameter, ValueReference } from "../../api/schemas/content-packs.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";

/**
 * An entity's data as a pack holds it: every scalar leaf a ValueReference (`{"@type": "string", "@value": "x"}`),
 * objects and lists kept as they are; a leaf may instead name a parameter (`{"@type": "parameter", "@value": "P"}`)
 * that the installer's values fill in.
 */
export function toReferences(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toReferences);
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, toReferences(inner)]));
  }
  if (typeof value === "string") return { "@type": "string", "@value": value };
  if (typeof value === "boolean") return { "@type": "boolean", "@value": value };
  if (typeof value === "number") return { "@type": Number.isInteger(value) ? "integer" : "double", "@value": value };
  return { "@type": "string", "@value": null };
}

/** Whether `value` is one ValueReference leaf. */
function isReference(value: unknown): value is ValueReference {
  return value !== null && typeof value === "object" && !Array.isArray(value) && "@type" in value && "@value" in value &&
    Object.keys(value).length === 2;
}

/** The plain data of `data`, parameters replaced by `values` (an unknown parameter is the pack's fault: refused). */
export function resolveReferences(data: unknown, values: Readonly<Record<string, ValueReference>>): unknown {
  if (Array.isArray(data)) return data.map((inner) => resolveReferences(inner, values));
  if (isReference(data)) {
    if (data["@type"] !== "parameter") return data["@value"];
    const name = String(data["@value"]);
    const value = values[name];
    if (!value) throw new EntityValidationError(`parameters: no value for parameter <${name}>`);
    return value["@value"];
  }
  if (data !== null && typeof data === "object") {
    return Object.fromEntries(Object.entries(data).map(([key, inner]) => [key, resolveReferences(inner, values)]));
  }
  return data;
}

/** The parameters a pack's data names, each once. */
export function parametersUsed(data: unknown, found = new Set<string>()): Set<string> {
  if (Array.isArray(data)) data.forEach((inner) => parametersUsed(inner, found));
  else if (isReference(data)) {
    if (data["@type"] === "parameter") found.add(String(data["@value"]));
  } else if (data !== null && typeof data === "object") Object.values(data).forEach((inner) => parametersUsed(inner, found));
  return found;
}

/**
 * The installer's values for every parameter of the pack: given ones checked against the parameter's type,
 * missing ones from the default value; a parameter with neither is refused, naming it.
 */
export function parameterValues(
  parameters: readonly ContentPackParameter[],
  given: Readonly<Record<string, ValueReference>>,
): Record<string, ValueReference> {
  const known = new Set(parameters.map((parameter) => parameter.name));
  const unknown = Object.keys(given).find((name) => !known.has(name));
  if (unknown) throw new EntityValidationError(`parameters.${unknown}: the content pack has no such parameter`);
  const values: Record<string, ValueReference> = {};
  for (const parameter of parameters) {
    const value = given[parameter.name] ?? parameter.default_value ?? null;
    if (value === null || value["@value"] === null || value["@value"] === "") {
      throw new EntityValidationError(`parameters.${parameter.name}: Field is required.`);
    }
    values[parameter.name] = { "@type": parameter.type, "@value": coerce(parameter, value["@value"]) };
  }
  return values;
}

function coerce(parameter: ContentPackParameter, raw: string | number | boolean): string | number | boolean {
  const refuse = () => new EntityValidationError(`parameters.${parameter.name}: must be a ${parameter.type}`);
  switch (parameter.type) {
    case "string":
      return String(raw);
    case "boolean":
      if (typeof raw === "boolean") return raw;
      if (raw === "true" || raw === "false") return raw === "true";
      throw refuse();
    case "integer": {
      const number = Number(raw);
      if (!Number.isInteger(number)) throw refuse();
      return number;
    }
    case "double": {
      const number = Number(raw);
      if (!Number.isFinite(number)) throw refuse();
      return number;
    }
  }
}
