import type { DuckDBConnection } from "@duckdb/node-api";
import type { FieldCatalog, FieldMatching, FieldType, ListField, StoredField } from "../search/field-catalog.ts";
import type { TermIndexSource } from "../search/term-index-source.ts";
import type { KeywordValuesColumn } from "../search/keyword-values.ts";
import type { FieldValue } from "./incoming-message.ts";
import { tokensSql, tokenTextSql } from "./derived-text.ts";
import { quoteIdentifier } from "./sql-text.ts";

/** DuckDB column type per field type. */
export const SQL_TYPES: Record<FieldType, string> = {
  string: "VARCHAR",
  long: "BIGINT",
  double: "DOUBLE",
  date: "TIMESTAMP",
  boolean: "BOOLEAN",
  ip: "VARCHAR",
  "geo-point": "VARCHAR",
};

/** `/api/views/fields` properties per field (Graylog's FieldTypeMapper). */
export type FieldProperty = "enumerable" | "full-text-search" | "numeric";

/** A field as `/api/views/fields` lists it. */
export interface ListedField {
  name: string;
  type: FieldType;
  properties: FieldProperty[];
}

const keyword = (name: string): StoredField => ({
  name,
  type: "string",
  matching: "keyword",
  valueSql: quoteIdentifier(name),
});
const typed = (name: string, type: FieldType): StoredField => ({
  name,
  type,
  matching: "keyword",
  valueSql: quoteIdentifier(name),
});

/**
 * The hot fields: typed columns of `messages`, by their Graylog names. `_id` can be searched but is not listed
 * (Elasticsearch metadata); `streams` is listed but not searchable through the seam (a list, not a scalar).
 */
export const HOT_FIELDS: Record<string, StoredField> = {
  _id: keyword("_id"),
  timestamp: typed("timestamp", "date"),
  source: { name: "source", type: "string", matching: "keyword-ci", valueSql: "source" },
  message: {
    name: "message",
    type: "string",
    matching: "analyzed",
    valueSql: "message",
    tokensSql: tokensSql("message"),
    tokenTextSql: tokenTextSql("message"),
  },
  full_message: {
    name: "full_message",
    type: "string",
    matching: "analyzed",
    valueSql: "full_message",
    tokensSql: tokensSql("full_message"),
    tokenTextSql: tokenTextSql("full_message"),
  },
  level: typed("level", "long"),
  facility: keyword("facility"),
  gl2_message_id: keyword("gl2_message_id"),
  gl2_source_input: keyword("gl2_source_input"),
  gl2_source_node: keyword("gl2_source_node"),
  gl2_remote_ip: keyword("gl2_remote_ip"),
  gl2_receive_timestamp: typed("gl2_receive_timestamp", "date"),
  gl2_processing_timestamp: typed("gl2_processing_timestamp", "date"),
  gl2_accounted_message_size: typed("gl2_accounted_message_size", "long"),
};

/** Hot fields every message has (the rest are tracked per index and stream like extra fields). */
export const ALWAYS_PRESENT = [
  "timestamp",
  "source",
  "message",
  "gl2_message_id",
  "gl2_source_node",
  "gl2_receive_timestamp",
  "gl2_processing_timestamp",
  "gl2_accounted_message_size",
];

/** Names an extra field may not take (the store's own columns). */
export const RESERVED_NAMES = new Set([
  ...Object.keys(HOT_FIELDS),
  "streams",
  "index_name",
  "message_terms",
  "full_message_terms",
  "message_tokens",
  "full_message_tokens",
  "keyword_values",
]);

/**
 * Hot keyword fields whose values the keyword values (search/keyword-values.ts) hold, besides every extra field of
 * type `string`.
 * Not `gl2_source_input` (the column's default fills messages that do not list the field) nor `gl2_source_node`
 * (one value for all rows: its own column is cheaper than lengthening every row's text).
 */
export const HOT_KEYWORD_VALUE_FIELDS = ["facility", "gl2_remote_ip", "gl2_message_id"] as const;

const GEO_POINT = /^-?\d{1,3}(?:\.\d+)?,-?\d{1,3}(?:\.\d+)?$/;

/** The type a first value gives a new field (Elasticsearch's dynamic mapping, plus Graylog's `*_geolocation`). */
export function inferType(name: string, value: FieldValue): FieldType {
  if (typeof value === "number") return Number.isInteger(value) ? "long" : "double";
  if (typeof value === "boolean") return "boolean";
  return name.endsWith("_geolocation") && GEO_POINT.test(value) ? "geo-point" : "string";
}

/** What to do with a value of another type than its field's column. */
export type Coercion = { kind: "keep"; value: FieldValue } | {
  kind: "widen";
  to: FieldType;
  value: FieldValue;
} | { kind: "reject" };

