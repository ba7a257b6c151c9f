/**
 * The column model of the shared entity table (spec 000 §3): what an admin page declares about its columns.
 */

/** Attribute types the table knows how to lay out; DATE columns get a fixed width (spec 000 §9). */
export type ColumnType = "STRING" | "DATE" | "BOOLEAN" | "NUMBER" | "OBJECT_ID";

export interface ColumnDefinition {
  /** Attribute id; also what is stored in displayed_attributes and sort.field. */
  id: string;
  title: string;
  type?: ColumnType;
  sortable?: boolean;
  /** Hidden columns never appear (spec 000 §6). */
  hidden?: boolean;
  /** Needed to see the column: all of them, or any one when `anyPermissions` is set. */
  permissions?: readonly string[];
  anyPermissions?: boolean;
}

export type SortDirection = "asc" | "desc";

/** Client form of a sort (spec 000 §3). */
export interface Sort {
  attributeId: string;
  direction: SortDirection;
}

/** Every row carries an id plus attributes. */
export interface EntityBase {
  id: string;
}
