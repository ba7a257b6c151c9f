import type { DecorationStats } from "../../api/schemas/decorators.ts";
import type { MessageFields } from "./decorator-type.ts";

/**
 * What decorating changed in one message: added fields with their new values, changed and removed fields with
 * their original values (so 'Show changes' can show before and after); null when nothing changed.
 */
export function decorationStats(
  original: Readonly<MessageFields>,
  decorated: Readonly<MessageFields>,
): DecorationStats | null {
  const stats: DecorationStats = { added_fields: {}, changed_fields: {}, removed_fields: {} };
  let changed = false;
  for (const [name, value] of Object.entries(decorated)) {
    if (!(name in original)) {
      stats.added_fields[name] = value;
      changed = true;
    } else if (!sameValue(original[name], value)) {
      stats.changed_fields[name] = original[name];
      changed = true;
    }
  }
  for (const [name, value] of Object.entries(original)) {
    if (!(name in decorated)) {
      stats.removed_fields[name] = value;
      changed = true;
    }
  }
  return changed ? stats : null;
}

/** Field values are JSON values (the link decorator makes objects), so equal JSON means unchanged. */
function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  return JSON.stringify(a) === JSON.stringify(b);
}
