import type { ConfigurationField, ConfigurationValue, EncryptedValueWrite, InputCreateRequest } from "../../api/schemas/inputs.ts";
import { EntityValidationError } from "../../api/schemas/paginated.ts";
import type { InputConfiguration } from "./input-types.ts";

type RequestValue = InputCreateRequest["configuration"][string];

const isEncryptedWrite = (value: RequestValue): value is EncryptedValueWrite =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * The configuration a request asks for, checked against the type's fields and filled with their defaults. An
 * encrypted field takes `set_value`, `delete_value` or `keep_value` (the stored value of `previous`), spec 002 §3.
 * Throws EntityValidationError naming the field.
 */
export function resolveConfiguration(
  fields: readonly ConfigurationField[],
  requested: InputCreateRequest["configuration"],
  previous: InputConfiguration | null,
): InputConfiguration {
  const known = new Set(fields.map((field) => field.name));
  for (const name of Object.keys(requested)) {
    if (!known.has(name)) throw new EntityValidationError(`configuration.${name} is not a field of this input type`);
  }
  const resolved: InputConfiguration = {};
  for (const field of fields) {
    const value = requested[field.name];
    const name = `configuration.${field.name}`;
    if (field.is_encrypted) {
      resolved[field.name] = encryptedValue(name, value, previous?.[field.name] ?? null);
      continue;
    }
    if (isEncryptedWrite(value)) throw new EntityValidationError(`${name} is not an encrypted field`);
    if (value === undefined || value === null || value === "") {
      if (!field.is_optional && (field.default_value === null || field.default_value === "") && field.type !== "boolean") {
        throw new EntityValidationError(`${name} is required`);
      }
      resolved[field.name] = value === undefined || value === null ? field.default_value : value;
      continue;
    }
    resolved[field.name] = checkedValue(field, name, value);
  }
  return resolved;
}

function checkedValue(field: ConfigurationField, name: string, value: Exclude<RequestValue, EncryptedValueWrite | null | undefined>) {
  switch (field.type) {
    case "number": {
      const number = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
      if (typeof number !== "number" || !Number.isFinite(number)) throw new EntityValidationError(`${name} must be a number`);
      if (field.attributes.includes("is_port_number") && (!Number.isInteger(number) || number < 1 || number > 65535)) {
        throw new EntityValidationError(`${name} must be a port number between 1 and 65535`);
      }
      if (field.attributes.includes("only_positive") && number <= 0) throw new EntityValidationError(`${name} must be positive`);
      if (field.attributes.includes("only_negative") && number >= 0) throw new EntityValidationError(`${name} must be negative`);
      return number;
    }
    case "boolean":
      if (typeof value !== "boolean") throw new EntityValidationError(`${name} must be true or false`);
      return value;
    case "list":
      if (!Array.isArray(value)) throw new EntityValidationError(`${name} must be a list of strings`);
      return value;
    case "dropdown":
      if (typeof value !== "string" || !Object.hasOwn(field.additional_info.values ?? {}, value)) {
        throw new EntityValidationError(`${name} must be one of ${Object.keys(field.additional_info.values ?? {}).join(", ")}`);
      }
      return value;
    case "text":
    case "inline_binary":
      if (typeof value !== "string") throw new EntityValidationError(`${name} must be a string`);
      return value;
  }
}

function encryptedValue(name: string, value: RequestValue, stored: InputConfiguration[string]): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value === "string") return value === "" ? null : value;
  if (!isEncryptedWrite(value)) throw new EntityValidationError(`${name} must be {set_value}, {delete_value} or {keep_value}`);
  if ("set_value" in value) return value.set_value;
  if ("delete_value" in value) return null;
  return typeof stored === "string" ? stored : null;
}

/** The configuration as the API shows it: encrypted values only say whether they are set. */
export function readableConfiguration(fields: readonly ConfigurationField[], configuration: InputConfiguration): Record<string, ConfigurationValue> {
  const readable: Record<string, ConfigurationValue> = { ...configuration };
  for (const field of fields) {
    if (field.is_encrypted) readable[field.name] = { is_set: typeof configuration[field.name] === "string" && configuration[field.name] !== "" };
  }
  return readable;
}