export function coerce(type: FieldType, value: FieldValue): Coercion {
  switch (type) {
    case "string":
    case "ip":
    case "geo-point":
      return { kind: "keep", value: typeof value === "string" ? value : String(value) };
    case "long":
      if (typeof value === "number") {
        return Number.isInteger(value) ? { kind: "keep", value } : { kind: "widen", to: "double", value };
      }
      if (typeof value === "string" && /^[+-]?\d+$/.test(value.trim())) {
        return { kind: "keep", value: Number(value) };
      }
      if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
        return { kind: "widen", to: "double", value: Number(value) };
      }
      return { kind: "reject" };
    case "double":
      if (typeof value === "number") return { kind: "keep", value };
      if (typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) {
        return { kind: "keep", value: Number(value) };
      }
      return { kind: "reject" };
    case "boolean":
      if (typeof value === "boolean") return { kind: "keep", value };
      if (value === "true" || value === "false") return { kind: "keep", value: value === "true" };
      return { kind: "reject" };
    case "date":
      return typeof value === "number" ? { kind: "keep", value } : { kind: "reject" };
  }
}

/** An extra field: its name, its `f_…` column and its type. */
export interface ExtraField {
  name: string;
  column: string;
  type: FieldType;
}

/**
 * Adds an extra field's column to the message table and records it in `message_fields`, inside the caller's
 * transaction (the store's batches and the SQL import's both add their new fields so).
 */
export async function addExtraFieldColumn(connection: DuckDBConnection, field: ExtraField): Promise<void> {
  await connection.run(
    `ALTER TABLE messages ADD COLUMN IF NOT EXISTS ${quoteIdentifier(field.column)} ${SQL_TYPES[field.type]}`,
  );
  await connection.run(
    "INSERT INTO message_fields VALUES (?, ?, ?) ON CONFLICT (name) DO UPDATE SET type = excluded.type",
    [field.name, field.column, field.type],
  );
}

/** Lower-case column name for a field, unique among `taken` (DuckDB identifiers ignore case; field names do not). */
export function columnNameFor(name: string, taken: ReadonlySet<string>): string {
  const base = `f_${name.toLowerCase().replace(/[^a-z0-9_]/g, "_")}`.slice(0, 60);
  let candidate = base;
  for (let n = 2; taken.has(candidate); n++) candidate = `${base}_${n}`;
  return candidate;
}

export function storedExtraField(field: ExtraField): StoredField {
  const matching: FieldMatching = "keyword";
  return { name: field.name, type: field.type, matching, valueSql: quoteIdentifier(field.column) };
}

export function listedField(field: StoredField): ListedField {
  const properties: FieldProperty[] = [];
  if (field.matching === "analyzed" || field.matching === "keyword-ci") properties.push("full-text-search");
  if (field.matching !== "analyzed" && field.type !== "geo-point") properties.push("enumerable");
  if (field.type === "long" || field.type === "double") properties.push("numeric");
  return { name: field.name, type: field.type, properties };
}

/** The store's list-valued fields: the stream ids every message is routed to. */
export const LIST_FIELDS: Readonly<Record<string, ListField>> = {
  streams: { name: "streams", type: "string", valueSql: "streams" },
};

/** The catalog over a fixed set of fields (a snapshot: the store hands out a new one when fields change). */
export class StoreFieldCatalog implements FieldCatalog {
  private readonly byName: Map<string, StoredField>;
  readonly keywordValues?: KeywordValuesColumn;
  readonly termIndex?: TermIndexSource;

  constructor(
    fields: StoredField[],
    readonly allowLeadingWildcard = false,
    keywordValues?: KeywordValuesColumn,
    termIndex?: TermIndexSource,
  ) {
    this.byName = new Map(fields.map((field) => [field.name, field]));
    if (keywordValues) this.keywordValues = keywordValues;
    if (termIndex) this.termIndex = termIndex;
  }

  field(name: string): StoredField | null {
    return this.byName.get(name) ?? (name === "_id" ? HOT_FIELDS._id : null);
  }

  listField(name: string): ListField | null {
    return Object.hasOwn(LIST_FIELDS, name) ? LIST_FIELDS[name] : null;
  }

  fields(): StoredField[] {
    return [...this.byName.values()].filter((field) => field.name !== "_id");
  }

  /** The fields as `/api/views/fields` lists them, `streams` included, sorted by name. */
  listed(): ListedField[] {
    const listed = this.fields().map(listedField);
    listed.push({ name: "streams", type: "string", properties: ["enumerable"] });
    return listed.sort((a, b) => a.name.localeCompare(b.name));
  }
}
