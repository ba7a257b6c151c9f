/**
 * The message table's columns (beyond Graylog: reorderable by drag, resizable): pure list and width
 * operations on the widget config's `fields`, so the component only wires events to them.
 */

export const MIN_COLUMN_WIDTH = 60;
export const MAX_COLUMN_WIDTH = 1200;
/** The timestamp column is wide enough for a full date and time with milliseconds. */
export const DEFAULT_COLUMN_WIDTHS: Readonly<Record<string, number>> = { timestamp: 220 };

/** `fields` with `field` moved to where `target` is now (before it when moving left, after it when moving right). */
export function moveColumn(fields: readonly string[], field: string, target: string): string[] {
  const from = fields.indexOf(field);
  const to = fields.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...fields];
  const next = fields.filter((name) => name !== field);
  next.splice(to, 0, field);
  return next;
}

/** `fields` with `field` moved one place left (-1) or right (+1); unchanged at the ends. */
export function shiftColumn(fields: readonly string[], field: string, step: -1 | 1): string[] {
  const from = fields.indexOf(field);
  const to = from + step;
  if (from < 0 || to < 0 || to >= fields.length) return [...fields];
  return moveColumn(fields, field, fields[to]);
}

/** Adds `field` at the end, or removes it when it is shown ('Add to table' / 'Remove from table'). */
export function toggleColumn(fields: readonly string[], field: string): string[] {
  return fields.includes(field) ? fields.filter((name) => name !== field) : [...fields, field];
}

/** A dragged width, whole pixels within the limits. */
export function clampColumnWidth(width: number): number {
  if (!Number.isFinite(width)) return MIN_COLUMN_WIDTH;
  return Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));
}
