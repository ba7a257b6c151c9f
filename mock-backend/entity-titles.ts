import type { Database } from "./database.ts";

/**
 * Looks up the display title of an entity by GRN type and id, for favorites and breadcrumbs. Each entity
 * kind that the embedded backend stores registers its table here.
 */
const TITLE_QUERIES: Partial<Record<string, string>> = {
  user: "SELECT full_name AS title FROM users WHERE id = ?",
  role: "SELECT name AS title FROM roles WHERE name = ?",
  stream: "SELECT title FROM streams WHERE id = ?",
  search: "SELECT title FROM views WHERE id = ? AND type = 'SEARCH'",
  dashboard: "SELECT title FROM views WHERE id = ? AND type = 'DASHBOARD'",
};

export class EntityTitles {
  constructor(private readonly db: Database) {}

  async titleOf(type: string, id: string): Promise<string | null> {
    const sql = TITLE_QUERIES[type];
    if (!sql) return null;
    return (await this.db.first<{ title: string }>(sql, [id]))?.title ?? null;
  }
}
