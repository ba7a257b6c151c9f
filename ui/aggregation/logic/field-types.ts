import type { FieldTypeMapping } from "../../../api/schemas/search-support.ts";

/**
 * What the aggregation editor needs to know about a field's type: numeric fields may feed every metric, date
 * fields group by time. One place reads the FieldTypeMapping shape so the editor never inspects it ad hoc.
 */
export function isNumericField(fieldTypes: readonly FieldTypeMapping[], name: string): boolean {
  return findField(fieldTypes, name)?.type.properties.includes("numeric") ?? false;
}

export function isDateField(fieldTypes: readonly FieldTypeMapping[], name: string): boolean {
  return findField(fieldTypes, name)?.type.type === "date";
}

/** Field names sorted for pickers; internal fields are already filtered out by POST /views/fields. */
export function fieldNames(fieldTypes: readonly FieldTypeMapping[]): string[] {
  return [...new Set(fieldTypes.map((field) => field.name))].sort((a, b) => a.localeCompare(b));
}

function findField(fieldTypes: readonly FieldTypeMapping[], name: string): FieldTypeMapping | undefined {
  return fieldTypes.find((field) => field.name === name);
}
