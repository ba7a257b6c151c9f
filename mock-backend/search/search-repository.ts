import type { Search } from "../../api/schemas/search.ts";
import type { Database } from "../database.ts";
import { objectId } from "../object-id.ts";

export const SEARCH_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS searches (id VARCHAR PRIMARY KEY, owner VARCHAR NOT NULL, body JSON NOT NULL, created_at TIMESTAMP NOT NULL)`,
];

/** Searches (the query definitions behind views and the search page), stored as their wire JSON. */
export class SearchRepository {
  constructor(private readonly db: Database) {}

  /** Stores a search under its id (a new ObjectId when it has none) and returns it as stored. */
  async save(search: Search, owner: string): Promise<Search> {
    const now = Date.now();
    const stored: Search = { ...search, id: search.id ?? objectId(now), owner, created_at: new Date(now).toISOString() };
    await this.db.run(
      `INSERT INTO searches VALUES (?, ?, ?, make_timestamp(?::BIGINT * 1000))
       ON CONFLICT (id) DO UPDATE SET body = excluded.body`,
      [stored.id!, owner, JSON.stringify(stored), now],
    );
    return stored;
  }

  async get(id: string): Promise<Search | null> {
    const row = await this.db.first<{ body: string }>("SELECT body FROM searches WHERE id = ?", [id]);
    return row ? JSON.parse(row.body) : null;
  }
}
