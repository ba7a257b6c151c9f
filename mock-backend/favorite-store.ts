import type { FavoriteStore } from "../api/schemas/backend.ts";
import type { Favorite } from "../api/schemas/favorites.ts";
import { parseGrn } from "../shared/grn.ts";
import type { Database } from "./database.ts";
import type { EntityTitles } from "./entity-titles.ts";

/** Per-user favorites, newest first, titled from the entity they point to. */
export class EmbeddedFavoriteStore implements FavoriteStore {
  constructor(private readonly db: Database, private readonly titles: EntityTitles) {}

  async list(username: string, { page, perPage, type }: { page: number; perPage: number; type?: string }) {
    const typeFilter = type ? `grn::::${type}:%` : "%";
    const total = await this.db.first<{ n: bigint }>(
      "SELECT count(*) AS n FROM favorites WHERE username = ? AND grn LIKE ?",
      [username, typeFilter],
    );
    const rows = await this.db.all<{ grn: string }>(
      "SELECT grn FROM favorites WHERE username = ? AND grn LIKE ? ORDER BY created_at DESC, grn LIMIT ? OFFSET ?",
      [username, typeFilter, perPage, (page - 1) * perPage],
    );
    const favorites: Favorite[] = await Promise.all(rows.map(async ({ grn }) => {
      const parsed = parseGrn(grn)!;
      return { grn, type: parsed.type, title: (await this.titles.titleOf(parsed.type, parsed.id)) ?? parsed.id };
    }));
    return { favorites, total: Number(total?.n ?? 0) };
  }

  async add(username: string, grn: string): Promise<void> {
    await this.db.run(
      "INSERT INTO favorites VALUES (?, ?, make_timestamp(?::BIGINT * 1000)) ON CONFLICT DO NOTHING",
      [username, grn, Date.now()],
    );
  }

  async remove(username: string, grn: string): Promise<void> {
    await this.db.run("DELETE FROM favorites WHERE username = ? AND grn = ?", [username, grn]);
  }
}
