import { randomBytes } from "node:crypto";
import { SEED_STREAMS } from "../fixtures/seed-streams.ts";
import { READER_PASSWORD, SEED_ROLES, seedUsers } from "../fixtures/seed-users.ts";
import type { Database } from "./database.ts";
import { hashPassword, verifyPassword } from "./passwords.ts";
import { objectId } from "./object-id.ts";
import type { ClusterIdentity } from "./system-store.ts";

const EIGHT_HOURS_MS = 8 * 3600_000;

/** Creates roles, users, streams and the cluster identity on first start; keeps the admin password in sync. */
export async function seedEntities(db: Database, adminPassword: string): Promise<{ identity: ClusterIdentity; created: boolean }> {
  const existing = await db.first<{ cluster_id: string; node_id: string }>("SELECT * FROM cluster_identity");
  if (existing) {
    await syncAdminPassword(db, adminPassword);
    await syncBuiltInRoles(db);
    return { identity: { clusterId: existing.cluster_id, nodeId: existing.node_id }, created: false };
  }
  const identity = { clusterId: crypto.randomUUID(), nodeId: crypto.randomUUID() };
  const passwords: Record<string, string> = { admin: await hashPassword(adminPassword), reader: await hashPassword(READER_PASSWORD) };
  const now = Date.now();
  await db.transaction(async (connection) => {
    await connection.run("INSERT INTO cluster_identity VALUES (?, ?)", [identity.clusterId, identity.nodeId]);
    for (const role of SEED_ROLES) {
      await connection.run(
        "INSERT INTO roles (id, name, description, permissions, read_only) VALUES (?, ?, ?, ?::VARCHAR[], true)",
        [objectId(), role.name, role.description, JSON.stringify(role.permissions)],
      );
    }
    for (const user of seedUsers()) {
      await connection.run(
        `INSERT INTO users (id, username, full_name, first_name, last_name, email, password_hash, roles, permissions, read_only,
           timezone, session_timeout_ms, preferences, startpage, account_status)
         VALUES (?, ?, ?, NULL, NULL, ?, ?, ?::VARCHAR[], ?::VARCHAR[], ?, NULL, ?, '{}', NULL, 'enabled')`,
        [randomBytes(12).toString("hex"), user.username, user.fullName, user.email, passwords[user.username], JSON.stringify(user.roles), JSON.stringify(user.permissions), user.readOnly, EIGHT_HOURS_MS],
      );
    }
    for (const stream of SEED_STREAMS) {
      await connection.run(
        `INSERT INTO streams (id, title, description, is_default, disabled, created_at, index_set_id,
           remove_matches_from_default_stream, matching_type) VALUES (?, ?, ?, ?, false, make_timestamp(?::BIGINT * 1000), ?, ?, ?)`,
        [stream.id, stream.title, stream.description, stream.is_default, now, stream.index_set_id, stream.remove_matches_from_default_stream, stream.matching_type],
      );
    }
    await connection.run(
      "INSERT INTO notifications VALUES ('no_input_running', '', 'urgent', make_timestamp(?::BIGINT * 1000), '{}')",
      [now],
    );
  });
  return { identity, created: true };
}

/** Built-in roles keep the permissions this version gives them (a database seeded earlier gets new ones and new roles). */
async function syncBuiltInRoles(db: Database): Promise<void> {
  for (const role of SEED_ROLES) {
    await db.run("UPDATE roles SET permissions = ?::VARCHAR[] WHERE name = ? AND read_only", [JSON.stringify(role.permissions), role.name]);
    await db.run(
      `INSERT INTO roles (id, name, description, permissions, read_only) SELECT ?, ?, ?, ?::VARCHAR[], true
       WHERE NOT EXISTS (SELECT 1 FROM roles WHERE lower(name) = lower(?))`,
      [objectId(), role.name, role.description, JSON.stringify(role.permissions), role.name],
    );
  }
}

async function syncAdminPassword(db: Database, adminPassword: string): Promise<void> {
  const admin = await db.first<{ password_hash: string }>("SELECT password_hash FROM users WHERE username = 'admin'");
  if (admin && !(await verifyPassword(adminPassword, admin.password_hash))) {
    await db.run("UPDATE users SET password_hash = ? WHERE username = 'admin'", [await hashPassword(adminPassword)]);
  }
}
