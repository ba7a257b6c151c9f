/**
 * The Fields section's pure logic (spec 001 §2 'Sidebar'): which fields a field set shows, filtered and sorted,
 * the closed set of field kinds behind the type icons, and the top-values view model.
 */
import type { FieldTypeMapping } from "../../../api/schemas/search-support.ts";

export const FIELD_GROUPS = ["current", "all", "allReserved"] as const;
export type FieldGroup = (typeof FIELD_GROUPS)[number];

export const FIELD_GROUP_LABELS: Record<FieldGroup, string> = {
  current: "current query",
  all: "all",
  allReserved: "all including reserved",
};

export const NO_FIELDS_TEXT =
  "No fields to show. Try changing your filter term or select a different field set above.";
export const NO_FIELD_INFO_TEXT = "No field information available.";

/** Closed kinds of field type shown by an icon. */
export const FIELD_KINDS = ["string", "number", "date", "boolean", "ip", "geo", "unknown"] as const;
export type FieldKind = (typeof FIELD_KINDS)[number];

const KIND_OF_TYPE: Record<string, FieldKind> = {
  string: "string",
  long: "number",
  int: "number",
  integer: "number",
  double: "number",
  float: "number",
  date: "date",
  boolean: "boolean",
  ip: "ip",
  "geo-point": "geo",
};

export function fieldKind(type: string): FieldKind {
  return KIND_OF_TYPE[type] ?? "unknown";
}

/** Graylog's reserved internal fields: the gl2_* fields and the stream ids of a message. */
export function isReservedField(name: string): boolean {
  return name.startsWith("gl2_") || name === "streams";
}

export interface SidebarField {
  name: string;
  type: string;
  kind: FieldKind;
}

export interface FieldListOptions {
  group: FieldGroup;
  filter: string;
  /** Field names present in the current result messages. */
  currentFieldNames: ReadonlySet<string>;
}

/** The fields of a field set whose names contain the filter (case-insensitive), sorted by name. */
export function visibleFields(
  mappings: readonly FieldTypeMapping[],
  options: FieldListOptions,
): SidebarField[] {
  const needle = options.filter.trim().toLowerCase();
  const byName = new Map<string, SidebarField>();
  for (const mapping of mappings) {
    byName.set(mapping.name, {
      name: mapping.name,
      type: mapping.type.type,
      kind: fieldKind(mapping.type.type),
    });
  }
  if (options.group === "current") {
    // Fields of the current messages the type list does not know yet still show, with an unknown type.
    for (const name of options.currentFieldNames) {
      if (!byName.has(name)) byName.set(name, { name, type: "unknown", kind: "unknown" });
    }
  }
  const inGroup: Record<FieldGroup, (field: SidebarField) => boolean> = {
    current: (field) => options.currentFieldNames.has(field.name) && !isReservedField(field.name),
    all: (field) => !isReservedField(field.name),
    allReserved: () => true,
  };
  return [...byName.values()]
    .filter(inGroup[options.group])
    .filter((field) => needle === "" || field.name.toLowerCase().includes(needle))
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** The field names present in a page of messages (without `_id`). */
export function currentFieldNames(messages: readonly { raw: Record<string, unknown> }[]): Set<string> {
  const names = new Set<string>();
  for (const message of messages) {
    for (const name of Object.keys(message.raw)) if (name !== "_id") names.add(name);
  }
  return names;
}

export interface TopValue {
  value: string;
  count: number;
  /** Share of the current total in percent, 0 when the total is 0. */
  percent: number;
}

/** Suggestions (value, occurrence) as top values with their share of the result total, most frequent first. */
export function topValues(
  suggestions: readonly { value: string; occurrence: number }[],
  total: number,
): TopValue[] {
  return [...suggestions]
    .sort((a, b) => b.occurrence - a.occurrence || a.value.localeCompare(b.value))
    .map(({ value, occurrence }) => ({
      value,
      count: occurrence,
      percent: total > 0 ? (occurrence / total) * 100 : 0,
    }));
}

/** A percentage as the list shows it: one decimal, '<0.1%' for tiny shares. */
export function formatPercent(percent: number): string {
  if (percent > 0 && percent < 0.1) return "<0.1%";
  return `${percent.toFixed(1)}%`;
}
