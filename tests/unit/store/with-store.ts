import { Database } from "../../../mock-backend/database.ts";
import { MessageStore, type MessageStoreOptions } from "../../../mock-backend/message-store.ts";
import { migrate } from "../../../mock-backend/schema.ts";
import { seedEntities } from "../../../mock-backend/seed.ts";
import type { IncomingMessage } from "../../../mock-backend/store/incoming-message.ts";

/** A seeded message store on a real DuckDB (in memory unless `path` is given), closed after `work`. */
export async function withStore<T>(
  work: (store: MessageStore, db: Database) => Promise<T>,
  options: Partial<MessageStoreOptions> & { path?: string } = {},
): Promise<T> {
  const db = await Database.open({ path: options.path ?? ":memory:", connections: 2 });
  let store: MessageStore | null = null;
  try {
    await migrate(db);
    const { identity } = await seedEntities(db, "test password");
    store = await MessageStore.open(db, { nodeId: identity.nodeId, ...options });
    return await work(store, db);
  } finally {
    await store?.close();
    db.close();
  }
}

/** A message with defaults, overridden by `overrides`. */
export function aMessage(overrides: Partial<IncomingMessage> = {}): IncomingMessage {
  return {
    timestamp: Date.UTC(2024, 5, 7, 12),
    source: "host-1",
    message: "Something happened",
    ...overrides,
  };
}
