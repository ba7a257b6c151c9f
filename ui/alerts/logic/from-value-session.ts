import type { EventDefinitionFromValue } from "./event-definition-from-value.ts";

/**
 * How 'Configure new event definition' hands its payload to the wizard it opens in a new tab: kept in the
 * browser's local storage under a fresh session id that goes into the wizard's URL (`session-id`), read once there.
 */
const KEY_PREFIX = "sluice.event-definition-from-value.";

export function storeFromValue(payload: EventDefinitionFromValue, storage: Storage = localStorage): string {
  const sessionId = crypto.randomUUID();
  storage.setItem(KEY_PREFIX + sessionId, JSON.stringify(payload));
  return sessionId;
}

/** The payload stored under the session id, removed as it is read; null when there is none (or it is not JSON). */
export function takeFromValue(sessionId: string, storage: Storage = localStorage): EventDefinitionFromValue | null {
  const stored = storage.getItem(KEY_PREFIX + sessionId);
  if (stored === null) return null;
  storage.removeItem(KEY_PREFIX + sessionId);
  try {
    return JSON.parse(stored) as EventDefinitionFromValue;
  } catch {
    return null;
  }
}
