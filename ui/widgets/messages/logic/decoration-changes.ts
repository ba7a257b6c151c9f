import { fieldText, type MessageRow } from "./message-rows.ts";

/**
 * 'Show changes' of a decorated message (spec 001 §2, §3 decoration_stats): which fields the decorators added,
 * changed or removed, with the value before and after, in field-name order within each kind.
 */

export type DecorationChangeKind = "added" | "changed" | "removed";

export interface DecorationChange {
  field: string;
  kind: DecorationChangeKind;
  /** The stored value (changed, removed); null for an added field. */
  before: string | null;
  /** The decorated value (added, changed); null for a removed field. */
  after: string | null;
}

export function decorationChanges(message: Pick<MessageRow, "decorationStats" | "raw">): DecorationChange[] {
  const stats = message.decorationStats;
  if (!stats) return [];
  const names = (fields: Record<string, unknown>) => Object.keys(fields).sort((a, b) => a.localeCompare(b));
  return [
    ...names(stats.added_fields).map((field): DecorationChange => ({ field, kind: "added", before: null, after: fieldText(message.raw[field] ?? stats.added_fields[field]) })),
    ...names(stats.changed_fields).map((field): DecorationChange => ({
      field,
      kind: "changed",
      before: fieldText(stats.changed_fields[field]),
      after: fieldText(message.raw[field]),
    })),
    ...names(stats.removed_fields).map((field): DecorationChange => ({ field, kind: "removed", before: fieldText(stats.removed_fields[field]), after: null })),
  ];
}

/** Whether there is anything to show: 'Show changes' appears only then. */
export function isDecorated(message: Pick<MessageRow, "decorationStats">): boolean {
  const stats = message.decorationStats;
  return !!stats && (Object.keys(stats.added_fields).length + Object.keys(stats.changed_fields).length + Object.keys(stats.removed_fields).length) > 0;
}
