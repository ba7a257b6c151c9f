import { DEFAULT_TELEMETRY_USER_SETTINGS, type TelemetrySettingsStore, type TelemetryUserSettings } from "../../api/schemas/telemetry.ts";
import type { Database } from "../database.ts";

export const TELEMETRY_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS telemetry_user_settings (
     username VARCHAR PRIMARY KEY, telemetry_enabled BOOLEAN NOT NULL, telemetry_permission_asked BOOLEAN NOT NULL)`,
];

/** Each user's telemetry choice (GET|PUT /telemetry/user/settings). */
export class EmbeddedTelemetrySettingsStore implements TelemetrySettingsStore {
  constructor(private readonly db: Database) {}

  async get(username: string): Promise<TelemetryUserSettings> {
    const row = await this.db.first<TelemetryUserSettings & Record<string, unknown>>(
      "SELECT telemetry_enabled, telemetry_permission_asked FROM telemetry_user_settings WHERE username = ?",
      [username],
    );
    return row ? { telemetry_enabled: row.telemetry_enabled, telemetry_permission_asked: row.telemetry_permission_asked } : { ...DEFAULT_TELEMETRY_USER_SETTINGS };
  }

  async save(username: string, settings: TelemetryUserSettings): Promise<void> {
    await this.db.run(
      `INSERT INTO telemetry_user_settings VALUES (?, ?, ?)
       ON CONFLICT (username) DO UPDATE SET telemetry_enabled = excluded.telemetry_enabled,
         telemetry_permission_asked = excluded.telemetry_permission_asked`,
      [username, settings.telemetry_enabled, settings.telemetry_permission_asked],
    );
  }
}
