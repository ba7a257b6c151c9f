import type { Search } from "../../api/schemas/search.ts";
import type { Database } from "../database.ts";
import { objectId } from "../object-id.ts";

export const SEARCH_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS searches (id VARCHAR PRIMARY KEY, owner VARCHAR NOT NULL, body JSON NOT NULL, created_at TIMESTAMP NOT NULL)`,
];

/** How many recently saved or read searches are kept in memory. */
const RECENT_SEARCHES = 200;

/**
 * Searches (the query definitions behind views and the search page), stored as their wire JSON. The search page
 * saves a search and executes it right after (one job per submit): the recent ones are also kept in memory, so
 * the execute call reads no row and parses no JSON. Only this repository writes the table, so the copy stays true.
 *
 * A save answers once the search is in memory; its row is written behind, in order (a write waits its turn
 * behind every other write of the database: 8–280 ms of the search page's create call on a loaded machine, issue
 * 21). A read of a search no longer kept waits for the writes under way, so it always finds what was saved.
 */
export class SearchRepository {
  private readonly recent = new Map<string, Search>();
  /** The last write behind (each one chained after the one before). */
  private writing: Promise<void> = Promise.resolve();

  constructor(private readonly db: Database) {}

  /** Stores a search under its id (a new ObjectId when it has none) and returns it as stored. */
  save(search: Search, owner: string): Promise<Search> {
    const now = Date.now();
    const stored: Search = { ...search, id: search.id ?? objectId(now), owner, created_at: new Date(now).toISOString() };
    this.remember(stored);
    const body = JSON.stringify(stored);
    this.writing = this.writing.then(() =>
      this.db.run(
        `INSERT INTO searches VALUES (?, ?, ?, make_timestamp(?::BIGINT * 1000))
         ON CONFLICT (id) DO UPDATE SET body = excluded.body`,
        [stored.id!, owner, body, now],
      )
    ).catch((error) => console.error(`Storing search ${stored.id} failed:`, error));
    return Promise.resolve(structuredClone(stored));
  }

  /** Resolves once every search saved so far is written. */
  written(): Promise<void> {
    return this.writing;
  }

  async get(id: string): Promise<Search | null> {
    const kept = this.recent.get(id);
    // A copy: callers may change what they get (the stored search must not change with it).
    if (kept) return structuredClone(kept);
    await this.writing;
    const row = await this.db.first<{ body: string }>("SELECT body FROM searches WHERE id = ?", [id]);
    if (!row) return null;
    const search: Search = JSON.parse(row.body);
    this.remember(search);
    return structuredClone(search);
  }

  private remember(search: Search): void {
    this.recent.delete(search.id!);
    this.recent.set(search.id!, search);
    if (this.recent.size > RECENT_SEARCHES) this.recent.delete(this.recent.keys().next().value!);
  }
}
