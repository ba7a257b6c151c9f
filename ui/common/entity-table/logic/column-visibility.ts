import type { ColumnDefinition } from "./column-definition.ts";

/** A check of the current user's permissions: all of them, or any one of them. */
export interface PermissionCheck {
  isPermitted(required: readonly string[]): boolean;
  isAnyPermitted(required: readonly string[]): boolean;
}

/**
 * Columns the user may see: hidden columns never, columns with permissions only when all (or, with
 * anyPermissions, any) are held (spec 000 §6).
 */
export function accessibleColumns(
  columns: readonly ColumnDefinition[],
  permissions: PermissionCheck,
): ColumnDefinition[] {
  return columns.filter((column) => {
    if (column.hidden) return false;
    if (!column.permissions?.length) return true;
    return column.anyPermissions
      ? permissions.isAnyPermitted(column.permissions)
      : permissions.isPermitted(column.permissions);
  });
}

/**
 * The columns to render, in the order of the displayed attributes; ids without an accessible column are
 * dropped (a stored layout may name a column that no longer exists or is not permitted).
 */
export function displayedColumns(
  columns: readonly ColumnDefinition[],
  displayedAttributes: readonly string[],
  permissions: PermissionCheck,
): ColumnDefinition[] {
  const accessible = new Map(accessibleColumns(columns, permissions).map((column) => [column.id, column]));
  const seen = new Set<string>();
  const result: ColumnDefinition[] = [];
  for (const id of displayedAttributes) {
    const column = accessible.get(id);
    if (column && !seen.has(id)) {
      seen.add(id);
      result.push(column);
    }
  }
  return result;
}

/**
 * Shows or hides one column. A shown column is inserted where it sits among the column definitions, so a
 * re-shown column comes back to its usual place.
 */
export function toggleDisplayedAttribute(
  displayedAttributes: readonly string[],
  attributeId: string,
  columns: readonly ColumnDefinition[],
): string[] {
  if (displayedAttributes.includes(attributeId)) {
    return displayedAttributes.filter((id) => id !== attributeId);
  }
  const order = columns.map((column) => column.id);
  const targetIndex = order.indexOf(attributeId);
  const result = [...displayedAttributes];
  const insertAt = result.findIndex((id) => {
    const index = order.indexOf(id);
    return index === -1 || index > targetIndex;
  });
  if (insertAt === -1) result.push(attributeId);
  else result.splice(insertAt, 0, attributeId);
  return result;
}
