import type { ViewListOptions, ViewStore } from "../../api/schemas/backend.ts";
import type { StoredView, ViewBody, ViewSortField } from "../../api/schemas/views.ts";
import type { Database } from "../database.ts";
import { objectId } from "../object-id.ts";
import { OWNER_GRANT_SQL } from "../shares/share-store.ts";
import { createGrn } from "../../shared/grn.ts";
import { VIEW_GRN_TYPES } from "../../api/schemas/views.ts";

export const VIEW_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS views (
     id VARCHAR PRIMARY KEY, type VARCHAR NOT NULL, title VARCHAR NOT NULL, summary VARCHAR NOT NULL,
     description VARCHAR NOT NULL, owner VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL, body JSON NOT NULL,
     is_default BOOLEAN NOT NULL DEFAULT false)`,
];

/**
 * ORDER BY per sort field; ties broken by insertion order (DuckDB's rowid) so that paging is stable. Never built
 * from request text.
 */
const ORDER_COLUMNS: Record<ViewSortField, string> = {
  title: "lower(title)",
  created_at: "created_at",
  owner: "lower(owner)",
};

/** Views (saved searches and dashboards) on DuckDB, stored as their wire JSON plus the columns lists sort by. */
export class EmbeddedViewStore implements ViewStore {
  constructor(private readonly db: Database) {}

  async create(view: ViewBody, owner: string): Promise<StoredView> {
    const now = Date.now();
    const stored = toStored(view, { id: objectId(now), owner, created_at: new Date(now).toISOString() });
    // The view and its owner's 'own' grant are written together, so that no view is ever ownerless.
    await this.db.transaction(async (connection) => {
      await connection.run(
        "INSERT INTO views VALUES (?, ?, ?, ?, ?, ?, make_timestamp(?::BIGINT * 1000), ?, false)",
        [stored.id, stored.type, stored.title, stored.summary, stored.description, owner, now, JSON.stringify(stored)],
      );
      await connection.run(OWNER_GRANT_SQL, [objectId(now), grnOf(stored), now, now, owner]);
    });
    return stored;
  }

  async get(id: string): Promise<StoredView | null> {
    const row = await this.db.first<{ body: string }>("SELECT body FROM views WHERE id = ?", [id]);
    return row ? JSON.parse(row.body) : null;
  }

  async update(id: string, view: ViewBody): Promise<StoredView | null> {
    const existing = await this.get(id);
    if (!existing) return null;
    const stored = toStored(view, { id, owner: existing.owner, created_at: existing.created_at });
    await this.db.transaction(async (connection) => {
      await connection.run(
        "UPDATE views SET type = ?, title = ?, summary = ?, description = ?, body = ? WHERE id = ?",
        [stored.type, stored.title, stored.summary, stored.description, JSON.stringify(stored), id],
      );
      // A saved search turned into a dashboard keeps its grants under its new GRN.
      if (existing.type !== stored.type) await connection.run("UPDATE grants SET target = ? WHERE target = ?", [grnOf(stored), grnOf(existing)]);
    });
    return stored;
  }

  async delete(id: string): Promise<boolean> {
    const deleted = await this.db.write<{ type: StoredView["type"] }>("DELETE FROM views WHERE id = ? RETURNING type", [id]);
    if (deleted.length === 0) return false;
    await this.db.run("DELETE FROM grants WHERE target = ?", [createGrn(VIEW_GRN_TYPES[deleted[0].type], id)]);
    return true;
  }

  async list({ owner, sharedWith = null, type, query, page, perPage, sort, order }: ViewListOptions) {
    const where = [
      // View ids are unique across both GRN types, so the grant's type part need not be matched.
      `((?::VARCHAR IS NULL AND ?::VARCHAR[] IS NULL) OR owner = ? OR id IN (
         SELECT split_part(target, ':', 6) FROM grants WHERE list_contains(?::VARCHAR[], grantee)
           AND split_part(target, ':', 5) IN ('search', 'dashboard')))`,
      "(?::VARCHAR IS NULL OR type = ?)",
      "(? = '' OR contains(lower(title), lower(?)) OR contains(lower(summary), lower(?)) OR contains(lower(description), lower(?)))",
    ].join(" AND ");
    const shared = sharedWith === null ? null : JSON.stringify(sharedWith);
    const params = [owner, shared, owner, shared ?? "[]", type ?? null, type ?? null, query, query, query, query];
    const total = await this.db.first<{ n: bigint }>(`SELECT count(*) AS n FROM views WHERE ${where}`, params);
    const direction = order === "desc" ? "DESC" : "ASC";
    const rows = await this.db.all<{ body: string }>(
      `SELECT body FROM views WHERE ${where} ORDER BY ${ORDER_COLUMNS[sort]} ${direction}, rowid ${direction} LIMIT ? OFFSET ?`,
      [...params, perPage, (page - 1) * perPage],
    );
    return { views: rows.map((row) => JSON.parse(row.body) as StoredView), total: Number(total?.n ?? 0) };
  }

  async listBySearch(searchId: string): Promise<StoredView[]> {
    const rows = await this.db.all<{ body: string }>("SELECT body FROM views WHERE body->>'search_id' = ?", [searchId]);
    return rows.map((row) => JSON.parse(row.body) as StoredView);
  }

  async setDefault(id: string): Promise<boolean> {
    if (!(await this.get(id))) return false;
    await this.db.run("UPDATE views SET is_default = (id = ?)", [id]);
    return true;
  }
}

function toStored(view: ViewBody, fixed: Pick<StoredView, "id" | "owner" | "created_at">): StoredView {
  return {
    id: fixed.id,
    type: view.type,
    title: view.title,
    summary: view.summary,
    description: view.description,
    search_id: view.search_id,
    properties: view.properties,
    state: view.state,
    requires: view.requires,
    filter: view.filter ?? null,
    owner: fixed.owner,
    created_at: fixed.created_at,
  };
}

const grnOf = (view: Pick<StoredView, "id" | "type">) => createGrn(VIEW_GRN_TYPES[view.type], view.id);
