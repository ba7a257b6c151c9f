import type { ClusterConfigStore, ClusterConfigValue } from "../api/schemas/backend.ts";
import { CLUSTER_CONFIGS, type ClusterConfigClass } from "../api/schemas/cluster-config.ts";
import type { Database } from "./database.ts";

/**
 * Told of each saved document's class once it is written, and awaited before the save resolves (the ingest chain
 * follows the message processors configuration from the next batch on).
 */
export type ClusterConfigListener = (name: ClusterConfigClass) => Promise<void>;

/** Cluster config documents as JSON by class name; unsaved classes read as their defaults. */
export class EmbeddedClusterConfigStore implements ClusterConfigStore {
  constructor(private readonly db: Database, private readonly onSaved: ClusterConfigListener = async () => {}) {}

  async get<C extends ClusterConfigClass>(name: C): Promise<ClusterConfigValue<C>> {
    const row = await this.db.first<{ value: string }>("SELECT value FROM cluster_config WHERE name = ?", [name]);
    const defaults = CLUSTER_CONFIGS[name].defaults as ClusterConfigValue<C>;
    return row ? { ...defaults, ...JSON.parse(row.value) } : structuredClone(defaults);
  }

  async save<C extends ClusterConfigClass>(name: C, value: ClusterConfigValue<C>): Promise<void> {
    await this.db.run(
      "INSERT INTO cluster_config VALUES (?, ?) ON CONFLICT (name) DO UPDATE SET value = excluded.value",
      [name, JSON.stringify(value)],
    );
    await this.onSaved(name);
  }
}
