import {
  type Capability,
  EVERYONE_GRN,
  type Grant,
  type Grantee,
  type ShareStore,
} from "../../api/schemas/shares.ts";
import type { Database } from "../database.ts";
import { objectId } from "../object-id.ts";

const USER_GRN_PREFIX = "grn::::user:";

export const SHARE_STATEMENTS = [
  `CREATE TABLE IF NOT EXISTS grants (
     id VARCHAR PRIMARY KEY, grantee VARCHAR NOT NULL, capability VARCHAR NOT NULL, target VARCHAR NOT NULL,
     created_by VARCHAR NOT NULL, created_at TIMESTAMP NOT NULL, updated_by VARCHAR NOT NULL,
     updated_at TIMESTAMP NOT NULL, UNIQUE (grantee, target))`,
  // Views saved before grants existed were their owner's alone: give each owner the 'own' grant once.
  `INSERT INTO grants
     SELECT substr(md5(v.id || u.id), 1, 24), '${USER_GRN_PREFIX}' || u.id, 'own',
            'grn::::' || (CASE v.type WHEN 'DASHBOARD' THEN 'dashboard' ELSE 'search' END) || ':' || v.id,
            u.username, v.created_at, u.username, v.created_at
     FROM views v JOIN users u ON u.username = v.owner
     WHERE NOT EXISTS (SELECT 1 FROM grants g WHERE g.target LIKE ('grn::::%:' || v.id))`,
];

/**
 * The SQL that gives a new view's owner the 'own' grant, inside the view store's transaction
 * (params: grant id, target GRN, owner username, timestamp ms) — Graylog does this when an entity is created.
 */
export const OWNER_GRANT_SQL = `INSERT INTO grants
  SELECT ?, '${USER_GRN_PREFIX}' || id, 'own', ?, username, make_timestamp(?::BIGINT * 1000), username, make_timestamp(?::BIGINT * 1000)
  FROM users WHERE username = ?`;

interface GrantRow extends Record<string, unknown> {
  id: string;
  grantee: string;
  capability: Capability;
  target: string;
  created_by: string;
  created_at: Date;
  updated_by: string;
  updated_at: Date;
}

/** Grants of the embedded backend: one row per (grantee, target). */
export class EmbeddedShareStore implements ShareStore {
  constructor(private readonly db: Database) {}

  async grantsOn(target: string): Promise<Grant[]> {
    const rows = await this.db.all<GrantRow>(
      "SELECT * FROM grants WHERE target = ? ORDER BY created_at, rowid",
      [target],
    );
    return rows.map(toGrant);
  }

  async replaceGrants(
    target: string,
    selected: Readonly<Record<string, Capability>>,
    by: string,
  ): Promise<Grant[]> {
    const now = Date.now();
    await this.db.transaction(async (connection) => {
      const keep = Object.keys(selected);
      await connection.run(
        "DELETE FROM grants WHERE target = ? AND NOT list_contains(?::VARCHAR[], grantee)",
        [target, JSON.stringify(keep)],
      );
      for (const [grantee, capability] of Object.entries(selected)) {
        await connection.run(
          `INSERT INTO grants VALUES (?, ?, ?, ?, ?, make_timestamp(?::BIGINT * 1000), ?, make_timestamp(?::BIGINT * 1000))
           ON CONFLICT (grantee, target) DO UPDATE SET capability = excluded.capability,
             updated_by = CASE WHEN grants.capability = excluded.capability THEN grants.updated_by ELSE excluded.updated_by END,
             updated_at = CASE WHEN grants.capability = excluded.capability THEN grants.updated_at ELSE excluded.updated_at END`,
          [objectId(now), grantee, capability, target, by, now, by, now],
        );
      }
    });
    return await this.grantsOn(target);
  }

  async grantsFor(grantees: readonly string[]): Promise<Grant[]> {
    const rows = await this.db.all<GrantRow>(
      "SELECT * FROM grants WHERE list_contains(?::VARCHAR[], grantee) ORDER BY created_at, rowid",
      [JSON.stringify(grantees)],
    );
    return rows.map(toGrant);
  }

  async grantedIds(grantees: readonly string[], type: string): Promise<string[]> {
    const rows = await this.db.all<{ id: string }>(
      "SELECT DISTINCT split_part(target, ':', 6) AS id FROM grants WHERE list_contains(?::VARCHAR[], grantee) AND split_part(target, ':', 5) = ?",
      [JSON.stringify(grantees), type],
    );
    return rows.map((row) => row.id);
  }

  async availableGrantees(): Promise<Grantee[]> {
    const users = await this.db.all<{ id: string; username: string; full_name: string }>(
      "SELECT id, username, full_name FROM users WHERE account_status <> 'deleted' ORDER BY lower(full_name), username",
    );
    const teams = await this.db.all<{ id: string; name: string }>("SELECT id, name FROM teams ORDER BY lower(name)");
    return [
      { grn: EVERYONE_GRN, type: "global", title: "Everyone" },
      ...teams.map((team): Grantee => ({ grn: `grn::::team:${team.id}`, type: "team", title: team.name })),
      ...users.map((user): Grantee => ({
        grn: USER_GRN_PREFIX + user.id,
        type: "user",
        title: user.full_name || user.username,
      })),
    ];
  }

  async usernameOf(grantee: string): Promise<string | null> {
    if (!grantee.startsWith(USER_GRN_PREFIX)) return null;
    const row = await this.db.first<{ username: string }>("SELECT username FROM users WHERE id = ?", [
      grantee.slice(USER_GRN_PREFIX.length),
    ]);
    return row?.username ?? null;
  }
}

function toGrant(row: GrantRow): Grant {
  return {
    id: row.id,
    grantee: row.grantee,
    capability: row.capability,
    target: row.target,
    created_by: row.created_by,
    created_at: row.created_at.toISOString(),
    updated_by: row.updated_by,
    updated_at: row.updated_at.toISOString(),
  };
}
