import type { EntityListPreferenceStore } from "../api/schemas/backend.ts";
import type { EntityListPreferences } from "../api/schemas/entity-list-preferences.ts";
import type { Database } from "./database.ts";

/** Table layout preferences per user and entity table id. */
export class EmbeddedEntityListPreferenceStore implements EntityListPreferenceStore {
  constructor(private readonly db: Database) {}

  async get(username: string, entityTableId: string): Promise<EntityListPreferences | null> {
    const row = await this.db.first<{ preferences: string }>(
      "SELECT preferences FROM entity_list_preferences WHERE username = ? AND entity_table_id = ?",
      [username, entityTableId],
    );
    return row ? JSON.parse(row.preferences) : null;
  }

  async save(username: string, entityTableId: string, preferences: EntityListPreferences): Promise<void> {
    await this.db.run(
      `INSERT INTO entity_list_preferences VALUES (?, ?, ?)
       ON CONFLICT (username, entity_table_id) DO UPDATE SET preferences = excluded.preferences`,
      [username, entityTableId, JSON.stringify(preferences)],
    );
  }
}
