/** Rules of the key-value table (spec 000 §5, spec 002 §5). */
export type KeyValuePairs = Readonly<Record<string, string>>;

/** Add is enabled only when both key and value are non-empty. */
export function canAddPair(key: string, value: string): boolean {
  return key.trim() !== "" && value.trim() !== "";
}

/** Adds (or replaces) a property; key and value are trimmed. */
export function addPair(pairs: KeyValuePairs, key: string, value: string): Record<string, string> {
  return { ...pairs, [key.trim()]: value.trim() };
}

export function removePair(pairs: KeyValuePairs, key: string): Record<string, string> {
  const { [key]: _removed, ...rest } = pairs;
  return rest;
}

export function deletePropertyQuestion(key: string): string {
  return `Are you sure you want to delete property '${key}'?`;
}
